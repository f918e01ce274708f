import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/lists/:id; the feature owner replaces this file.
export default function ListDetailPage() {
  return <PlaceholderPage title="List" screen="/u/lists/:id" />;
}
