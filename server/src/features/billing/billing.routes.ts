import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { getBilling, openPortal, startCheckout } from './billing.service';
import { handleWebhook } from './billing-webhook';
import { createStripeClient } from './stripe-client';

export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = app.config.stripe ? createStripeClient(app.config.stripe) : null;
  // Each click opens a session at Stripe: a small budget per address keeps a script from hammering the provider.
  const providerCalls = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.route({
    ...fromContract(billingApi.status),
    handler: async (request) => {
      const user = await requireUser(request);
      return getBilling(app, user.id);
    },
  });

  app.route({
    ...fromContract(billingApi.checkout),
    config: providerCalls,
    handler: async (request) => {
      const user = await requireUser(request);
      return startCheckout(app, stripe, user);
    },
  });

  app.route({
    ...fromContract(billingApi.portal),
    config: providerCalls,
    handler: async (request) => {
      const user = await requireUser(request);
      return openPortal(app, stripe, user);
    },
  });

  // Stripe signs the exact bytes it sends, so this route (in its own scope) keeps the body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    // Called by Stripe's servers, authenticated by its signature, never by a cookie: no CSRF origin check.
    scope.route({
      ...fromContract(billingApi.webhook),
      config: { csrf: false },
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['stripe-signature'];
        return handleWebhook(app, stripe, raw, typeof signature === 'string' ? signature : undefined);
      },
    });
  });
};
