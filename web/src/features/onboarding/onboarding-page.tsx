import { PlaceholderPage } from '../../components/placeholder-page';

// Placeholder for /onboarding; the feature owner replaces this file.
export default function OnboardingPage() {
  return <PlaceholderPage title="Welcome to Cartwise" screen="/onboarding" />;
}
