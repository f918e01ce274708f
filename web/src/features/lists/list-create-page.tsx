import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/lists/create; the feature owner replaces this file.
export default function ListCreatePage() {
  return <PlaceholderPage title="Create list" screen="/u/lists/create" />;
}
