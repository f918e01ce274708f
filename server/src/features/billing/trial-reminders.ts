import {
  ANNUAL_PRICE,
  BILLING_CURRENCY,
  countDaysLeft,
  getBillingStatus,
  getDueTrialReminder,
  type TrialReminderKind,
  addDaysTo,
} from '@cartwise/contracts';
import { formatDate, formatMoney, type FormatSettings } from '@cartwise/contracts/domain/format';
import type { Deps } from '../../app-types';
import { isEmailVerified } from '../../auth/email-verified';
import { nowIso } from '../../db/ids';
import { insertNotifications } from '../notifications';
import { queuePush } from '../push';
import { isTopicOn, selectEmailRecipients, toFormatSettings } from '../settings';
import { startHourlyTask } from '../../platform/hourly-task';
import { buildUnsubscribeUrl } from '../../platform/unsubscribe-link';

export interface ReminderResult {
  reminded: number;
  emailed: number;
}

/** The reminder in the shopper's locale; the plan's price stays in US dollars, the currency it is billed in. */
function describeReminder(
  kind: TrialReminderKind,
  trialEndsAt: string,
  now: Date,
  settings: FormatSettings,
): { title: string; body: string } {
  const price = `${formatMoney(ANNUAL_PRICE, { ...settings, currency: BILLING_CURRENCY })} a year`;
  if (kind === 'trial_ended') {
    return {
      title: 'Your free trial has ended',
      body: `Subscribe (${price}) to keep reading receipt photos, split-cart plans and deal alerts. Your lists, pantry, receipts and deals stay as they are.`,
    };
  }
  const days = countDaysLeft(trialEndsAt, now) ?? 0;
  return {
    title: `Your free trial ends in ${days} day${days === 1 ? '' : 's'}`,
    body: `Subscribe (${price}) before ${formatDate(trialEndsAt, settings)} to keep reading receipt photos, split-cart plans and deal alerts.`,
  };
}

/**
 * Sends each trial reminder due now (14 and 3 days before the end, and at the end) once per account and trial
 * end: in the app always, by email when product updates are on. The billing_reminders row is written first, so
 * overlapping passes (or instances) never send one twice. Accounts already paid get none.
 */
export async function runTrialReminders(
  app: Deps<'config' | 'db' | 'events' | 'log' | 'mailer'>,
  now = new Date(),
): Promise<ReminderResult> {
  const result: ReminderResult = { reminded: 0, emailed: 0 };
  if (!app.config.stripe) return result;
  // Only trials ending within 14 days or ended within the last week can have a reminder due.
  const from = addDaysTo(now, -8).toISOString();
  const to = addDaysTo(now, 15).toISOString();
  const rows = await selectEmailRecipients(app.db, 'product')
    .select(['p.role', 'p.trial_ends_at', 'p.paid_until', 'p.locale'])
    .where('p.trial_ends_at', '>=', from)
    .where('p.trial_ends_at', '<=', to)
    .execute();
  for (const row of rows) {
    if (!row.trial_ends_at || getBillingStatus(row, true, now) === 'paid') continue;
    const kind = getDueTrialReminder(row.trial_ends_at, now);
    if (!kind) continue;
    const claimed = await app.db
      .insertInto('billing_reminders')
      .values({ user_id: row.id, kind, trial_ends_at: row.trial_ends_at, sent_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'kind', 'trial_ends_at']).doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    const { title, body } = describeReminder(kind, row.trial_ends_at, now, toFormatSettings(row));
    const [id] = await insertNotifications(app.db, [{ userId: row.id, kind: 'billing', title, body, link: '/u/settings/billing' }]);
    if (id) await app.events.publish(row.id, { type: 'notification', id });
    queuePush(app, [row.id], 'trial_reminders', { title, body, url: '/u/settings/billing', tag: 'trial-reminder' });
    result.reminded += 1;
    // By email only when product updates are on. Where sign-up confirms addresses, only to a confirmed one (an
    // unconfirmed address may be a stranger's, and its account cannot sign in); where it does not, no address is
    // ever confirmed, so every account's is used.
    if (!isTopicOn(row)) continue;
    if (app.config.isSignupVerifiedByEmail && !isEmailVerified(row.emailVerified)) continue;
    const billingUrl = new URL('/u/settings/billing', app.config.publicUrl).toString();
    const unsubscribe = row.unsubscribe_token
      ? buildUnsubscribeUrl(app.config.publicUrl, row.unsubscribe_token, 'product')
      : new URL('/u/settings/notifications', app.config.publicUrl).toString();
    try {
      await app.mailer.sendMail({
        to: row.email,
        subject: title,
        text: `${body}\n\nSubscribe: ${billingUrl}\n\n--\nUnsubscribe from product updates: ${unsubscribe}`,
      });
      result.emailed += 1;
    } catch (err) {
      app.log.warn({ err, userId: row.id, kind }, 'trial reminder email failed');
    }
  }
  if (result.reminded > 0) app.log.info({ ...result }, 'trial reminders sent');
  return result;
}

export function startTrialReminders(app: Deps<'config' | 'db' | 'events' | 'log' | 'mailer'>): () => void {
  return startHourlyTask(app, { firstRunMs: 90_000, failureMessage: 'trial reminders failed', run: () => runTrialReminders(app) });
}
