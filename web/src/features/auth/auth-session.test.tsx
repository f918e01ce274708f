import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { createAuthEventBus, deriveAuthEvent, toAuthSession, type AuthSession } from './auth-session';
import { useAuth } from './auth-context';

const user = { id: 'u1', email: 'sam@example.com', name: 'Sam', emailVerified: true };

function buildSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return { access_token: 't1', refresh_token: 't1', expires_in: 600, expires_at: 2_000, token_type: 'bearer', user, ...overrides };
}

describe('toAuthSession', () => {
  it('maps better-auth token and expiresAt to the spec session shape', () => {
    const session = toAuthSession(
      { session: { token: 'abc', expiresAt: '2026-01-01T00:10:00.000Z' }, user },
      Date.parse('2026-01-01T00:00:00.000Z'),
    );
    expect(session).toEqual({
      access_token: 'abc',
      refresh_token: 'abc',
      expires_in: 600,
      expires_at: Date.parse('2026-01-01T00:10:00.000Z') / 1000,
      token_type: 'bearer',
      user,
    });
  });
});

describe('deriveAuthEvent', () => {
  it('reports the first resolution as INITIAL_SESSION', () => {
    expect(deriveAuthEvent(null, null, true)).toBe('INITIAL_SESSION');
    expect(deriveAuthEvent(null, buildSession(), true)).toBe('INITIAL_SESSION');
  });
  it('detects sign-in and sign-out', () => {
    expect(deriveAuthEvent(null, buildSession(), false)).toBe('SIGNED_IN');
    expect(deriveAuthEvent(buildSession(), null, false)).toBe('SIGNED_OUT');
    expect(deriveAuthEvent(buildSession(), buildSession({ user: { ...user, id: 'u2' } }), false)).toBe('SIGNED_IN');
  });
  it('detects user changes before token changes', () => {
    expect(deriveAuthEvent(buildSession(), buildSession({ user: { ...user, name: 'Samantha' } }), false)).toBe('USER_UPDATED');
    expect(deriveAuthEvent(buildSession(), buildSession({ expires_at: 9_000 }), false)).toBe('TOKEN_REFRESHED');
  });
  it('stays quiet when nothing changed', () => {
    expect(deriveAuthEvent(buildSession(), buildSession(), false)).toBeNull();
    expect(deriveAuthEvent(null, null, false)).toBeNull();
  });
});

describe('createAuthEventBus', () => {
  it('delivers to every listener even if one throws, and unsubscribes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bus = createAuthEventBus();
    const received: string[] = [];
    bus.subscribe(() => {
      throw new Error('bad listener');
    });
    const unsubscribe = bus.subscribe((event) => received.push(event));
    bus.emit('SIGNED_IN', buildSession());
    unsubscribe();
    bus.emit('SIGNED_OUT', null);
    expect(received).toEqual(['SIGNED_IN']);
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});
