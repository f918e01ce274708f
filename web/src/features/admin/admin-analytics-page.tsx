import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/analytics; the feature owner replaces this file.
export default function AdminAnalyticsPage() {
  return <PlaceholderPage title="Admin analytics" screen="/admin/analytics" />;
}
