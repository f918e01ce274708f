import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/logs; the feature owner replaces this file.
export default function AdminLogsPage() {
  return <PlaceholderPage title="Logs" screen="/admin/logs" />;
}
