import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { useAfterIdle } from '../../lib/use-after-idle';

// Registers the service worker and offers a reload on a new version; its own chunk, loaded once the page is idle
// so the worker's registration and precache downloads do not compete with the first paint.
const UpdatePrompt = lazy(() => import('../offline/update-prompt'));

/** Top of the route tree: kept free of app code so the landing page loads only what it shows. */
export function RootLayout() {
  const isIdle = useAfterIdle();
  return (
    <>
      <Outlet />
      {isIdle ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </>
  );
}
