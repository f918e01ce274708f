import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/receipts; the feature owner replaces this file.
export default function ReceiptsPage() {
  return <PlaceholderPage title="Receipts" screen="/u/receipts" />;
}
