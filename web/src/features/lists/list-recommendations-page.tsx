import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/lists/:id/recommendations; the feature owner replaces this file.
export default function ListRecommendationsPage() {
  return <PlaceholderPage title="Recommendations" screen="/u/lists/:id/recommendations" />;
}
