import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/receipts/:id; the feature owner replaces this file.
export default function ReceiptDetailPage() {
  return <PlaceholderPage title="Receipt" screen="/u/receipts/:id" />;
}
