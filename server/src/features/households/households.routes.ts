import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateHousehold,
  ZHousehold,
  ZHouseholdInvite,
  ZHouseholdList,
  ZHouseholdMemberParams,
  ZHouseholdParams,
  ZHouseholdSpend,
  ZId,
  ZJoinHousehold,
  ZReceiptSharing,
  ZShareReceipt,
} from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import {
  createHousehold,
  createInvite,
  getHousehold,
  getHouseholdSpend,
  joinHousehold,
  leaveHousehold,
  listHouseholds,
  removeMember,
  shareReceipt,
} from './households.service';

/** Households: create, invite by code or link, join, leave, remove members; shared receipts' spend. */
export const householdsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Signed-out callers get 401 before any input validation (this hook only covers the routes of this plugin).
  app.addHook('onRequest', async (request) => {
    await requireUser(request);
  });

  app.get('/api/households', { schema: { response: { 200: ZHouseholdList } } }, async (request) => {
    const user = await requireUser(request);
    return { items: await listHouseholds(app, user.id) };
  });

  app.post('/api/households', { schema: { body: ZCreateHousehold, response: { 201: ZHousehold } } }, async (request, reply) => {
    const user = await requireUser(request);
    const household = await createHousehold(app, user.id, request.body.name);
    request.log.info({ userId: user.id, householdId: household.id }, 'household created');
    return reply.status(201).send(household);
  });

  app.post('/api/households/join', { schema: { body: ZJoinHousehold, response: { 200: ZHousehold } } }, async (request) => {
    const user = await requireUser(request);
    return joinHousehold(app, user.id, request.body.code);
  });

  app.get('/api/households/:id', { schema: { params: ZHouseholdParams, response: { 200: ZHousehold } } }, async (request) => {
    const user = await requireUser(request);
    return getHousehold(app, user.id, request.params.id);
  });

  app.post(
    '/api/households/:id/invites',
    { schema: { params: ZHouseholdParams, response: { 201: ZHouseholdInvite } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createInvite(app, user.id, request.params.id));
    },
  );

  app.post('/api/households/:id/leave', { schema: { params: ZHouseholdParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await leaveHousehold(app, user.id, request.params.id);
    return reply.status(204).send();
  });

  app.delete('/api/households/:id/members/:userId', { schema: { params: ZHouseholdMemberParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await removeMember(app, user.id, request.params.id, request.params.userId);
    return reply.status(204).send();
  });

  app.get('/api/households/:id/spend', { schema: { params: ZHouseholdParams, response: { 200: ZHouseholdSpend } } }, async (request) => {
    const user = await requireUser(request);
    return getHouseholdSpend(app, user.id, request.params.id);
  });

  app.put(
    '/api/receipts/:id/household',
    { schema: { params: z.object({ id: ZId }), body: ZShareReceipt, response: { 200: ZReceiptSharing } } },
    async (request) => {
      const user = await requireUser(request);
      return shareReceipt(app, user.id, request.params.id, request.body.householdId);
    },
  );
};
