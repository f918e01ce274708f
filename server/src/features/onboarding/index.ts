// What the rest of the server may use of onboarding; everything else in this folder is private to it.
export { onboardingRoutes } from './onboarding.routes';
