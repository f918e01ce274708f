import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/lists; the feature owner replaces this file.
export default function ListsPage() {
  return <PlaceholderPage title="Lists" screen="/u/lists" />;
}
