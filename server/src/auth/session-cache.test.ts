import { describe, expect, it } from 'vitest';
import type { CurrentUser } from './current-user';
import { createSessionCache } from './session-cache';

const user = (id: string): CurrentUser => ({
  id,
  email: `${id}@example.test`,
  role: 'user',
  isAdmin: false,
  sessionId: `s-${id}`,
  accessTokenId: null,
  tokenScopes: null,
  sessionCreatedAt: null,
});

describe('session cache', () => {
  it('forgets an entry once the TTL or the session expiry has passed', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, now: () => now });
    cache.set('a', user('a'));
    cache.set('b', user('b'), { notAfterMs: 2_000 });
    now = 2_500;
    expect(cache.get('a')?.id).toBe('a');
    expect(cache.get('b')).toBeNull();
    now = 6_000;
    expect(cache.get('a')).toBeNull();
  });

  it('forgets every credential of one user and keeps the others', () => {
    const cache = createSessionCache();
    cache.set('cookie-1', user('a'));
    cache.set('token-1', user('a'));
    cache.set('cookie-2', user('b'));
    cache.forgetUser('a');
    expect(cache.get('cookie-1')).toBeNull();
    expect(cache.get('token-1')).toBeNull();
    expect(cache.get('cookie-2')?.id).toBe('b');
  });

  it('does not keep a lookup that started before a user was forgotten', () => {
    const cache = createSessionCache();
    const version = cache.version;
    cache.forgetUser('a');
    cache.set('cookie-1', user('a'), { sinceVersion: version });
    expect(cache.get('cookie-1')).toBeNull();
  });
});
