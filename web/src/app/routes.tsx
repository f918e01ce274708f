import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from '../features/layout/root-layout';
import { RouteError } from '../features/layout/route-error';
import { Spinner } from '../components/spinner';

/**
 * The single route table. Every page is lazy-loaded so each feature ships as
 * its own chunk. To register a screen: create `features/<feature>/<name>-page.tsx`
 * with a default-exported component and add one `{ path, lazy: page(() => import(...)) }`
 * entry in the right group below (public, signed-in app, or admin).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** Sign-in and password screens: public, but they need the auth client the app shell provides. */
const publicRoutes: RouteObject[] = [
  { path: 'login', lazy: page(() => import('../features/auth/login-page')) },
  { path: 'login/two-factor', lazy: page(() => import('../features/auth/two-factor-page')) },
  { path: 'signup', lazy: page(() => import('../features/auth/signup-page')) },
  { path: 'forgot-password', lazy: page(() => import('../features/auth/forgot-password-page')) },
  { path: 'reset-password', lazy: page(() => import('../features/auth/reset-password-page')) },
  { path: 'set-password', lazy: page(() => import('../features/auth/set-password-page')) },
];

/** Signed-in screens rendered inside the app layout (top bar, side nav, bottom tabs). */
const appRoutes: RouteObject[] = [
  { path: 'u', element: <Navigate to="/u/dashboard" replace /> },
  { path: 'u/dashboard', lazy: page(() => import('../features/dashboard/dashboard-page')) },
  { path: 'u/savings', lazy: page(() => import('../features/dashboard/savings-page')) },
  { path: 'u/receipts', lazy: page(() => import('../features/receipts/receipts-page')) },
  { path: 'u/receipts/upload', lazy: page(() => import('../features/receipts/receipt-upload-page')) },
  { path: 'u/receipts/:id', lazy: page(() => import('../features/receipts/receipt-detail-page')) },
  { path: 'u/lists', lazy: page(() => import('../features/lists/lists-page')) },
  { path: 'u/lists/create', lazy: page(() => import('../features/lists/list-create-page')) },
  { path: 'u/lists/:id', lazy: page(() => import('../features/lists/list-detail-page')) },
  { path: 'u/lists/:id/recommendations', lazy: page(() => import('../features/splitcart/recommendations-page')) },
  { path: 'u/lists/:id/shop', lazy: page(() => import('../features/shop/shop-page')) },
  { path: 'u/pantry', lazy: page(() => import('../features/pantry/pantry-page')) },
  { path: 'u/deals', lazy: page(() => import('../features/deals/deals-page')) },
  { path: 'u/deals/:id', lazy: page(() => import('../features/deals/deal-detail-page')) },
  { path: 'u/analytics', lazy: page(() => import('../features/analytics/analytics-page')) },
  { path: 'u/products/new', lazy: page(() => import('../features/barcodes/new-product-page')) },
  { path: 'u/products/:id', lazy: page(() => import('../features/products/product-detail-page')) },
  { path: 'u/check-price', lazy: page(() => import('../features/barcodes/check-price-page')) },
  {
    path: 'u/settings',
    lazy: async () => ({ Component: (await import('../features/settings/settings-layout')).SettingsLayout }),
    children: [
      { index: true, lazy: page(() => import('../features/settings/profile-settings-page')) },
      { path: 'notifications', lazy: page(() => import('../features/settings/notification-settings-page')) },
      { path: 'preferences', lazy: page(() => import('../features/settings/preferences-page')) },
      { path: 'security', lazy: page(() => import('../features/settings/security-page')) },
      { path: 'export', lazy: page(() => import('../features/settings/export-page')) },
      { path: 'billing', lazy: page(() => import('../features/billing/billing-page')) },
      { path: 'household', lazy: page(() => import('../features/households/household-page')) },
      { path: 'household/:id/spend', lazy: page(() => import('../features/households/household-spend-page')) },
    ],
  },
];

/** Admin screens, rendered inside the admin layout. */
const adminRoutes: RouteObject[] = [
  { path: 'admin', element: <Navigate to="/admin/dashboard" replace /> },
  { path: 'admin/dashboard', lazy: page(() => import('../features/admin/admin-dashboard-page')) },
  { path: 'admin/users', lazy: page(() => import('../features/admin/admin-users-page')) },
  { path: 'admin/users/:id', lazy: page(() => import('../features/admin/admin-user-page')) },
  { path: 'admin/notifications', lazy: page(() => import('../features/admin/admin-notifications-page')) },
  { path: 'admin/database', lazy: page(() => import('../features/admin/admin-database-page')) },
  { path: 'admin/waitlist', lazy: page(() => import('../features/admin/admin-waitlist-page')) },
  { path: 'admin/settings', lazy: page(() => import('../features/admin/admin-settings-page')) },
  { path: 'admin/features', lazy: page(() => import('../features/admin/admin-features-page')) },
  { path: 'admin/stores', lazy: page(() => import('../features/admin/admin-stores-page')) },
  { path: 'admin/price-sources', lazy: page(() => import('../features/admin/admin-price-sources-page')) },
  { path: 'admin/moderation', lazy: page(() => import('../features/admin/admin-moderation-page')) },
  { path: 'admin/catalogue', lazy: page(() => import('../features/admin/admin-catalogue-page')) },
  { path: 'admin/analytics', lazy: page(() => import('../features/admin/admin-analytics-page')) },
  { path: 'admin/logs', lazy: page(() => import('../features/admin/admin-logs-page')) },
  { path: 'admin/invites', lazy: page(() => import('../features/admin/admin-invites-page')) },
  { path: 'admin/sql-audit', lazy: page(() => import('../features/admin/admin-sql-audit-page')) },
];

/** Guarded screens: the signed-in app and the admin area. */
const guardedRoutes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('../features/auth/guards')).RequireUser }),
    children: [
      // Onboarding is full-screen, outside the app chrome.
      { path: 'onboarding', lazy: page(() => import('../features/onboarding/onboarding-page')) },
      {
        lazy: async () => ({ Component: (await import('../features/layout/app-layout')).AppLayout }),
        children: appRoutes,
      },
    ],
  },
  {
    lazy: async () => ({ Component: (await import('../features/auth/guards')).RequireAdmin }),
    children: [
      {
        lazy: async () => ({ Component: (await import('../features/layout/admin-layout')).AdminLayout }),
        children: adminRoutes,
      },
    ],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while the first lazy page chunk loads.
    HydrateFallback: () => <Spinner isFullScreen />,
    children: [
      // The landing and 404 pages render outside the app shell: no auth client, contracts or query cache.
      { index: true, lazy: page(() => import('../features/public/landing-page')) },
      {
        lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
        children: [...publicRoutes, ...guardedRoutes],
      },
      { path: '*', lazy: page(() => import('../features/public/not-found-page')) },
    ],
  },
];
