import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /admin/features; the feature owner replaces this file.
export default function AdminFeaturesPage() {
  return <PlaceholderPage title="Features" screen="/admin/features" />;
}
