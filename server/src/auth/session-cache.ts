import type { CurrentUser } from './current-user';

/**
 * Who a session cookie or access token belongs to, remembered for a few seconds so that a burst of API calls
 * resolves the caller once instead of once per request (better-auth's getSession plus the role query were most of
 * an authenticated read). Entries are keyed by the exact credential that better-auth or the token table accepted,
 * so a forged cookie never hits the cache. A revoked session, a deleted token or a role change drops every entry
 * of that user at once on every instance (through the event bus); the TTL bounds what a change made without an
 * event (another process editing the database) can outlive.
 */
export interface SessionCache {
  get(key: string): CurrentUser | null;
  /**
   * Remembers `user` for `key` until the TTL passes or `notAfterMs` (the session's own expiry), whichever is first.
   * Skipped when anyone was forgotten since `sinceVersion` (read before the lookup): the lookup may predate it.
   */
  set(key: string, user: CurrentUser, options?: { notAfterMs?: number; sinceVersion?: number }): void;
  /** Forgets every credential of this user on this instance. */
  forgetUser(userId: string): void;
  /** Grows on every forgetUser. */
  readonly version: number;
  readonly size: number;
}

interface Entry {
  user: CurrentUser;
  expiresAtMs: number;
}

export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export function createSessionCache(options: { ttlMs?: number; now?: () => number } = {}): SessionCache {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysByUser = new Map<string, Set<string>>();
  let version = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysByUser.get(entry.user.id);
    keys?.delete(key);
    if (keys && keys.size === 0) keysByUser.delete(entry.user.id);
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.expiresAtMs <= now()) {
        remove(key);
        return null;
      }
      return entry.user;
    },
    set(key, user, { notAfterMs, sinceVersion } = {}) {
      if (ttlMs <= 0 || (sinceVersion !== undefined && sinceVersion !== version)) return;
      remove(key);
      // Map keeps insertion order: the first key is the oldest entry.
      if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value as string);
      entries.set(key, { user, expiresAtMs: Math.min(now() + ttlMs, notAfterMs ?? Infinity) });
      let keys = keysByUser.get(user.id);
      if (!keys) keysByUser.set(user.id, (keys = new Set()));
      keys.add(key);
    },
    forgetUser(userId) {
      version++;
      for (const key of keysByUser.get(userId) ?? []) entries.delete(key);
      keysByUser.delete(userId);
    },
    get version() {
      return version;
    },
    get size() {
      return entries.size;
    },
  };
}
