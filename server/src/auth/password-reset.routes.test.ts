import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';
import { createUser } from '../test/factories';

const ask = (app: ReturnType<typeof registerTestApp>['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, redirectTo: 'http://localhost:3000/reset-password' },
  });

describe('password reset in production without a mail transport', () => {
  const t = registerTestApp({ isProduction: true, smtpUrl: null });

  it('answers 503 Authentication is not configured and stores no mail', async () => {
    const user = await createUser(t.app);
    const res = await ask(t.app, user.email);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'auth_not_configured', message: 'Authentication is not configured' });
    const mail = await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', user.email.toLowerCase()).execute();
    expect(mail).toHaveLength(0);
  });
});

describe('password reset in development', () => {
  const t = registerTestApp({ isProduction: false, smtpUrl: null });

  it('keeps the link in the development outbox', async () => {
    const user = await createUser(t.app);
    const res = await ask(t.app, user.email);
    expect(res.statusCode).toBe(200);
    const mail = await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', user.email.toLowerCase()).execute();
    expect(mail).toHaveLength(1);
  });
});
