import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/receipts/upload; the feature owner replaces this file.
export default function ReceiptUploadPage() {
  return <PlaceholderPage title="Upload receipt" screen="/u/receipts/upload" />;
}
