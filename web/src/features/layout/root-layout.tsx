import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';

// Registers the service worker and offers a reload on a new version; its own chunk, loaded after the page.
const UpdatePrompt = lazy(() => import('../offline/update-prompt'));

/** Top of the route tree: kept free of app code so the landing page loads only what it shows. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <UpdatePrompt />
      </Suspense>
    </>
  );
}
