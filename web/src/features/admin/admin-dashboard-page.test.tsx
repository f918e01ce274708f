import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { adminApi, appConfigApi, type TAdminStats } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, server } from '../../test/contract-handlers';
import AdminDashboardPage from './admin-dashboard-page';

function stats(paid: number, expired: number): TAdminStats {
  return {
    users: { total_users: 10, active_users_this_week: 4, trial_users: 10 - paid - expired, paid_users: paid, expired_trials: expired },
    subscriptions: {
      active_subscribers: paid,
      active_trials: 10 - paid - expired,
      expired_trials: expired,
      total_revenue_annual: Math.round(paid * 4999) / 100,
      total_users: 10,
    },
    generated_at: '2026-11-22T10:00:00.000Z',
  };
}

function stubStats(body: TAdminStats, isBillingOn = true) {
  server.use(
    handle(appConfigApi.get, () => ({ ...APP_CONFIG, billing: { isEnabled: isBillingOn } })),
    handle(adminApi.stats, () => body),
  );
}

describe('AdminDashboardPage', () => {
  it('shows the revenue subtitle as active subscribers times 49.99 per year and the expired-trial warning', async () => {
    stubStats(stats(3, 2));
    renderPage(<AdminDashboardPage />, { path: '/admin/dashboard' });
    expect((await screen.findByText(/per year/)).textContent).toBe('$149.97 per year (3 × $49.99)');
    expect(screen.getAllByText('$149.97').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Expired trials need attention' })).toBeTruthy();
  });

  it('shows the revenue in US dollars, the plan’s currency, written the way a German operator reads numbers', async () => {
    stubStats(stats(3, 2));
    renderPage(<AdminDashboardPage />, { path: '/admin/dashboard', format: { currency: 'EUR', locale: 'de-DE', units: 'metric' } });
    const subtitle = await screen.findByText(/per year/);
    // Intl puts a no-break space between the amount and the currency sign.
    expect(subtitle.textContent?.replace(/\u00a0/g, ' ')).toBe('149,97 $ per year (3 × 49,99 $)');
  });

  it('hides the warning card when no trial has expired', async () => {
    stubStats(stats(1, 0));
    renderPage(<AdminDashboardPage />, { path: '/admin/dashboard' });
    await screen.findByText(/per year/);
    expect(screen.queryByRole('heading', { name: 'Expired trials need attention' })).toBeNull();
  });

  it('leads with users and shows no trials, subscriptions or revenue when billing is off', async () => {
    stubStats(stats(3, 2), false);
    renderPage(<AdminDashboardPage />, { path: '/admin/dashboard' });
    expect(await screen.findByText('Active this week')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: 'Subscriptions' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Expired trials need attention' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/trial|revenue|subscri|\$/i);
  });
});
