import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { toAuthSession } from './auth-session';
import { useAuth } from './auth-context';

const user = { id: 'u1', email: 'sam@example.com', name: 'Sam', emailVerified: true };

describe('toAuthSession', () => {
  it('keeps the user and reads expiresAt as epoch milliseconds', () => {
    const session = toAuthSession({ session: { token: 'abc', expiresAt: '2026-01-01T00:10:00.000Z' }, user });
    expect(session).toEqual({ user, expiresAt: Date.parse('2026-01-01T00:10:00.000Z'), token: 'abc' });
  });

  it('accepts expiresAt as a Date', () => {
    const expiresAt = new Date('2026-03-01T08:00:00.000Z');
    expect(toAuthSession({ session: { token: 'abc', expiresAt }, user }).expiresAt).toBe(expiresAt.getTime());
  });
});

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });
});
