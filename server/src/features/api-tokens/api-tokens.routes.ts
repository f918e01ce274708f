import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_API_TOKENS, apiTokensApi } from '@cartwise/contracts';
import { announceAuthChange, requireSessionUser } from '../../auth/current-user';
import { HttpError, notFound } from '../../http/errors';
import { fromContract } from '../../http/route-contract';
import { countAccessTokens, deleteAccessToken, insertAccessToken, listAccessTokens } from './api-tokens.repo';

/**
 * Personal access tokens (Settings): a signed-in shopper creates, lists and revokes them. A token cannot manage
 * tokens itself, so a leaked token cannot mint more or outlive its revocation.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preValidation', async (request) => {
    await requireSessionUser(request);
  });

  app.route({
    ...fromContract(apiTokensApi.list),
    handler: async (request) => {
      const user = await requireSessionUser(request);
      return { tokens: await listAccessTokens(app.db, user.id) };
    },
  });

  app.route({
    ...fromContract(apiTokensApi.create),
    handler: async (request, reply) => {
      const user = await requireSessionUser(request);
      if ((await countAccessTokens(app.db, user.id)) >= MAX_API_TOKENS) {
        throw new HttpError(409, 'too_many_tokens', `You can keep at most ${MAX_API_TOKENS} access tokens. Revoke one first.`);
      }
      const scopes = request.body.scopes ?? ['read', 'write'];
      if (scopes.includes('admin') && !user.isAdmin)
        throw new HttpError(403, 'forbidden', 'Only operators can give a token the admin scope');
      const created = await insertAccessToken(app.db, user.id, request.body.name.trim(), scopes);
      request.log.info({ userId: user.id, tokenId: created.token.id }, 'access token created');
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...fromContract(apiTokensApi.revoke),
    handler: async (request, reply) => {
      const user = await requireSessionUser(request);
      if (!(await deleteAccessToken(app.db, user.id, request.params.id))) throw notFound('Access token');
      await announceAuthChange(app, user.id);
      request.log.info({ userId: user.id, tokenId: request.params.id }, 'access token revoked');
      return reply.status(204).send();
    },
  });
};
