import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/dashboard; the feature owner replaces this file.
export default function DashboardPage() {
  return <PlaceholderPage title="Dashboard" screen="/u/dashboard" />;
}
