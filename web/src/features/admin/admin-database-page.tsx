import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/database; the feature owner replaces this file.
export default function AdminDatabasePage() {
  return <PlaceholderPage title="Database" screen="/admin/database" />;
}
