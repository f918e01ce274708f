import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  FAKE_STRIPE_PRICE_ID,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
  type FakeStripe,
} from '../server/src/test/fake-stripe';
import type { Browser, Page } from '@playwright/test';
import { PASSWORD } from './support';

export interface BillingServer {
  base: string;
  adminEmail: string;
  stripe: FakeStripe;
  stop: () => Promise<void>;
}

async function waitForHealth(base: string): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the billing e2e server did not start');
}

/**
 * Billing needs the STRIPE_* settings at start-up, so pages with billing on run on their own server (beside the
 * shared one that playwright.config.ts starts) with Stripe pointed at a local Stripe-like server: nothing leaves
 * the machine. `portOffset` is added to E2E_PORT.
 */
export async function startBillingServer(portOffset: number, adminEmail: string): Promise<BillingServer> {
  const port = Number(process.env.E2E_PORT ?? 3111) + portOffset;
  const base = `http://localhost:${port}`;
  const stripe = await startFakeStripe();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-e2e-billing-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      ADMIN_EMAIL: adminEmail,
      AUTH_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
      SEED: 'false',
      WORKER: 'false',
      DEV_OUTBOX_SECRETS: 'true',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_PRICE_ID: FAKE_STRIPE_PRICE_ID,
      STRIPE_API_URL: stripe.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(base);
  return {
    base,
    adminEmail,
    stripe,
    stop: async () => {
      server.kill('SIGTERM');
      await stripe.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A signed-in shopper's page on the billing server; with `isTrialEnded` the operator first ends their trial, so the
 * subscription banner shows. The caller closes the page's context.
 */
export async function openBillingShopper(browser: Browser, server: BillingServer, isTrialEnded: boolean): Promise<Page> {
  const options = { baseURL: server.base, extraHTTPHeaders: { origin: server.base } };
  const context = await browser.newContext(options);
  const email = `billing-${crypto.randomBytes(4).toString('hex')}@cartwise.test`;
  const signUp = await context.request.post('/api/signup', { data: { email, password: PASSWORD, name: 'Sam Shopper' } });
  if (!signUp.ok()) throw new Error(await signUp.text());
  if (isTrialEnded) {
    const operator = await browser.newContext(options);
    await operator.request.post('/api/signup', { data: { email: server.adminEmail, password: PASSWORD, name: 'Operator' } });
    if (!(await operator.request.get('/api/me')).ok()) {
      await operator.request.post('/api/auth/sign-in/email', { data: { email: server.adminEmail, password: PASSWORD } });
    }
    const found = (await (await operator.request.get(`/api/admin/users?q=${encodeURIComponent(email)}`)).json()) as {
      items: { id: string }[];
    };
    const ended = await operator.request.patch(`/api/admin/users/${found.items[0]!.id}/subscription`, {
      data: { trialEndsAt: new Date(Date.now() - 60_000).toISOString() },
    });
    if (!ended.ok()) throw new Error(await ended.text());
    await operator.close();
  }
  return context.newPage();
}
