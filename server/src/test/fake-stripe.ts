import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { addDaysTo } from '@cartwise/contracts';

// A local HTTP server that answers the few Stripe API calls Cartwise makes, like Stripe does (form-encoded
// requests, JSON answers), so tests exercise the real SDK without reaching the internet. Used by the API tests
// (STRIPE_API_URL in the app's config) and by the browser journey (e2e/billing.spec.ts).

export interface FakeStripeRequest {
  method: string;
  path: string;
  /** The form fields as sent, e.g. `subscription_data[metadata][userId]`. */
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  /** The next `times` API calls answer this HTTP status with a Stripe-style error (the SDK retries once). */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_cartwise_fake';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_cartwise_fake';
export const FAKE_STRIPE_PRICE_ID = 'price_cartwise_yearly';

let counter = 0;
const nextId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1)}`;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  let failStatus: number | null = null;
  let failures = 0;
  let base = '';
  const server = http.createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', base);
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const send = (status: number, body: unknown, type = 'application/json') => {
        response.writeHead(status, { 'content-type': type, 'request-id': nextId('req') });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
      // The pages a browser is sent to: stand-ins for Stripe's hosted Checkout and portal.
      if (request.method === 'GET' && /^\/(checkout|portal)\//.test(url.pathname)) {
        const title = url.pathname.startsWith('/checkout/') ? 'Fake Stripe Checkout' : 'Fake Stripe customer portal';
        return send(200, `<!doctype html><title>${title}</title><h1>${title}</h1><p>${url.pathname}</p>`, 'text/html');
      }
      requests.push({ method: request.method ?? 'GET', path: url.pathname, form, authorization: request.headers.authorization });
      if (failStatus !== null && failures > 0) {
        failures -= 1;
        return send(failStatus, { error: { type: 'api_error', message: 'Fake Stripe was told to fail' } });
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = nextId('cs_test');
        return send(200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          url: `${base}/checkout/${id}`,
          client_reference_id: form.client_reference_id ?? null,
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        return send(200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          url: `${base}/portal/${id}`,
          return_url: form.return_url ?? null,
        });
      }
      const cancelled = request.method === 'DELETE' ? /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname) : null;
      if (cancelled) {
        // Ids starting "sub_gone" stand for subscriptions Stripe no longer has.
        if (cancelled[1]!.startsWith('sub_gone')) {
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' } });
        }
        return send(200, { id: cancelled[1], object: 'subscription', status: 'canceled' });
      }
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        return send(200, { id: nextId('cus'), object: 'customer', email: form.email ?? null });
      }
      return send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` },
      });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    failNext(status, times = 1) {
      failStatus = status;
      failures = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app's Stripe settings for a fake server at `url`. */
export function fakeStripeConfig(url: string) {
  return { secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, priceId: FAKE_STRIPE_PRICE_ID, apiUrl: url };
}

const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);

/** A Stripe-Signature header for `payload`, made the way Stripe makes it (the SDK's own test helper). */
export function signWebhookPayload(payload: string, secret = FAKE_STRIPE_WEBHOOK_SECRET, timestamp?: number): string {
  return signer.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}

/** A subscription event as Stripe sends it (API 2025 and later: the period end is on the items). */
export function buildSubscriptionEvent(input: {
  type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted';
  userId: string | null;
  status: string;
  periodEnd?: Date;
  cancelAtPeriodEnd?: boolean;
  customer?: string;
  subscription?: string;
  created?: Date;
  id?: string;
}) {
  const periodEnd = Math.floor((input.periodEnd ?? addDaysTo(new Date(), 365)).getTime() / 1000);
  return {
    id: input.id ?? nextId('evt'),
    object: 'event',
    type: input.type,
    created: Math.floor((input.created ?? new Date()).getTime() / 1000),
    data: {
      object: {
        id: input.subscription ?? 'sub_cartwise_1',
        object: 'subscription',
        // One customer per account, as Stripe makes them.
        customer: input.customer ?? `cus_${input.userId ?? 'cartwise_1'}`,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        cancel_at: input.cancelAtPeriodEnd ? periodEnd : null,
        metadata: input.userId ? { userId: input.userId } : {},
        items: { object: 'list', data: [{ id: 'si_1', current_period_end: periodEnd, price: { id: FAKE_STRIPE_PRICE_ID } }] },
      },
    },
  };
}
