import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/moderation; the feature owner replaces this file.
export default function AdminModerationPage() {
  return <PlaceholderPage title="Moderation" screen="/admin/moderation" />;
}
