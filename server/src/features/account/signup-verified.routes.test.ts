import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { ZHousehold, ZHouseholdInvite, ZInvitePreview, accountApi, householdsApi } from '@cartwise/contracts';
import { VERIFICATION_SUBJECT, createUser, toCookieHeader } from '../../test/factories';
import { callRoute } from '../../test/call-route';

// SIGNUP_VERIFY_EMAIL (the default once SMTP_URL is set): the mailed link, not the sign-up answer, signs a newcomer in.
const t = registerTestApp({ isSignupVerifiedByEmail: true });

async function signUp(email: string, password = 'chosen-password-1', extra: Record<string, string> = {}) {
  return callRoute(t.app, accountApi.signup, { body: { email, password, ...extra } });
}

async function readMailedLink(recipient: string): Promise<URL> {
  const mail = await t.app.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .where('subject', '=', VERIFICATION_SUBJECT)
    .executeTakeFirstOrThrow();
  const href = /https?:\/\/\S+verify-email\S+/.exec(mail.body)?.[0];
  if (!href) throw new Error(`no verification link in: ${mail.body}`);
  return new URL(href);
}

describe('sign-up that waits for the mailed link', () => {
  it('answers a new and a registered address with the same status, body and headers: no cookie for either', async () => {
    const owner = await createUser(t.app);
    const fresh = await signUp('newcomer-verified@example.test');
    const taken = await signUp(owner.email);
    expect([fresh.statusCode, taken.statusCode]).toEqual([200, 200]);
    expect(taken.json()).toEqual(fresh.json());
    expect(fresh.headers['set-cookie']).toBeUndefined();
    expect(taken.headers['set-cookie']).toBeUndefined();
    const headerNames = (res: typeof fresh) =>
      Object.keys(res.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort();
    expect(headerNames(taken)).toEqual(headerNames(fresh));
  });

  it('does not let the newcomer sign in with the chosen password before the address is confirmed', async () => {
    const email = 'not-confirmed-yet@example.test';
    await signUp(email);
    const early = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password: 'chosen-password-1' } });
    expect(early.statusCode).toBe(403);
    expect(early.headers['set-cookie']).toBeUndefined();
  });

  it('signs the newcomer in from the mailed link, with the trial profile in place', async () => {
    const email = 'confirms-by-link@example.test';
    await signUp(email);
    const link = await readMailedLink(email);
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBeLessThan(400);
    const cookies = opened.headers['set-cookie'];
    expect(cookies).toBeDefined();
    const me = await callRoute(t.app, accountApi.me, { headers: { cookie: toCookieHeader(cookies) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email });
  });

  it('returns a newcomer who came from an invite link to that invitation, signed in, ready to join', async () => {
    const inviter = await createUser(t.app, { name: 'Ines' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: inviter.email, password: inviter.password },
    });
    const inviterCookie = { cookie: toCookieHeader(signedIn.headers['set-cookie']) };
    const created = await callRoute(t.app, householdsApi.create, { headers: inviterCookie, body: { name: 'Flat 3' } });
    const household = ZHousehold.parse(created.json());
    const invite = ZHouseholdInvite.parse(
      (await callRoute(t.app, householdsApi.createInvite, { params: { id: household.id }, headers: inviterCookie })).json(),
    );
    const email = 'invited-newcomer@example.test';
    expect((await signUp(email, 'chosen-password-1', { inviteCode: invite.code })).statusCode).toBe(200);
    const link = await readMailedLink(email);
    const opened = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    const landing = new URL(String(opened.headers.location), 'http://localhost');
    expect(`${landing.pathname}${landing.search}`).toBe(`/u/settings/household?code=${invite.code}`);
    const cookie = toCookieHeader(opened.headers['set-cookie']);
    const preview = await callRoute(t.app, householdsApi.invitePreview, { params: { code: invite.code }, headers: { cookie } });
    expect(ZInvitePreview.parse(preview.json())).toMatchObject({ householdName: 'Flat 3' });
    const joined = await callRoute(t.app, householdsApi.join, { headers: { cookie }, body: { code: invite.code } });
    expect(joined.statusCode, joined.body).toBe(200);
  });

  it('refuses an invite code that is a path or another site instead of sending the link there', async () => {
    for (const inviteCode of ['//evil.example/x', 'https://evil.example', '../admin', 'a b']) {
      const res = await signUp('path-as-code@example.test', 'chosen-password-1', { inviteCode });
      expect(res.statusCode, inviteCode).toBe(400);
    }
    const mails = await t.app.db.selectFrom('outbox_messages').select('id').where('recipient', '=', 'path-as-code@example.test').execute();
    expect(mails).toEqual([]);
  });
});
