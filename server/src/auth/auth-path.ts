import { HttpError } from '../http/errors';

/**
 * better-auth routes `new URL(url).pathname`, which resolves dot segments, reads `%2e` as a dot and a backslash as a
 * slash. A guard that read the raw URL could see another path than better-auth serves, so an /api/auth path is
 * served only when it already is that plain form: segments of letters, digits and `-._~`, none of them `.` or
 * `..`, none empty, no escapes, no `;` parameters. readAuthPath is the one place the path is read; the guards and
 * the request handed to better-auth (web-request.ts) all use what it returns.
 */
const PLAIN_AUTH_PATH = /^\/api\/auth(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

/**
 * better-auth's admin plugin is not installed (auth.ts): operators change roles and accounts through the app's own
 * audited /api/admin routes. The prefix is refused as well, whatever its case, so a later plugin cannot reopen it.
 */
const BETTER_AUTH_ADMIN_PATH = /^\/api\/auth\/admin(?:\/|$)/i;

export interface AuthPath {
  /** The path as better-auth routes it. */
  path: string;
  /** The query string with its `?`, or empty. */
  search: string;
}

/** Splits and checks an /api/auth request target; anything but the plain form is a 404, as an unknown path is. */
export function readAuthPath(method: string, url: string): AuthPath {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? '' : url.slice(queryAt);
  if (!isPlainAuthPath(path) || BETTER_AUTH_ADMIN_PATH.test(path)) {
    throw new HttpError(404, 'not_found', `No route for ${method} ${path.slice(0, 200)}`);
  }
  return { path, search };
}

export function isPlainAuthPath(path: string): boolean {
  if (!PLAIN_AUTH_PATH.test(path)) return false;
  // The pattern already rules out what URL parsing would change; this keeps the two from drifting apart.
  return path.split('/').every((segment) => segment !== '.' && segment !== '..') && new URL(path, 'http://x').pathname === path;
}
