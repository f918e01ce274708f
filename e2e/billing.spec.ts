import { expect, test, type APIRequestContext } from '@playwright/test';
import type { FakeStripe } from '../server/src/test/fake-stripe';
import { startBillingServer, type BillingServer } from './billing-server';
import { PASSWORD, uniqueEmail } from './support';

const OPERATOR = 'operator-billing@cartwise.test';
const port = Number(process.env.E2E_PORT ?? 3111) + 1;
const base = `http://localhost:${port}`;

let billing: BillingServer;
let stripe: FakeStripe;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  billing = await startBillingServer(1, OPERATOR);
  stripe = billing.stripe;
});

test.afterAll(async () => {
  await billing?.stop();
});

// The config's extraHTTPHeaders name the shared server's origin; this server's pages and calls need their own.
const onBillingServer = { baseURL: base, extraHTTPHeaders: { origin: base } };

async function signUp(request: APIRequestContext, email: string): Promise<void> {
  const res = await request.post(`${base}/api/signup`, {
    data: { email, password: PASSWORD, name: 'Billing Shopper' },
    headers: { origin: base },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test('a shopper whose trial has ended sees the banner, and Subscribe leads to Stripe Checkout', async ({ browser }) => {
  const operatorContext = await browser.newContext(onBillingServer);
  await signUp(operatorContext.request, OPERATOR);
  const shopperContext = await browser.newContext(onBillingServer);
  const email = uniqueEmail('expired');
  await signUp(shopperContext.request, email);

  // The operator ends the shopper's trial (PATCH /api/admin/users/:id/subscription).
  const found = await operatorContext.request.get(`${base}/api/admin/users?q=${encodeURIComponent(email)}`);
  const shopperId = (await found.json()).items[0].id as string;
  const ended = await operatorContext.request.patch(`${base}/api/admin/users/${shopperId}/subscription`, {
    data: { trialEndsAt: new Date(Date.now() - 60_000).toISOString() },
    headers: { origin: base },
  });
  expect(ended.ok(), await ended.text()).toBeTruthy();

  const page = await shopperContext.newPage();
  await page.goto(`${base}/u/lists`);
  const banner = page.getByRole('region', { name: 'Subscription' });
  await expect(banner).toContainText('Your free trial has ended.');
  // Lists keep working after the trial.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto(`${base}/u/settings/billing`);
  await expect(page.getByText('Trial ended', { exact: true })).toBeVisible();
  await expect(page.getByText('$49.99 a year after a 6-month free trial')).toBeVisible();

  // The billing card says it all here: the banner does not repeat it.
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripe.url}/checkout/cs_test_`));
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  const sent = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
  expect(sent?.form).toMatchObject({
    mode: 'subscription',
    client_reference_id: shopperId,
    'subscription_data[metadata][userId]': shopperId,
  });

  await operatorContext.close();
  await shopperContext.close();
});

test('a shopper on the trial sees the days left and no banner', async ({ browser }) => {
  const context = await browser.newContext(onBillingServer);
  await signUp(context.request, uniqueEmail('trial'));
  const page = await context.newPage();
  await page.goto(`${base}/u/settings/billing`);
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(page.getByText(/Your free trial ends on .+: 18\d days left\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  await context.close();
});
