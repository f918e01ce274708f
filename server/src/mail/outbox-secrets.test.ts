import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { ZOutboxPage, adminManageApi } from '@cartwise/contracts';
import { registerTestApp } from '../test/test-app';
import { asUser, createAdmin, createUser } from '../test/factories';
import { loadConfig } from '../config';
import { callRoute } from '../test/call-route';

const ENV_KEYS = ['NODE_ENV', 'DEV_OUTBOX_SECRETS'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

afterEach(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

function readSetting(env: Partial<Record<(typeof ENV_KEYS)[number], string>>): boolean {
  for (const key of ENV_KEYS) {
    if (env[key] === undefined) delete process.env[key];
    else process.env[key] = env[key];
  }
  return loadConfig({ dataDir: os.tmpdir(), authSecret: 'x'.repeat(32) }).isOutboxShowingSecrets;
}

describe('DEV_OUTBOX_SECRETS', () => {
  it('is the only way the outbox shows secrets: not an unset NODE_ENV, and never in production', () => {
    expect(readSetting({})).toBe(false);
    expect(readSetting({ NODE_ENV: 'development' })).toBe(false);
    expect(readSetting({ DEV_OUTBOX_SECRETS: '1' })).toBe(false);
    expect(readSetting({ DEV_OUTBOX_SECRETS: 'true' })).toBe(true);
    expect(readSetting({ DEV_OUTBOX_SECRETS: 'true', NODE_ENV: 'production' })).toBe(false);
  });
});

describe('the outbox of a server started without NODE_ENV (npm start) and without DEV_OUTBOX_SECRETS', () => {
  const t = registerTestApp({ isProduction: false, isOutboxShowingSecrets: false, smtpUrl: null });

  it('keeps and shows the reset mail without its link, and the phone code without the code', async () => {
    const user = await createUser(t.app);
    const admin = await createAdmin(t.app);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: user.email, redirectTo: 'http://localhost:3000/reset-password' },
    });
    expect(reset.statusCode).toBe(200);
    const code = await t.app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', payload: { phoneNumber: '+15557650000' } });
    expect(code.statusCode).toBe(200);

    const tokens = await t.app.db.selectFrom('verification').select(['identifier', 'value']).execute();
    const resetToken = tokens.find((row) => row.identifier.startsWith('reset-password:'))?.identifier.slice('reset-password:'.length);
    expect(resetToken).toBeTruthy();
    const kept = await t.app.db.selectFrom('outbox_messages').select(['recipient', 'body']).execute();
    const mail = kept.find((row) => row.recipient === user.email.toLowerCase());
    const text = kept.find((row) => row.recipient === '+15557650000');
    expect(mail?.body).toContain('[redacted]');
    expect(mail?.body).not.toContain(resetToken);
    expect(text?.body).toBe('Your Cartwise verification code is [redacted]');

    const view = ZOutboxPage.parse((await callRoute(t.app, adminManageApi.outbox, { headers: asUser(admin) })).json());
    expect(JSON.stringify(view.items)).not.toContain(resetToken);
    expect(JSON.stringify(view.items)).not.toMatch(/code is \d/);
  });
});
