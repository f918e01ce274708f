import {
  ANNUAL_PRICE,
  BILLING_CURRENCY,
  BILLING_DISABLED_MESSAGE,
  DEFAULT_PREFERENCES,
  PAYMENT_REQUIRED_CODE,
  countDaysLeft,
  getBillingStatus,
  type TBilling,
  type TBillingRedirect,
} from '@cartwise/contracts';
import { formatMoney } from '@cartwise/contracts/domain/format';
import type { AppConfig } from '../../config';
import type { CurrentUser } from '../../auth/current-user';
import type { Deps } from '../../app-types';
import { isFlagSet } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import { findBillingProfile, type BillingProfile } from './billing.repo';
import { createStripeClient, type StripeClient } from './stripe-client';

type BillingDeps = Deps<'db' | 'config'>;

export function isBillingEnabled(config: AppConfig): boolean {
  return config.stripe !== null;
}

export function toBillingDto(profile: BillingProfile, isEnabled: boolean, now = new Date()): TBilling {
  const status = getBillingStatus(profile, isEnabled, now);
  return {
    isBillingEnabled: isEnabled,
    status,
    trialEndsAt: profile.trial_ends_at,
    paidUntil: profile.paid_until,
    trialDaysLeft: status === 'trial' ? countDaysLeft(profile.trial_ends_at, now) : null,
    hasSubscription: profile.stripe_customer_id !== null,
    isCancelling: status === 'paid' && isFlagSet(profile.is_cancelling),
    isPaymentFailing: status === 'paid' && isFlagSet(profile.is_payment_failing),
    annualPrice: ANNUAL_PRICE,
  };
}

export async function getBilling(deps: BillingDeps, userId: string): Promise<TBilling> {
  const profile = await findBillingProfile(deps.db, userId);
  if (!profile) throw notFound('Profile');
  return toBillingDto(profile, isBillingEnabled(deps.config));
}

export type PaidFeature = 'receipt_photos' | 'split_cart' | 'deal_alerts';

const FEATURE_TEXT: Record<PaidFeature, string> = {
  receipt_photos: 'reading receipt photos',
  split_cart: 'planning split-cart trips',
  deal_alerts: 'getting deal alerts',
};

/**
 * The 402 message: what stopped, how to get it back, and that nothing else is affected. The price is in US
 * dollars, the currency the plan is billed in, written in the shopper's locale.
 */
export function describePaymentRequired(feature: PaidFeature, locale: string = DEFAULT_PREFERENCES.locale): string {
  const price = formatMoney(ANNUAL_PRICE, { currency: BILLING_CURRENCY, locale, units: DEFAULT_PREFERENCES.units });
  return `Your free trial has ended. Subscribe (${price} a year) in Settings > Billing to keep ${FEATURE_TEXT[feature]}. Your lists, pantry, receipts and deals keep working.`;
}

/**
 * Throws 402 when the account's trial has ended without payment. Operators are never stopped: they run the
 * service. Billing off means every account is free, with every feature.
 */
export async function assertPaidFeature(deps: BillingDeps, user: CurrentUser, feature: PaidFeature): Promise<void> {
  if (!isBillingEnabled(deps.config) || user.isAdmin) return;
  const profile = await findBillingProfile(deps.db, user.id);
  if (profile && getBillingStatus(profile, true) !== 'expired') return;
  throw new HttpError(402, PAYMENT_REQUIRED_CODE, describePaymentRequired(feature, profile?.locale || undefined));
}

/** Whether the paid features are available to this account (used by background work that has no request). */
export function hasPaidFeatures(
  profile: Pick<BillingProfile, 'trial_ends_at' | 'paid_until' | 'role'>,
  config: AppConfig,
  now = new Date(),
): boolean {
  if (!isBillingEnabled(config) || profile.role === 'admin') return true;
  return getBillingStatus(profile, true, now) !== 'expired';
}

function requireStripe(config: AppConfig, stripe: StripeClient | null): { stripe: StripeClient; priceId: string } {
  if (!config.stripe || !stripe) throw new HttpError(409, 'billing_disabled', BILLING_DISABLED_MESSAGE);
  return { stripe, priceId: config.stripe.priceId };
}

const PROVIDER_DOWN = 'The payment provider did not answer. Please try again later.';

function billingUrl(config: AppConfig, query: string): string {
  return new URL(`/u/settings/billing${query}`, config.publicUrl).toString();
}

/** Stripe refuses a subscription trial ending sooner than 48 hours from now; an hour more covers clock skew. */
const MIN_STRIPE_TRIAL_MS = 49 * 60 * 60 * 1000;

/**
 * The first charge of someone subscribing during the trial waits for the trial's end (Stripe's `trial_end`, in
 * seconds): subscribing early never costs the free months. A trial ending within Stripe's minimum runs to it.
 */
export function keepTrialUntil(trialEndsAt: string | null, now = Date.now()): number | null {
  if (!trialEndsAt) return null;
  const end = Math.max(Date.parse(trialEndsAt), now + MIN_STRIPE_TRIAL_MS);
  return Number.isFinite(end) ? Math.ceil(end / 1000) : null;
}

/** Opens a Stripe Checkout session (subscription mode) for the yearly price and returns its URL. */
export async function startCheckout(
  deps: Deps<'db' | 'config' | 'log'>,
  stripe: StripeClient | null,
  user: CurrentUser,
): Promise<TBillingRedirect> {
  const ready = requireStripe(deps.config, stripe);
  const profile = await findBillingProfile(deps.db, user.id);
  if (!profile) throw notFound('Profile');
  if (getBillingStatus(profile, true) === 'paid' && profile.stripe_subscription_id && !isFlagSet(profile.is_cancelling)) {
    throw new HttpError(409, 'already_subscribed', 'You already have a subscription: use Manage billing to change it.');
  }
  const trialEnd = getBillingStatus(profile, true) === 'trial' ? keepTrialUntil(profile.trial_ends_at) : null;
  try {
    const session = await ready.stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: ready.priceId, quantity: 1 }],
      client_reference_id: user.id,
      subscription_data: { metadata: { userId: user.id }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
      metadata: { userId: user.id },
      ...(profile.stripe_customer_id ? { customer: profile.stripe_customer_id } : { customer_email: profile.email }),
      success_url: billingUrl(deps.config, '?checkout=success'),
      cancel_url: billingUrl(deps.config, '?checkout=cancelled'),
    });
    if (!session.url) throw new Error('Checkout session without a URL');
    deps.log.info({ userId: user.id, sessionId: session.id }, 'checkout session created');
    return { url: session.url };
  } catch (err) {
    deps.log.error({ err, userId: user.id }, 'checkout session failed');
    throw new HttpError(502, 'payment_provider_error', PROVIDER_DOWN);
  }
}

/** Opens the Stripe customer portal (card, invoices, cancel) for someone who has subscribed before. */
export async function openPortal(
  deps: Deps<'db' | 'config' | 'log'>,
  stripe: StripeClient | null,
  user: CurrentUser,
): Promise<TBillingRedirect> {
  const ready = requireStripe(deps.config, stripe);
  const profile = await findBillingProfile(deps.db, user.id);
  if (!profile) throw notFound('Profile');
  if (!profile.stripe_customer_id) throw new HttpError(409, 'no_subscription', 'You have no subscription yet: choose Subscribe first.');
  try {
    const session = await ready.stripe.billingPortal.sessions.create({
      customer: profile.stripe_customer_id,
      return_url: billingUrl(deps.config, ''),
    });
    deps.log.info({ userId: user.id, sessionId: session.id }, 'customer portal session created');
    return { url: session.url };
  } catch (err) {
    deps.log.error({ err, userId: user.id }, 'customer portal session failed');
    throw new HttpError(502, 'payment_provider_error', PROVIDER_DOWN);
  }
}

const stripeClients = new WeakMap<NonNullable<AppConfig['stripe']>, StripeClient>();

/** One SDK client per Stripe configuration, for work outside the billing routes. */
function getStripeClient(config: AppConfig): StripeClient | null {
  if (!config.stripe) return null;
  let client = stripeClients.get(config.stripe);
  if (!client) {
    client = createStripeClient(config.stripe);
    stripeClients.set(config.stripe, client);
  }
  return client;
}

const CANCEL_FAILED =
  'The payment provider did not answer, so your subscription could not be ended. Nothing was deleted: please try again later.';

/**
 * Ends an account's running subscription at once, before the account is deleted: nobody is charged for an
 * account that no longer exists. A subscription Stripe no longer knows is already over; any other failure stops
 * the deletion (502) so that the account and its way to cancel stay.
 */
export async function cancelSubscriptionNow(deps: Deps<'db' | 'config' | 'log'>, userId: string): Promise<void> {
  const profile = await deps.db
    .selectFrom('profiles')
    .select(['stripe_subscription_id', 'subscription_status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const subscriptionId = profile?.stripe_subscription_id;
  if (!subscriptionId || ['cancelled', 'expired'].includes(profile.subscription_status)) return;
  const stripe = getStripeClient(deps.config);
  if (!stripe) {
    deps.log.warn({ userId, subscriptionId }, 'account with a subscription deleted while billing is off: cancel it in Stripe');
    return;
  }
  try {
    await stripe.subscriptions.cancel(subscriptionId, { prorate: false });
    deps.log.info({ userId, subscriptionId }, 'subscription cancelled for account deletion');
  } catch (err) {
    if (err instanceof Error && 'type' in err && err.type === 'StripeInvalidRequestError') {
      deps.log.warn({ userId, subscriptionId, err }, 'subscription already gone at Stripe');
      return;
    }
    deps.log.error({ userId, subscriptionId, err }, 'subscription cancel failed; account kept');
    throw new HttpError(502, 'payment_provider_error', CANCEL_FAILED);
  }
}
