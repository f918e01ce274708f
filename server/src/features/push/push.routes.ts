import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pushApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { cancelListChangePushes } from './list-change-pushes';
import { deleteOwnSubscription, findPushPreferences, savePushPreferences } from './push.repo';
import { subscribe } from './push.service';
import { getVapidKeys } from './vapid-keys';

/** A subscription resolves its endpoint's host: per-address budget so it cannot be used to probe names. */
const SUBSCRIBE_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/** Web Push: the server's public key, the shopper's browser subscriptions and which topics are pushed. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onClose', async () => cancelListChangePushes(app));

  app.route({
    ...fromContract(pushApi.publicKey),
    handler: async (request) => {
      await requireUser(request);
      return { publicKey: (await getVapidKeys(app)).publicKey };
    },
  });

  app.route({
    ...fromContract(pushApi.subscribe),
    config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const created = await subscribe(app, user.id, request.body);
      return reply.code(201).send(created);
    },
  });

  app.route({
    ...fromContract(pushApi.unsubscribe),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      // Forgetting an endpoint that is not (or no longer) the caller's is the same 204: nothing of it remains.
      await deleteOwnSubscription(app.db, user.id, request.body.endpoint);
      return reply.code(204).send();
    },
  });

  app.route({
    ...fromContract(pushApi.preferences),
    handler: async (request) => {
      const user = await requireUser(request);
      return findPushPreferences(app.db, user.id);
    },
  });

  app.route({
    ...fromContract(pushApi.savePreferences),
    handler: async (request) => {
      const user = await requireUser(request);
      await savePushPreferences(app.db, user.id, request.body);
      return findPushPreferences(app.db, user.id);
    },
  });
};
