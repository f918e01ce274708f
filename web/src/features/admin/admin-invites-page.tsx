import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/invites; the feature owner replaces this file.
export default function AdminInvitesPage() {
  return <PlaceholderPage title="Invites" screen="/admin/invites" />;
}
