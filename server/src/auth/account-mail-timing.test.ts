import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUser, type TestUser } from '../test/factories';
import { listenForRawRequests, type RawClient } from '../test/raw-http';
import { startSmtpSink } from '../test/smtp-sink';

// A mail server that takes 1.5 s to accept a message: were the answer to wait for the send, a registered address
// would answer that much slower than an unknown one.
const ACCEPT_DELAY_MS = 1500;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;
let raw: RawClient;
let owner: TestUser;

beforeAll(async () => {
  sink = await startSmtpSink({ acceptDelayMs: ACCEPT_DELAY_MS });
  t = await createTestApp({ smtpUrl: sink.url });
  owner = await createUser(t.app);
  raw = await listenForRawRequests(t.app);
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

async function timeRequest(method: string, path: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await raw.send(method, path, { body });
  return { status: res.statusCode, ms: performance.now() - started };
}

describe('account mail is sent after the answer', () => {
  it('so a reset request for a registered address answers as fast as one for an unknown address, and the link still goes out', async () => {
    const before = sink.received.length;
    const redirectTo = 'http://localhost:3000/reset-password';
    const registered = await timeRequest('POST', '/api/auth/request-password-reset', { email: owner.email, redirectTo });
    const unknown = await timeRequest('POST', '/api/auth/request-password-reset', { email: 'nobody-here@example.test', redirectTo });
    expect([registered.status, unknown.status]).toEqual([200, 200]);
    expect(registered.ms).toBeLessThan(ACCEPT_DELAY_MS);
    expect(unknown.ms).toBeLessThan(ACCEPT_DELAY_MS);
    await vi.waitFor(() => expect(sink.received.length).toBe(before + 1), { timeout: ACCEPT_DELAY_MS * 4 });
    expect(sink.received.at(-1)).toContain('Reset your Cartwise password');
  });

  it('so a sign-up with a registered address answers without waiting for the notice to its owner', async () => {
    const before = sink.received.length;
    const registered = await timeRequest('POST', '/api/signup', { email: owner.email, password: 'another-password-1' });
    expect(registered.status).toBe(200);
    expect(registered.ms).toBeLessThan(ACCEPT_DELAY_MS);
    await vi.waitFor(() => expect(sink.received.length).toBe(before + 1), { timeout: ACCEPT_DELAY_MS * 4 });
    expect(sink.received.at(-1)).toContain('Someone tried to sign up with your address');
  });
});
