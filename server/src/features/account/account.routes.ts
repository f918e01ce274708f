import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PASSWORD_TOO_SHORT_MESSAGE, accountApi, toInviteReturnPath } from '@cartwise/contracts';
import { announceAuthChange, requireSessionUser, requireUser } from '../../auth/current-user';
import { HttpError } from '../../http/errors';
import { fromContract } from '../../http/route-contract';
import { findProfile, toProfileDto } from '../profile';
import { deleteAllAccessTokens } from '../api-tokens';
import { sendWebResponse, toWebHeaders } from '../../auth/web-request';
import { setPasswordWithToken, signInNewcomer } from './account.service';
import { confirmOwner, deleteAccount } from './account-deletion.service';
import { isBillingEnabled } from '../billing';

/** Said after sign-up: a trial is promised only where billing is set up (without it every account is free). */
export const SIGNUP_MESSAGE_WITH_TRIAL = 'Welcome! Your 6-month free trial has started.';
export const SIGNUP_MESSAGE = 'Welcome to Cartwise!';
/**
 * Where the emailed verification link lands once opened: a newcomer signed in by the link starts at onboarding, or
 * back on the invitation that led to sign-up (built here from the code alone, so never another site).
 */
const VERIFIED_CALLBACK = '/u/settings/security?verified=1';
const VERIFIED_NEWCOMER_CALLBACK = '/onboarding';

export const CLIENT_LOG_BODY_LIMIT = 8 * 1024;
export const CLIENT_LOG_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Same budget as better-auth's own sign-in/sign-up/reset rules: per client address, per minute.
  const authAttempts = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  // A new and an already-registered address get the same status and body; the owner of an existing account
  // is emailed instead (auth.ts: onExistingUserSignUp). Without SIGNUP_VERIFY_EMAIL a newcomer leaves signed in;
  // with it nobody does, and the mailed link signs the newcomer in, so not even a cookie tells the two apart.
  app.route({
    ...fromContract(accountApi.signup),
    config: authAttempts,
    handler: async (request, reply) => {
      const { email, password, name, inviteCode } = request.body;
      const newcomerCallback = inviteCode ? toInviteReturnPath(inviteCode) : VERIFIED_NEWCOMER_CALLBACK;
      const response = await app.auth.api.signUpEmail({
        body: {
          email,
          password,
          name: name ?? '',
          callbackURL: app.config.isSignupVerifiedByEmail ? newcomerCallback : VERIFIED_CALLBACK,
        },
        headers: toWebHeaders(request),
        asResponse: true,
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
        const status = response.status >= 500 ? 400 : response.status;
        const message = body.code === 'PASSWORD_TOO_SHORT' ? PASSWORD_TOO_SHORT_MESSAGE : (body.message ?? 'Sign up failed');
        throw new HttpError(status, body.code ?? 'signup_failed', message);
      }
      if (!app.config.isSignupVerifiedByEmail) {
        const created = (await response.json().catch(() => null)) as { user?: { id?: string } } | null;
        const cookies = await signInNewcomer(app, request, created?.user?.id, email, password);
        if (cookies.length > 0) reply.header('set-cookie', cookies);
      }
      return reply.send({ message: isBillingEnabled(app.config) ? SIGNUP_MESSAGE_WITH_TRIAL : SIGNUP_MESSAGE });
    },
  });

  app.route({
    ...fromContract(accountApi.setPassword),
    config: authAttempts,
    handler: async (request) => {
      await setPasswordWithToken(app, request.body);
      return { message: 'Password updated' };
    },
  });

  app.route({
    ...fromContract(accountApi.me),
    handler: async (request) => {
      const user = await requireUser(request);
      const profile = await findProfile(app.db, user.id);
      if (!profile) throw new HttpError(404, 'not_found', 'Profile not found');
      return toProfileDto(profile);
    },
  });

  // Deleting the account: re-authenticated (password, or a fresh sign-in for an account without one); the
  // password check shares the sign-in budget so it cannot be used to guess.
  app.route({
    ...fromContract(accountApi.deleteAccount),
    config: authAttempts,
    handler: async (request, reply) => {
      // A personal access token cannot delete the account: only the signed-in owner.
      const user = await requireSessionUser(request);
      const deps = { db: app.db, auth: app.auth, log: request.log, files: app.files, config: app.config };
      await confirmOwner(deps, user.id, user.sessionCreatedAt ?? new Date(0), request.body?.password);
      await deleteAccount(deps, user.id);
      await announceAuthChange(app, user.id);
      request.log.info({ userId: user.id }, 'account deleted by its owner');
      // The session row is gone; the cookie goes too.
      const signedOut = await app.auth.api.signOut({ headers: toWebHeaders(request), asResponse: true }).catch(() => null);
      const cookies = signedOut?.headers.getSetCookie() ?? [];
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.status(204).send();
    },
  });

  // Anonymous, so bounded per client address and in size: a flood costs a 429, not the log disk.
  app.route({
    ...fromContract(accountApi.clientLog),
    bodyLimit: CLIENT_LOG_BODY_LIMIT,
    config: { rateLimit: CLIENT_LOG_RATE_LIMIT },
    handler: async (request, reply) => {
      const { level, message, path } = request.body;
      request.log[level]({ path, userAgent: request.headers['user-agent']?.slice(0, 300) }, `client: ${message}`);
      return reply.status(204).send();
    },
  });

  // Passthrough used by sign-out: revoke every session and access token of the signed-in user (global sign-out).
  app.route({
    ...fromContract(accountApi.signOutEverywhere),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await app.auth.api.revokeSessions({ headers: toWebHeaders(request) });
      await deleteAllAccessTokens(app.db, user.id);
      await announceAuthChange(app, user.id);
      const response = await app.auth.api.signOut({ headers: toWebHeaders(request), asResponse: true });
      return sendWebResponse(reply, response);
    },
  });
};
