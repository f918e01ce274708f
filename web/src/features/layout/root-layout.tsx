import { Suspense, lazy } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAfterIdle } from '../../lib/use-after-idle';

// Registers the service worker and offers a reload on a new version; its own chunk, loaded once the page is idle
// so the worker's registration and precache downloads do not compete with the first paint. Not on the landing
// page: a visitor who only reads it should not download the app's offline copy (about 1 MB with the barcode
// reader), and the landing page stays light; the worker registers on the first page past it.
const UpdatePrompt = lazy(() => import('../offline/update-prompt'));

/** Top of the route tree: kept free of app code so the landing page loads only what it shows. */
export function RootLayout() {
  const isIdle = useAfterIdle();
  const isLanding = useLocation().pathname === '/';
  return (
    <>
      <Outlet />
      {isIdle && !isLanding ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </>
  );
}
