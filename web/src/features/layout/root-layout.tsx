import { Outlet } from 'react-router';

/** Top of the route tree: kept free of app code so the landing page loads only what it shows. */
export function RootLayout() {
  return <Outlet />;
}
