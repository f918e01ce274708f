import { afterAll, beforeAll } from 'vitest';
import type { App, Deps } from '../../app-types';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fakeStripeConfig, signWebhookPayload, startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { addDaysTo } from '@cartwise/contracts';

/** One app with billing on, talking to its own local Stripe-like server, for a whole test file. */
export function registerBillingTestApp(): { readonly app: App; readonly stripe: FakeStripe } {
  let current: TestApp | null = null;
  let stripe: FakeStripe | null = null;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    current = await createTestApp({ stripe: fakeStripeConfig(stripe.url) });
  });
  afterAll(async () => {
    await current?.close();
    await stripe?.close();
  });
  return {
    get app(): App {
      if (!current) throw new Error('The test app is built in beforeAll');
      return current.app;
    },
    get stripe(): FakeStripe {
      if (!stripe) throw new Error('The fake Stripe server starts in beforeAll');
      return stripe;
    },
  };
}

/** Delivers `event` to the webhook, signed like Stripe signs it. */
export function deliverEvent(app: App, event: unknown, options: { signature?: string | null; headers?: Record<string, string> } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature === undefined ? signWebhookPayload(payload) : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
      ...options.headers,
    },
    payload,
  });
}

export const daysFromNow = (days: number) => addDaysTo(new Date(), days);

/** Moves a user's trial end (and clears paid time) straight in the database. */
export async function setPlanDates(app: Deps<'db'>, userId: string, dates: { trialEndsAt: Date | null; paidUntil?: Date | null }) {
  await app.db
    .updateTable('profiles')
    .set({ trial_ends_at: dates.trialEndsAt?.toISOString() ?? null, paid_until: dates.paidUntil?.toISOString() ?? null })
    .where('id', '=', userId)
    .execute();
}
