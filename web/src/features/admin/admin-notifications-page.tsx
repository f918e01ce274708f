import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/notifications; the feature owner replaces this file.
export default function AdminNotificationsPage() {
  return <PlaceholderPage title="Notifications" screen="/admin/notifications" />;
}
