import { accountApi } from '@cartwise/contracts';
import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { callRoute } from '../../test/call-route';

const t = registerTestApp({ authRateLimitPerMinute: 3 });

describe('auth rate limits', () => {
  it('answers 429 with a clear message after too many sign-ups from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await callRoute(t.app, accountApi.signup, { body: { email: `burst${i}@example.test`, password: 'long-enough-pw' } });
      codes.push(res.statusCode);
      if (res.statusCode === 429)
        expect(res.error()).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/Too many attempts/) });
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('limits better-auth sign-in attempts too', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: 'nobody@example.test', password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.at(-1)).toBe(429);
  });
});
