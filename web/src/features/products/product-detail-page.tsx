import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/products/:id; the feature owner replaces this file.
export default function ProductDetailPage() {
  return <PlaceholderPage title="Product" screen="/u/products/:id" />;
}
