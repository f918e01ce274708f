import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/analytics; the feature owner replaces this file.
export default function AnalyticsPage() {
  return <PlaceholderPage title="Analytics" screen="/u/analytics" />;
}
