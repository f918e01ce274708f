import type { Kysely } from 'kysely';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/ids';
import { HttpError } from '../../http/errors';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { insertNotifications } from '../notifications';
import { findBillingProfile, findBillingProfileByCustomer, recordBillingEvent } from './billing.repo';
import { readBillingChange, ZStripeEvent, type BillingChange, type SubscriptionChange } from './subscription-events';
import type { StripeClient } from './stripe-client';

type WebhookDeps = Deps<'db' | 'config' | 'log' | 'mailer' | 'events'>;

export interface WebhookResult {
  received: true;
  duplicate: boolean;
}

const badSignature = (message: string) => new HttpError(400, 'invalid_signature', message);

/** Checks Stripe-Signature against the raw bytes with the endpoint secret; anything else is a 400. */
function verifyEvent(deps: WebhookDeps, stripe: StripeClient | null, rawBody: Buffer, signature: string | undefined) {
  if (!deps.config.stripe || !stripe) throw new HttpError(404, 'not_found', 'Billing is not set up on this server');
  if (!signature) throw badSignature('Missing Stripe-Signature header');
  let payload: unknown;
  try {
    payload = stripe.webhooks.constructEvent(rawBody, signature, deps.config.stripe.webhookSecret);
  } catch (err) {
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'webhook signature rejected');
    throw badSignature('Invalid Stripe-Signature');
  }
  const parsed = ZStripeEvent.safeParse(payload);
  if (!parsed.success) throw new HttpError(400, 'bad_request', 'Not a Stripe event');
  return parsed.data;
}

/**
 * The account an event is about: the one holding its Stripe customer. `metadata.userId` only names the account
 * whose first checkout links a customer (an account with no customer yet); one that names another account than the
 * customer's, or an account linked to another customer, is refused.
 */
async function resolveUserId(db: Kysely<Database>, log: Logger, change: BillingChange): Promise<string | null> {
  const owner = change.customerId ? await findBillingProfileByCustomer(db, change.customerId) : undefined;
  if (owner) {
    if (change.userId && change.userId !== owner.id) {
      log.warn(
        { customerId: change.customerId, claimedUserId: change.userId, ownerId: owner.id },
        'webhook metadata names another account',
      );
      return null;
    }
    return owner.id;
  }
  if (!change.userId) return null;
  const named = await findBillingProfile(db, change.userId);
  if (!named) return null;
  if (named.stripe_customer_id !== null && named.stripe_customer_id !== change.customerId) {
    log.warn({ customerId: change.customerId, userId: named.id }, 'webhook event for another customer than the account has');
    return null;
  }
  return named.id;
}

async function applySubscriptionChange(db: Kysely<Database>, log: Logger, userId: string, change: SubscriptionChange): Promise<void> {
  const profile = await findBillingProfile(db, userId);
  if (!profile) return;
  // Stripe does not promise delivery order: an event older than the one already applied is stale.
  if (profile.billing_event_at && change.eventAt < profile.billing_event_at) {
    log.info({ userId, eventAt: change.eventAt, appliedAt: profile.billing_event_at }, 'stale subscription event ignored');
    return;
  }
  const trialEndsAt =
    change.endsAccessAt && profile.trial_ends_at && profile.trial_ends_at > change.endsAccessAt
      ? change.endsAccessAt
      : profile.trial_ends_at;
  await db
    .updateTable('profiles')
    .set({
      stripe_customer_id: profile.stripe_customer_id ?? change.customerId,
      stripe_subscription_id: change.subscriptionId,
      billing_event_at: change.eventAt,
      ...(change.status ? { subscription_status: change.status } : {}),
      ...(change.paidUntil ? { paid_until: change.paidUntil } : {}),
      trial_ends_at: trialEndsAt,
      is_cancelling: change.isCancelling ? 1 : 0,
      is_payment_failing: change.isPaymentFailing ? 1 : 0,
      updated_at: nowIso(),
    })
    .where('id', '=', userId)
    .execute();
}

async function notifyPaymentFailed(deps: WebhookDeps, userId: string): Promise<void> {
  const profile = await findBillingProfile(deps.db, userId);
  if (!profile) return;
  const title = 'Your payment did not go through';
  const body =
    'We could not renew your Cartwise subscription. Update your card under Settings > Billing > Manage billing to keep reading receipt photos, split-cart plans and deal alerts.';
  const [id] = await insertNotifications(deps.db, [{ userId, kind: 'billing', title, body, link: '/u/settings/billing' }]);
  if (id) await deps.events.publish(userId, { type: 'notification', id });
  const link = new URL('/u/settings/billing', deps.config.publicUrl).toString();
  // A failed payment concerns the account itself, so it is sent whatever the newsletter preferences say.
  await deps.mailer.sendMail({ to: profile.email, subject: title, text: `${body}\n\n${link}` });
}

/**
 * Verifies and applies one webhook delivery. Each event id is applied once (billing_events, in the same
 * transaction as the change), and the state comes from the event itself, so no call back to Stripe is needed.
 */
export async function handleWebhook(
  deps: WebhookDeps,
  stripe: StripeClient | null,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  const event = verifyEvent(deps, stripe, rawBody, signature);
  const change = readBillingChange(event);
  const userId = change ? await resolveUserId(deps.db, deps.log, change) : null;
  const isNew = await deps.db.transaction().execute(async (trx) => {
    if (!(await recordBillingEvent(trx, { id: event.id, type: event.type, userId, receivedAt: nowIso() }))) return false;
    if (!change || !userId) return true;
    if (change.kind === 'subscription') await applySubscriptionChange(trx, deps.log, userId, change);
    if (change.kind === 'checkout_completed' && change.customerId) {
      await trx
        .updateTable('profiles')
        .set({ stripe_customer_id: change.customerId })
        .where('id', '=', userId)
        .where('stripe_customer_id', 'is', null)
        .execute();
    }
    return true;
  });
  if (!isNew) {
    deps.log.info({ eventId: event.id, type: event.type }, 'webhook event already handled');
    return { received: true, duplicate: true };
  }
  if (change && !userId) deps.log.warn({ eventId: event.id, type: event.type }, 'webhook event for no known account');
  if (change?.kind === 'payment_failed' && userId) {
    try {
      await notifyPaymentFailed(deps, userId);
    } catch (err) {
      deps.log.error({ err, userId, eventId: event.id }, 'payment failure notice failed');
    }
  }
  deps.log.info({ eventId: event.id, type: event.type, userId }, 'webhook event handled');
  return { received: true, duplicate: false };
}
