import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './app/routes';
import { prefetchSession } from './features/auth/session-fetch';
import { prefetchPreferences } from './lib/preferences-prefetch';
import { applyStoredTheme } from './lib/theme';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/overlays.css';
import './styles/collections.css';
import './styles/feature-panels.css';
import './styles/layout.css';
import './styles/admin-layout.css';
import './styles/primitives.css';

applyStoredTheme();
// Signed-in screens wait on the session and the shopper's formats: ask for both now, while the route's code downloads.
if (/^\/(u|admin|onboarding)(\/|$)/.test(window.location.pathname)) {
  prefetchSession();
  prefetchPreferences();
}
const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
