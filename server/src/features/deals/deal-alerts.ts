import { matchDealToSignals, type DealMatchSource, toIsoDay } from '@cartwise/contracts';
import { formatDate, formatMoneyCents, type FormatSettings } from '@cartwise/contracts/domain/format';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { isFeatureEnabled } from '../../platform/operator-settings';
import { hasPaidFeatures } from '../billing';
import { findFormatSettings, isEmailAllowed, selectEmailRecipients, toFormatSettings } from '../settings';
import { notifyUser } from './deal-notifications';
import { queuePush } from '../push';
import { listCandidateSignals, type UserSignal } from './deal-signals';
import { selectDeals, type DealRow } from './deals.repo';
import { startHourlyTask } from '../../platform/hourly-task';
import { buildUnsubscribeUrl } from '../../platform/unsubscribe-link';

const REASON_TEXT: Record<DealMatchSource, string> = {
  receipt: 'you bought',
  list: 'is on your shopping list',
  pantry: 'is in your pantry',
};

export function describeMatch(source: DealMatchSource, matchedName: string): string {
  return source === 'receipt' ? `Because you bought ${matchedName}` : `Because ${matchedName} ${REASON_TEXT[source]}`;
}

/** The alert's line, with the price and date written in the shopper's own currency and locale. */
function describeDeal(deal: DealRow, settings: FormatSettings): string {
  const store = deal.store_name
    ? ` at ${deal.chain_name && !deal.store_name.includes(deal.chain_name) ? `${deal.chain_name} ` : ''}${deal.store_name}`
    : '';
  const until = deal.ends_on ? `, valid until ${formatDate(deal.ends_on, settings)}` : '';
  return `${deal.title}: ${formatMoneyCents(deal.sale_price_cents, settings)}${store}${until}`;
}

/** Of `userIds`, those whose plan includes the paid features (everyone while billing is off). */
async function listEntitledUsers(app: Deps<'config' | 'db'>, userIds: string[]): Promise<Set<string>> {
  if (!app.config.stripe || userIds.length === 0) return new Set(userIds);
  const entitled = new Set<string>();
  for (let i = 0; i < userIds.length; i += 200) {
    const rows = await app.db
      .selectFrom('profiles')
      .select(['id', 'role', 'trial_ends_at', 'paid_until'])
      .where('id', 'in', userIds.slice(i, i + 200))
      .execute();
    for (const row of rows) if (hasPaidFeatures(row, app.config)) entitled.add(row.id);
  }
  return entitled;
}

/**
 * Alerts every shopper (other than the submitter) who bought, lists or keeps the deal's product:
 * one deal_alerts row each (the email digest picks these up) and an in-app notification linking to the deal.
 */
export async function alertMatchingShoppers(app: Deps<'config' | 'db' | 'events' | 'log'>, deal: DealRow): Promise<number> {
  const signals = await listCandidateSignals(app.db, { title: deal.title, productId: deal.product_id });
  const byUser = new Map<string, UserSignal[]>();
  for (const signal of signals) {
    if (signal.userId === deal.submitted_by) continue;
    byUser.set(signal.userId, [...(byUser.get(signal.userId) ?? []), signal]);
  }
  let alerted = 0;
  const entitled = await listEntitledUsers(app, [...byUser.keys()]);
  const formats = await findFormatSettings(app, [...entitled]);
  for (const [userId, userSignals] of byUser) {
    // Deal alerts are a paid feature: nothing is raised for an account whose trial ended without payment.
    if (!entitled.has(userId)) continue;
    const match = matchDealToSignals({ title: deal.title, productId: deal.product_id }, userSignals);
    if (!match) continue;
    const reason = describeMatch(match.source, match.matchedName);
    const existing = await app.db
      .selectFrom('deal_alerts')
      .select('id')
      .where('user_id', '=', userId)
      .where('deal_id', '=', deal.id)
      .executeTakeFirst();
    if (existing) continue;
    await app.db
      .insertInto('deal_alerts')
      .values({ id: createId(), user_id: userId, deal_id: deal.id, reason, emailed_at: null, created_at: nowIso() })
      .execute();
    const alert = {
      title: `Deal: ${deal.title}`,
      body: `${describeDeal(deal, formats.get(userId) ?? toFormatSettings({}))}. ${reason}.`,
      link: `/u/deals/${deal.id}`,
    };
    await notifyUser(app, userId, { kind: 'deal_alert', ...alert });
    queuePush(app, [userId], 'deal_alerts', { title: alert.title, body: alert.body, url: alert.link, tag: `deal-${deal.id}` });
    alerted += 1;
  }
  app.log.info({ dealId: deal.id, alerted }, 'deal alerts raised');
  return alerted;
}

const DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface DigestResult {
  emailed: number;
  skipped: number;
}

/**
 * Emails each shopper one digest of their not-yet-emailed alerts for deals still running, at most once
 * per 24 hours and only when notification_preferences.deal_alerts and the operator's deal_alert_emails
 * flag are on. Every email carries a sign-in-free unsubscribe link. Callable directly (tests) and from the background task.
 */
export async function runDealDigest(app: Deps<'config' | 'db' | 'log' | 'mailer'>, now = new Date()): Promise<DigestResult> {
  // Turned off: send nothing and leave every alert unsent, so turning emails back on delivers what piled up
  // (alerts for deals that ended meanwhile drop out below, as they would on any late pass).
  if (!(await isFeatureEnabled(app, 'deal_alert_emails'))) return { emailed: 0, skipped: 0 };
  const today = toIsoDay(now);
  const pending = await selectDeals(app.db)
    .innerJoin('deal_alerts as a', 'a.deal_id', 'd.id')
    .select(['a.id as alert_id', 'a.user_id', 'a.reason'])
    .where('a.emailed_at', 'is', null)
    .where('d.status', '=', 'approved')
    .where((eb) => eb.or([eb('d.ends_on', 'is', null), eb('d.ends_on', '>=', today)]))
    .orderBy('a.created_at')
    .execute();
  const byUser = new Map<string, typeof pending>();
  for (const row of pending) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);

  const result: DigestResult = { emailed: 0, skipped: 0 };
  const recentCutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS).toISOString();
  for (const [userId, alerts] of byUser) {
    const recipient = await selectEmailRecipients(app.db, 'deal_alerts')
      .select(['p.role', 'p.trial_ends_at', 'p.paid_until', 'p.currency', 'p.locale', 'p.units'])
      .where('p.id', '=', userId)
      .executeTakeFirst();
    // Without a token there is no unsubscribe link. Alerts raised before a trial ended wait, unsent, until the account
    // pays; those of an unverified address wait (in the app) until it is confirmed.
    if (!recipient?.unsubscribe_token || !isEmailAllowed(recipient) || !hasPaidFeatures(recipient, app.config, now)) {
      result.skipped += 1;
      continue;
    }
    const lastEmail = await app.db
      .selectFrom('deal_alerts')
      .select('id')
      .where('user_id', '=', userId)
      .where('emailed_at', '>', recentCutoff)
      .executeTakeFirst();
    if (lastEmail) {
      result.skipped += 1;
      continue;
    }
    const unsubscribeUrl = buildUnsubscribeUrl(app.config.publicUrl, recipient.unsubscribe_token, 'deal_alerts');
    const settings = toFormatSettings(recipient);
    const lines = alerts.map((a) => {
      const was = a.original_price_cents ? ` (was ${formatMoneyCents(a.original_price_cents, settings)})` : '';
      const where = a.store_name ? ` at ${a.store_name}` : '';
      const until = a.ends_on ? `, until ${formatDate(a.ends_on, settings)}` : '';
      const price = formatMoneyCents(a.sale_price_cents, settings);
      return `- ${a.title}: ${price}${was}${where}${until}\n  ${a.reason}. ${app.config.publicUrl}/u/deals/${a.id}`;
    });
    const count = alerts.length;
    const ids = alerts.map((a) => a.alert_id);
    const stamp = now.toISOString();
    // Claim the alerts before sending: with several server instances (or two passes overlapping) only
    // the pass whose conditional update takes every alert sends, so nobody gets the digest twice.
    const claimed = await app.db
      .updateTable('deal_alerts')
      .set({ emailed_at: stamp })
      .where('id', 'in', ids)
      .where('emailed_at', 'is', null)
      .executeTakeFirst();
    const release = () =>
      app.db.updateTable('deal_alerts').set({ emailed_at: null }).where('id', 'in', ids).where('emailed_at', '=', stamp).execute();
    const claimedCount = Number(claimed.numUpdatedRows);
    if (claimedCount !== ids.length) {
      // Another pass got there first. Only a partial claim (a new alert arrived between the two passes)
      // leaves rows of ours to hand back for the next pass.
      if (claimedCount > 0) await release();
      result.skipped += 1;
      continue;
    }
    try {
      await app.mailer.sendMail({
        to: recipient.email,
        subject: `${count} deal${count === 1 ? '' : 's'} on things you buy`,
        text: `Deals on things you buy:\n\n${lines.join('\n')}\n\nDon't want these emails? Unsubscribe: ${unsubscribeUrl}\n`,
      });
    } catch (err) {
      // One bad address must not stop everyone else's digest; this shopper's alerts go back in the queue for the next pass.
      app.log.error({ err, userId }, 'deal digest email failed');
      await release();
      result.skipped += 1;
      continue;
    }
    result.emailed += 1;
  }
  if (result.emailed > 0) app.log.info(result, 'deal digests sent');
  return result;
}

/** The background task: a digest pass every hour; each shopper still gets at most one email a day. */
export function startDealDigests(app: Deps<'config' | 'db' | 'log' | 'mailer'>): () => void {
  return startHourlyTask(app, { firstRunMs: 60_000, failureMessage: 'deal digest failed', run: () => runDealDigest(app) });
}
