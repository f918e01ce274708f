import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/waitlist; the feature owner replaces this file.
export default function AdminWaitlistPage() {
  return <PlaceholderPage title="Waitlist" screen="/admin/waitlist" />;
}
