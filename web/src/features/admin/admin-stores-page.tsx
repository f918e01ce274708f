import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/stores; the feature owner replaces this file.
export default function AdminStoresPage() {
  return <PlaceholderPage title="Stores" screen="/admin/stores" />;
}
