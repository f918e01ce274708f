import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/dashboard; the feature owner replaces this file.
export default function AdminDashboardPage() {
  return <PlaceholderPage title="Admin dashboard" screen="/admin/dashboard" />;
}
