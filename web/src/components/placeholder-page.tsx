import { PageHeader } from './page-header';
import { EmptyState } from './empty-state';

/** Stand-in for a screen whose feature owner has not built it yet. */
export function PlaceholderPage({ title, screen }: { title: string; screen: string }) {
  return (
    <div className="page">
      <PageHeader title={title} />
      <EmptyState title={`${title} screen`} description={`This is the ${screen} screen. It is coming soon.`} />
    </div>
  );
}
