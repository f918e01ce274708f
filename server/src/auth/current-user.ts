import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { TApiTokenScope } from '@cartwise/contracts';
import { HttpError } from '../http/errors';
import { findAccessTokenOwner, hashAccessToken } from './access-tokens';
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
  /** What the access token may do; null for a session, which may do everything its role allows. */
  tokenScopes: TApiTokenScope[] | null;
  /** When the session was made (signing in); null for a personal access token. Re-authentication by a recent sign-in reads it. */
  sessionCreatedAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller once resolved: the user requireUserHook let through, or the lookup under way; null until then.
     * A request property declared up front (decorateCallerSlot), not a WeakMap: a WeakMap entry keyed by each new
     * request took the garbage collector's slow path on every request.
     */
    resolvedCaller: CurrentUser | Promise<CurrentUser | null> | null;
  }
}

/** Declares the per-request caller slot, so every request object has it from the start (one shape for V8). */
export function decorateCallerSlot(app: FastifyInstance): void {
  app.decorateRequest('resolvedCaller', null);
}

/** better-auth's session cookie (prefixed `__Secure-` when PUBLIC_URL is https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** Resolves the caller once per request; the role comes from profiles.role. */
export function resolveCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const seen = request.resolvedCaller;
  if (seen instanceof Promise) return seen;
  if (seen) return Promise.resolve(seen);
  const known = findKnownUser(request);
  const pending = known === undefined ? loadCurrentUser(request) : Promise.resolve(known);
  request.resolvedCaller = pending;
  return pending;
}

/**
 * The caller at once, when their credential was resolved in the last few seconds and may use this route (the
 * checks requireUser makes); undefined otherwise, and then the route calls requireUser, which answers 401 or 403
 * or looks the credential up. Lets the hottest reads answer a cached page without a promise.
 */
export function readKnownUser(request: FastifyRequest): CurrentUser | undefined {
  const seen = request.resolvedCaller;
  if (seen) return seen instanceof Promise ? undefined : seen;
  const known = findKnownUser(request);
  return known && !findScopeError(request, known) ? known : undefined;
}

/** The session cookie's value, or null when the request carries none. */
function readSessionToken(request: FastifyRequest): string | null {
  const cookie = request.headers.cookie;
  const match = cookie ? SESSION_COOKIE.exec(cookie) : null;
  return match ? match[1]! : null;
}

/** The access token sent as `Authorization: Bearer`, '' for a malformed one, or null when there is none. */
function readBearerToken(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (authorization === undefined || !/^bearer\s/i.test(authorization)) return null;
  const token = authorization.slice(7).trim();
  return token.length === 0 || token.length > 200 ? '' : token;
}

/**
 * The caller when it is known without reading the database: null for no or a malformed credential, the cached user
 * for a credential resolved in the last few seconds; undefined when the credential must be checked.
 */
function findKnownUser(request: FastifyRequest): CurrentUser | null | undefined {
  const bearer = readBearerToken(request);
  if (bearer !== null) return bearer === '' ? null : (request.server.sessionCache.get(`token:${hashAccessToken(bearer)}`) ?? undefined);
  const session = readSessionToken(request);
  if (session === null) return null;
  return request.server.sessionCache.get(`session:${session}`) ?? undefined;
}

async function loadCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const bearer = readBearerToken(request);
  if (bearer !== null) return bearer === '' ? null : loadTokenUser(request, bearer);
  const session = readSessionToken(request);
  if (session === null) return null;
  const app = request.server;
  const version = app.sessionCache.version;
  const result = await app.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!result) return null;
  const profile = await app.db.selectFrom('profiles').select(['role', 'suspended_at']).where('id', '=', result.user.id).executeTakeFirst();
  // A suspension deletes the sessions; this refuses one made in the instant before it.
  if (profile?.suspended_at) return null;
  const role = profile?.role === 'admin' ? 'admin' : 'user';
  const user: CurrentUser = {
    id: result.user.id,
    email: result.user.email,
    role,
    isAdmin: role === 'admin',
    sessionId: result.session.id,
    accessTokenId: null,
    tokenScopes: null,
    sessionCreatedAt: new Date(result.session.createdAt),
  };
  app.sessionCache.set(`session:${session}`, user, {
    notAfterMs: new Date(result.session.expiresAt).getTime(),
    sinceVersion: version,
  });
  return user;
}

async function loadTokenUser(request: FastifyRequest, token: string): Promise<CurrentUser | null> {
  const app = request.server;
  const hash = hashAccessToken(token);
  const version = app.sessionCache.version;
  const owner = await findAccessTokenOwner(app.db, hash);
  if (!owner || owner.isSuspended) return null;
  const role = owner.role === 'admin' ? 'admin' : 'user';
  const user: CurrentUser = {
    id: owner.userId,
    email: owner.email,
    role,
    isAdmin: role === 'admin',
    sessionId: null,
    accessTokenId: owner.tokenId,
    tokenScopes: owner.scopes,
    sessionCreatedAt: null,
  };
  app.sessionCache.set(`token:${hash}`, user, { sinceVersion: version });
  return user;
}

const unauthorized = () => new HttpError(401, 'unauthorized', 'Auth session missing!');

/** The scope a token needs for this route: `admin` for /api/admin, else `read` to read and `write` to change. */
function readNeededScope(request: FastifyRequest): TApiTokenScope {
  if (request.routeOptions.url?.startsWith('/api/admin')) return 'admin';
  return request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';
}

/** A 403 when an access token lacks the route's scope; sessions pass. */
function findScopeError(request: FastifyRequest, user: CurrentUser): HttpError | null {
  if (user.tokenScopes === null) return null;
  const needed = readNeededScope(request);
  if (user.tokenScopes.includes(needed)) return null;
  return new HttpError(403, 'insufficient_scope', `This access token lacks the ${needed} scope`);
}

/**
 * Throws 401 unless someone is signed in (by session or access token), and 403 when an access token lacks the
 * route's scope. Call first in every user data handler.
 */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await resolveCurrentUser(request);
  if (!user) throw unauthorized();
  const scopeError = findScopeError(request, user);
  if (scopeError) throw scopeError;
  return user;
}

/**
 * An onRequest hook refusing signed-out callers with a 401 before their input is read. A caller known from the
 * credential cache passes without a promise, which the hottest reads feel.
 */
export function requireUserHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const known = findKnownUser(request);
  if (known === undefined) {
    requireUser(request).then(() => done(), done);
    return;
  }
  if (!known) return done(unauthorized());
  const scopeError = findScopeError(request, known);
  if (scopeError) return done(scopeError);
  request.resolvedCaller = known;
  done();
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
