import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { registerTestApp } from '../../test/test-app';
import { daysFromNow, registerBillingTestApp, setPlanDates } from './billing-test-helpers';
import { runTrialReminders } from './trial-reminders';
import { addDaysTo } from '@cartwise/contracts';

describe('trial reminders', () => {
  const t = registerBillingTestApp();

  const reminders = (userId: string) =>
    t.app.db
      .selectFrom('notifications')
      .select(['title', 'link'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'billing')
      .orderBy('created_at')
      .execute();
  const mails = (email: string) => t.app.db.selectFrom('outbox_messages').select('subject').where('recipient', '=', email).execute();

  it('reminds 14 days before, 3 days before and at the end, once each, in the app and by email', async () => {
    const user = await createUser(t.app);
    const end = daysFromNow(20);
    await setPlanDates(t.app, user.id, { trialEndsAt: end });
    const at = (daysBeforeEnd: number) => addDaysTo(end, -daysBeforeEnd);

    await runTrialReminders(t.app, at(15));
    expect(await reminders(user.id)).toHaveLength(0);
    await runTrialReminders(t.app, at(14));
    await runTrialReminders(t.app, at(13));
    await runTrialReminders(t.app, at(3));
    await runTrialReminders(t.app, at(2.5));
    await runTrialReminders(t.app, at(0));
    await runTrialReminders(t.app, at(-1));
    const sent = await reminders(user.id);
    expect(sent.map((r) => r.title)).toEqual([
      'Your free trial ends in 14 days',
      'Your free trial ends in 3 days',
      'Your free trial has ended',
    ]);
    expect(sent.every((r) => r.link === '/u/settings/billing')).toBe(true);
    expect((await mails(user.email.toLowerCase())).map((m) => m.subject)).toEqual(sent.map((r) => r.title));
  });

  it('writes the end date and the US-dollar price in the shopper’s own locale, in the app and the email', async () => {
    const german = await createUser(t.app);
    await t.app.db.updateTable('profiles').set({ currency: 'EUR', locale: 'de-DE' }).where('id', '=', german.id).execute();
    const end = new Date(Date.UTC(2027, 4, 26, 12));
    await setPlanDates(t.app, german.id, { trialEndsAt: end });
    await runTrialReminders(t.app, addDaysTo(end, -3));
    const [note] = await t.app.db.selectFrom('notifications').select('body').where('user_id', '=', german.id).execute();
    expect(note?.body).toBe(
      'Subscribe (49,99\u00a0$ a year) before 26.05.2027 to keep reading receipt photos, split-cart plans and deal alerts.',
    );
    const [mail] = await t.app.db
      .selectFrom('outbox_messages')
      .select('body')
      .where('recipient', '=', german.email.toLowerCase())
      .execute();
    expect(mail?.body).toContain('Subscribe (49,99\u00a0$ a year) before 26.05.2027');
  });

  it('sends no email when product updates are off, and nothing to a paid account', async () => {
    const quiet = await createUser(t.app);
    await t.app.db.updateTable('notification_preferences').set({ product: 0 }).where('user_id', '=', quiet.id).execute();
    const paid = await createUser(t.app);
    await setPlanDates(t.app, quiet.id, { trialEndsAt: daysFromNow(2) });
    await setPlanDates(t.app, paid.id, { trialEndsAt: daysFromNow(2), paidUntil: daysFromNow(300) });
    await runTrialReminders(t.app);
    expect((await reminders(quiet.id)).map((r) => r.title)).toEqual(['Your free trial ends in 2 days']);
    expect(await mails(quiet.email.toLowerCase())).toHaveLength(0);
    expect(await reminders(paid.id)).toHaveLength(0);
  });

  it('emails only a confirmed address where sign-up confirms addresses, and reminds in the app either way', async () => {
    const unconfirmed = await createUser(t.app, { isEmailVerified: false });
    const confirmed = await createUser(t.app);
    for (const user of [unconfirmed, confirmed]) await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(3) });
    const config = { ...t.app.config, isSignupVerifiedByEmail: true };
    await runTrialReminders({ config, db: t.app.db, events: t.app.events, log: t.app.log, mailer: t.app.mailer });
    expect((await reminders(unconfirmed.id)).map((r) => r.title)).toEqual(['Your free trial ends in 3 days']);
    // The unconfirmed shopper's only mail is the address confirmation sign-up sent.
    expect((await mails(unconfirmed.email.toLowerCase())).map((m) => m.subject)).not.toContain('Your free trial ends in 3 days');
    expect((await mails(confirmed.email.toLowerCase())).map((m) => m.subject)).toEqual(['Your free trial ends in 3 days']);
  });

  it('reminds again for a trial an operator extended', async () => {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(2) });
    await runTrialReminders(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(10) });
    await runTrialReminders(t.app);
    expect(await reminders(user.id)).toHaveLength(2);
  });
});

describe('trial reminders with billing off', () => {
  const t = registerTestApp();

  it('sends nothing: every account is free', async () => {
    const user = await createUser(t.app);
    await setPlanDates(t.app, user.id, { trialEndsAt: daysFromNow(2) });
    expect(await runTrialReminders(t.app)).toEqual({ reminded: 0, emailed: 0 });
  });
});
