import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

export type StripeClient = Stripe;

/**
 * The official SDK, pointed at STRIPE_API_URL when set (tests run a local Stripe-like server; nothing leaves the
 * machine). One retry keeps a transient network error from failing a shopper's Subscribe click.
 */
export function createStripeClient(config: StripeConfig): StripeClient {
  const target = config.apiUrl ? new URL(config.apiUrl) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Cartwise' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'http:' ? 80 : 443),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}
