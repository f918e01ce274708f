import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  FAKE_STRIPE_PRICE_ID,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../server/src/test/fake-stripe';
import { PASSWORD, uniqueEmail } from './support';

// Billing needs the STRIPE_* settings at start-up, so this file runs its own server (beside the shared one that
// playwright.config.ts starts) with Stripe pointed at a local Stripe-like server: nothing leaves the machine.
const port = Number(process.env.E2E_PORT ?? 3111) + 1;
const base = `http://localhost:${port}`;
const OPERATOR = 'operator-billing@cartwise.test';

let stripe: FakeStripe;
let server: ChildProcess;
let dataDir: string;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the billing e2e server did not start');
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stripe = await startFakeStripe();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-e2e-billing-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      ADMIN_EMAIL: OPERATOR,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      WORKER: 'false',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: FAKE_STRIPE_PRICE_ID,
      STRIPE_API_URL: stripe.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth();
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await stripe?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
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

  await banner.getByRole('button', { name: 'Subscribe' }).click();
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
