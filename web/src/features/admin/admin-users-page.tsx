import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/users; the feature owner replaces this file.
export default function AdminUsersPage() {
  return <PlaceholderPage title="Users" screen="/admin/users" />;
}
