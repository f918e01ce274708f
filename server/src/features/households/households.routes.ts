import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { householdsApi } from '@cartwise/contracts';
import { requireUser, requireUserHook } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { createInvite, joinHousehold, listInvites, previewInvite, revokeInvite } from './household-invites.service';
import {
  createHousehold,
  getHousehold,
  getHouseholdSpend,
  leaveHousehold,
  listHouseholds,
  removeMember,
  shareReceipt,
} from './households.service';

/** Households: create, invite by code or link (owners list and revoke codes), join, leave, remove members; shared receipts' spend. */
export const householdsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', requireUserHook);

  app.route({
    ...fromContract(householdsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return { items: await listHouseholds(app, user.id) };
    },
  });

  app.route({
    ...fromContract(householdsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const household = await createHousehold(app, user.id, request.body.name);
      request.log.info({ userId: user.id, householdId: household.id }, 'household created');
      return reply.status(201).send(household);
    },
  });

  app.route({
    ...fromContract(householdsApi.join),
    handler: async (request) => {
      const user = await requireUser(request);
      return joinHousehold(app, user.id, request.ip, request.body.code);
    },
  });

  app.route({
    ...fromContract(householdsApi.invitePreview),
    handler: async (request) => {
      const user = await requireUser(request);
      return previewInvite(app, user.id, request.ip, request.params.code);
    },
  });
  app.route({
    ...fromContract(householdsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return getHousehold(app, user.id, request.params.id);
    },
  });

  app.route({
    ...fromContract(householdsApi.createInvite),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createInvite(app, user.id, request.params.id, request.body?.maxUses));
    },
  });
  app.route({
    ...fromContract(householdsApi.listInvites),
    handler: async (request) => {
      const user = await requireUser(request);
      return { items: await listInvites(app, user.id, request.params.id) };
    },
  });
  app.route({
    ...fromContract(householdsApi.revokeInvite),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await revokeInvite(app, user.id, request.params.id, request.params.code);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(householdsApi.leave),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await leaveHousehold(app, user.id, request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(householdsApi.removeMember),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await removeMember(app, user.id, request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(householdsApi.spend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getHouseholdSpend(app, user.id, request.params.id);
    },
  });

  app.route({
    ...fromContract(householdsApi.shareReceipt),
    handler: async (request) => {
      const user = await requireUser(request);
      return shareReceipt(app, user.id, request.params.id, request.body.householdId);
    },
  });
};
