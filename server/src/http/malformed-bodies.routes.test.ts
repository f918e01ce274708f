import { dealsApi, listsApi } from '@cartwise/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { DEEP_BODY_MESSAGE, isNestedDeeperThan } from './reject-deep-json';
import { callRoute, callRouteWithBadInput } from '../test/call-route';

const t = registerTestApp();
let shopper: TestUser;

beforeAll(async () => {
  shopper = await createUser(t.app);
});

const nested = (depth: number, open: string, close: string) => open.repeat(depth) + '1' + close.repeat(depth);

describe('deeply nested JSON', () => {
  it('answers 400, not 500, on the better-auth routes and the app routes', async () => {
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/auth/phone-number/send-otp',
      '/api/signup',
      '/api/lists',
    ]) {
      for (const payload of [nested(20_000, '{"a":', '}'), nested(100_000, '[', ']')]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...asUser(shopper), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ error: 'bad_request', message: DEEP_BODY_MESSAGE });
      }
    }
  });

  it('still lets ordinary bodies through', async () => {
    const res = await callRoute(t.app, listsApi.create, { headers: asUser(shopper), body: { name: 'Weekly' } });
    expect(res.statusCode).toBe(201);
    expect(isNestedDeeperThan({ a: [{ b: [1] }] }, 4)).toBe(false);
    expect(isNestedDeeperThan({ a: [{ b: [1] }] }, 3)).toBe(true);
  });
});

describe('a cut-off multipart deal', () => {
  const boundary = 'cartwise-boundary';
  const form = [
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nMilk 2 for 1\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="tag.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'x'.repeat(4000)}\r\n`,
    `--${boundary}--\r\n`,
  ].join('');

  it('answers 400 for a truncated body ("Premature close") and a missing boundary ("Boundary not found")', async () => {
    const cases = [
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: form.slice(0, 200) },
      { contentType: `multipart/form-data; boundary=${boundary}`, payload: form.slice(0, form.length - 12) },
      { contentType: 'multipart/form-data', payload: form },
    ];
    for (const { contentType, payload } of cases) {
      const res = await callRouteWithBadInput(t.app, dealsApi.create, {
        headers: { ...asUser(shopper), 'content-type': contentType },
        body: payload,
      });
      expect(res.statusCode, `${contentType} ${payload.length}`).toBe(400);
      expect(res.error()).toMatchObject({ error: 'bad_request', message: 'The form could not be read' });
    }
  });
});
