import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/settings; the feature owner replaces this file.
export default function AdminSettingsPage() {
  return <PlaceholderPage title="Admin settings" screen="/admin/settings" />;
}
