import { z } from 'zod';
import { PAST_DUE_GRACE_DAYS, addDaysTo } from '@cartwise/contracts';

// Reads the Stripe events Cartwise acts on. Only the fields used are checked, so newer API versions with more
// fields still parse; the period end is read from the subscription items (API 2025-03-31 and later) or, on older
// versions, from the subscription itself.

const zStripeId = z.union([z.string(), z.object({ id: z.string() })]).transform((v) => (typeof v === 'string' ? v : v.id));
const zMetadata = z.record(z.string(), z.string()).nullish();

const ZSubscriptionObject = z.object({
  id: z.string(),
  customer: zStripeId.nullish(),
  status: z.string(),
  metadata: zMetadata,
  cancel_at_period_end: z.boolean().nullish(),
  cancel_at: z.number().nullish(),
  current_period_end: z.number().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().nullish() })) }).nullish(),
});

const ZInvoiceObject = z.object({
  id: z.string(),
  customer: zStripeId.nullish(),
  subscription_details: z.object({ metadata: zMetadata }).nullish(),
  parent: z.object({ subscription_details: z.object({ metadata: zMetadata }).nullish() }).nullish(),
});

const ZCheckoutSessionObject = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  customer: zStripeId.nullish(),
});

export const ZStripeEvent = z.object({
  id: z.string().min(1),
  type: z.string(),
  created: z.number(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventInput = z.infer<typeof ZStripeEvent>;

/** What a subscription event makes of the account, derived from the event alone (no call back to Stripe). */
export interface SubscriptionChange {
  kind: 'subscription';
  userId: string | null;
  customerId: string | null;
  subscriptionId: string;
  /** The stored subscription_status. */
  status: 'active' | 'past_due' | 'cancelled' | 'expired' | null;
  /** null: leave paid_until as it is (a subscription not paid yet). */
  paidUntil: string | null;
  /** Set when the subscription has ended: the trial ends no later than this either. */
  endsAccessAt: string | null;
  isCancelling: boolean;
  isPaymentFailing: boolean;
  eventAt: string;
}

export interface PaymentFailedChange {
  kind: 'payment_failed';
  userId: string | null;
  customerId: string | null;
  invoiceId: string;
}

export interface CheckoutCompletedChange {
  kind: 'checkout_completed';
  userId: string | null;
  customerId: string | null;
}

export type BillingChange = SubscriptionChange | PaymentFailedChange | CheckoutCompletedChange;

const toIso = (seconds: number) => new Date(seconds * 1000).toISOString();

function readPeriodEnd(sub: z.infer<typeof ZSubscriptionObject>): number | null {
  const itemEnds = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((v): v is number => typeof v === 'number');
  const end = itemEnds.length > 0 ? Math.max(...itemEnds) : (sub.current_period_end ?? null);
  // A cancellation set for a date before the period's end ends access then.
  if (end !== null && sub.cancel_at && sub.cancel_at < end) return sub.cancel_at;
  return end;
}

function toSubscriptionChange(event: StripeEventInput): SubscriptionChange | null {
  const parsed = ZSubscriptionObject.safeParse(event.data.object);
  if (!parsed.success) return null;
  const sub = parsed.data;
  const eventAt = toIso(event.created);
  const base = {
    kind: 'subscription' as const,
    userId: sub.metadata?.userId ?? null,
    customerId: sub.customer ?? null,
    subscriptionId: sub.id,
    eventAt,
    isCancelling: false,
    isPaymentFailing: false,
    endsAccessAt: null,
  };
  const hasEnded = event.type === 'customer.subscription.deleted' || ['canceled', 'unpaid', 'paused'].includes(sub.status);
  if (hasEnded) {
    return {
      ...base,
      status: event.type === 'customer.subscription.deleted' || sub.status === 'canceled' ? 'cancelled' : 'expired',
      paidUntil: eventAt,
      endsAccessAt: eventAt,
    };
  }
  if (sub.status === 'active' || sub.status === 'trialing') {
    const end = readPeriodEnd(sub);
    if (end === null) return null;
    return { ...base, status: 'active', paidUntil: toIso(end), isCancelling: Boolean(sub.cancel_at_period_end || sub.cancel_at) };
  }
  if (sub.status === 'past_due') {
    const graceEnd = addDaysTo(event.created * 1000, PAST_DUE_GRACE_DAYS).toISOString();
    return {
      ...base,
      status: 'past_due',
      paidUntil: graceEnd,
      isPaymentFailing: true,
      isCancelling: Boolean(sub.cancel_at_period_end || sub.cancel_at),
    };
  }
  // incomplete / incomplete_expired: the first payment has not gone through; nothing is paid yet.
  return { ...base, status: null, paidUntil: null };
}

/** The change an event asks for, or null for an event Cartwise does not act on (it is still recorded). */
export function readBillingChange(event: StripeEventInput): BillingChange | null {
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return toSubscriptionChange(event);
    case 'invoice.payment_failed': {
      const parsed = ZInvoiceObject.safeParse(event.data.object);
      if (!parsed.success) return null;
      const invoice = parsed.data;
      const userId = invoice.parent?.subscription_details?.metadata?.userId ?? invoice.subscription_details?.metadata?.userId ?? null;
      return { kind: 'payment_failed', userId, customerId: invoice.customer ?? null, invoiceId: invoice.id };
    }
    case 'checkout.session.completed': {
      const parsed = ZCheckoutSessionObject.safeParse(event.data.object);
      if (!parsed.success) return null;
      return { kind: 'checkout_completed', userId: parsed.data.client_reference_id ?? null, customerId: parsed.data.customer ?? null };
    }
    default:
      return null;
  }
}
