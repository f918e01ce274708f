import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/deals; the feature owner replaces this file.
export default function DealsPage() {
  return <PlaceholderPage title="Deals" screen="/u/deals" />;
}
