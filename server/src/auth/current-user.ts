import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { findAccessTokenOwner, hashAccessToken } from '../features/api-tokens/api-tokens.repo';
import { toWebHeaders } from './web-request';

export interface CurrentUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  isAdmin: boolean;
  /** The better-auth session id; null when the caller authenticated with a personal access token. */
  sessionId: string | null;
  /** The personal access token's id when the caller sent `Authorization: Bearer`. */
  accessTokenId: string | null;
  /** When the session was made (signing in); null for a personal access token. Re-authentication by a recent sign-in reads it. */
  sessionCreatedAt: Date | null;
}

const perRequest = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** better-auth's session cookie (prefixed `__Secure-` when PUBLIC_URL is https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** Resolves the caller once per request; the role comes from profiles.role. */
export function resolveCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    perRequest.set(request, pending);
  }
  return pending;
}

async function loadCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const authorization = request.headers.authorization;
  if (authorization !== undefined && /^bearer\s/i.test(authorization)) {
    return loadTokenUser(request, authorization.slice(7).trim());
  }
  const cookie = request.headers.cookie;
  const match = cookie ? SESSION_COOKIE.exec(cookie) : null;
  // No session cookie: signed out, without asking better-auth.
  if (!match) return null;
  const app = request.server;
  const key = `session:${match[1]}`;
  const cached = app.sessionCache.get(key);
  if (cached) return cached;
  const version = app.sessionCache.version;
  const result = await app.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!result) return null;
  const profile = await app.db.selectFrom('profiles').select(['role']).where('id', '=', result.user.id).executeTakeFirst();
  const role = profile?.role === 'admin' ? 'admin' : 'user';
  const user: CurrentUser = {
    id: result.user.id,
    email: result.user.email,
    role,
    isAdmin: role === 'admin',
    sessionId: result.session.id,
    accessTokenId: null,
    sessionCreatedAt: new Date(result.session.createdAt),
  };
  app.sessionCache.set(key, user, { notAfterMs: new Date(result.session.expiresAt).getTime(), sinceVersion: version });
  return user;
}

async function loadTokenUser(request: FastifyRequest, token: string): Promise<CurrentUser | null> {
  if (token.length === 0 || token.length > 200) return null;
  const app = request.server;
  const hash = hashAccessToken(token);
  const key = `token:${hash}`;
  const cached = app.sessionCache.get(key);
  if (cached) return cached;
  const version = app.sessionCache.version;
  const owner = await findAccessTokenOwner(app.db, hash);
  if (!owner) return null;
  const role = owner.role === 'admin' ? 'admin' : 'user';
  const user: CurrentUser = {
    id: owner.userId,
    email: owner.email,
    role,
    isAdmin: role === 'admin',
    sessionId: null,
    accessTokenId: owner.tokenId,
    sessionCreatedAt: null,
  };
  app.sessionCache.set(key, user, { sinceVersion: version });
  return user;
}

/** Throws 401 unless someone is signed in (by session or access token). Call first in every user data handler. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await resolveCurrentUser(request);
  if (!user) throw new HttpError(401, 'unauthorized', 'Auth session missing!');
  return user;
}

/** Like requireUser, but an access token is refused: for managing the account's own credentials. */
export async function requireSessionUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (user.sessionId === null) throw new HttpError(403, 'forbidden', 'Sign in to manage access tokens');
  return user;
}

/** Throws 401 when signed out and 403 for a signed-in non-admin. */
export async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new HttpError(403, 'forbidden', 'Admins only');
  return user;
}

/**
 * Drops this user's cached credentials on every instance: call after revoking sessions or tokens, or a role change.
 * Typed from Fastify's instance (which app-types augments) rather than `Deps`: app-types names the session cache,
 * whose module reads CurrentUser from here, so importing app-types back would close a cycle.
 */
export async function announceAuthChange(app: Pick<FastifyInstance, 'events' | 'sessionCache'>, userId: string): Promise<void> {
  app.sessionCache.forgetUser(userId);
  await app.events.publishAuthChange(userId);
}
