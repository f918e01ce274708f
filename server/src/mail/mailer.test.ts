import http from 'node:http';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOutboxPage, adminManageApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../test/test-app';
import { asUser, createAdmin, createUser } from '../test/factories';
import { createLogger } from '../logger';
import { redactSecrets, redactUrlForLog } from './redact-secrets';
import { startSmtpSink } from '../test/smtp-sink';
import { callRoute } from '../test/call-route';

/** Every line the app logs, as text. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('debug', stream), text: () => lines.join('') };
}

async function askForReset(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: 'http://localhost:3000/reset-password' },
  });
  expect(res.statusCode).toBe(200);
}

describe('outbox and logs in production', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp({ isProduction: true, logLevel: 'debug' }, { logger: log.logger });
  });
  afterAll(async () => t.close());

  it('keeps no code in the outbox, its operator view or the log, and logs no reset token from a URL', async () => {
    const admin = await createAdmin(t.app);
    const sent = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', payload: { phoneNumber: '+15557654321' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const kept = await t.app.db.selectFrom('outbox_messages').selectAll().where('recipient', '=', '+15557654321').executeTakeFirstOrThrow();
    expect(kept.body).toBe('Your Cartwise verification code is [redacted]');

    const view = ZOutboxPage.parse((await callRoute(t.app, adminManageApi.outbox, { headers: asUser(admin) })).json());
    expect(view.items.find((item) => item.recipient === '+15557654321')?.body).toBe('Your Cartwise verification code is [redacted]');

    const token = 'SecretResetToken0123456789';
    await t.app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent('http://localhost:3000/reset-password')}`,
    });
    await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
    expect(log.text()).toContain('reset-password');
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toMatch(/code is \d/);
  });

  it('shows a message stored before, with its link and code, redacted to the operator', async () => {
    const admin = await createAdmin(t.app);
    await t.app.db
      .insertInto('outbox_messages')
      .values({
        id: 'old-row',
        channel: 'sms',
        recipient: '+15550000000',
        subject: '',
        body: 'Your Cartwise sign-in code is 481516 https://cart.example/reset-password/abc123',
        status: 'stored',
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    const view = ZOutboxPage.parse(
      (await callRoute(t.app, adminManageApi.outbox, { query: { page_size: '100' }, headers: asUser(admin) })).json(),
    );
    const old = view.items.find((item) => item.id === 'old-row')!;
    expect(old.body).not.toMatch(/481516|abc123/);
  });

  it('sends phone codes through SMS_WEBHOOK_URL and keeps none of them, or their code, anywhere', async () => {
    const texts: string[] = [];
    const hook = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        texts.push(body);
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    const withHook = await createTestApp(
      { isProduction: true, smsWebhookUrl: `http://127.0.0.1:${(hook.address() as net.AddressInfo).port}/sms` },
      { logger: log.logger },
    );
    try {
      const res = await withHook.app.inject({
        method: 'POST',
        url: '/api/auth/phone-number/send-otp',
        payload: { phoneNumber: '+15551230000' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(texts).toHaveLength(1);
      const { to, body } = JSON.parse(texts[0]!) as { to: string; body: string };
      expect(to).toBe('+15551230000');
      const code = /(\d{4,})/.exec(body)![1]!;
      expect(await withHook.app.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
      expect(log.text()).not.toContain(code);
    } finally {
      await withHook.close();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });
});

describe('outbox with SMTP configured', () => {
  it('sends through SMTP and keeps nothing in the outbox; the log has no body', async () => {
    const smtp = await startSmtpSink();
    const log = captureLog();
    const t = await createTestApp({ smtpUrl: smtp.url, logLevel: 'debug' }, { logger: log.logger });
    try {
      const user = await createUser(t.app);
      await askForReset(t, user.email);
      expect(smtp.received.join('\n')).toContain('reset-password/');
      expect(await t.app.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
      const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(smtp.received.join('\n').replace(/=\r\n/g, ''))![1]!;
      expect(log.text()).not.toContain(token);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('redactSecrets and redactUrlForLog', () => {
  it('removes named secrets, links and codes, and leaves other text alone', () => {
    expect(redactSecrets('Your code is 123456', ['123456'])).toBe('Your code is [redacted]');
    expect(redactSecrets('Your Cartwise verification code is 654321')).toBe('Your Cartwise verification code is [redacted]');
    expect(redactSecrets('Open https://cart.example/api/auth/reset-password/tok?callbackURL=x now')).toBe(
      'Open https://cart.example/[redacted] now',
    );
    expect(redactSecrets('Milk is $3.49 at FreshMart until 2026-12-01')).toBe('Milk is $3.49 at FreshMart until 2026-12-01');
  });

  it('keeps the route of a logged URL and drops its tokens', () => {
    expect(redactUrlForLog('/api/auth/reset-password/abc?callbackURL=%2Fx')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=[redacted]',
    );
    expect(redactUrlForLog('/api/unsubscribe?token=t1&x=2')).toBe('/api/unsubscribe?token=[redacted]&x=2');
    expect(redactUrlForLog('/api/lists?page=2')).toBe('/api/lists?page=2');
    expect(redactUrlForLog('/api/auth/Verify-Email/tok123')).toBe('/api/auth/Verify-Email/[redacted]');
    expect(redactUrlForLog('/api/pantry')).toBe('/api/pantry');
  });
});
