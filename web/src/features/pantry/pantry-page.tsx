import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /u/pantry; the feature owner replaces this file.
export default function PantryPage() {
  return <PlaceholderPage title="Pantry" screen="/u/pantry" />;
}
