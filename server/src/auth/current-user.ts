import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { toWebHeaders } from './web-request';

export interface CurrentUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  isAdmin: boolean;
  sessionId: string;
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentUser | null>>();

/** Resolves the signed-in user once per request; the role comes from profiles.role (spec section 6). */
export function resolveCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let pending = cache.get(request);
  if (!pending) {
    pending = loadCurrentUser(request);
    cache.set(request, pending);
  }
  return pending;
}

async function loadCurrentUser(request: FastifyRequest): Promise<CurrentUser | null> {
  const app = request.server;
  const result = await app.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!result) return null;
  const profile = await app.db.selectFrom('profiles').select(['role']).where('id', '=', result.user.id).executeTakeFirst();
  const role = profile?.role === 'admin' ? 'admin' : 'user';
  return { id: result.user.id, email: result.user.email, role, isAdmin: role === 'admin', sessionId: result.session.id };
}

/** Throws 401 unless someone is signed in. Call first in every user data handler. */
export async function requireUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await resolveCurrentUser(request);
  if (!user) throw new HttpError(401, 'unauthorized', 'Auth session missing!');
  return user;
}

/** Throws 401 when signed out and 403 for a signed-in non-admin. */
export async function requireAdmin(request: FastifyRequest): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new HttpError(403, 'forbidden', 'Admins only');
  return user;
}
