import { z } from 'zod';
import { defineRoute } from '../api/define-route';

// Contracts of /api/billing/*: the shopper's plan and the Stripe Checkout and customer portal hand-offs.

export const ZBillingStatus = z.enum(['trial', 'paid', 'expired', 'free']);
export type TBillingStatus = z.infer<typeof ZBillingStatus>;

/** GET /api/billing */
export const ZBilling = z.object({
  isBillingEnabled: z.boolean(),
  status: ZBillingStatus,
  trialEndsAt: z.string().nullable(),
  paidUntil: z.string().nullable(),
  /** Whole days until the trial ends (trial status only), else null. */
  trialDaysLeft: z.number().int().nonnegative().nullable(),
  /** A Stripe subscription exists: Manage opens the customer portal. */
  hasSubscription: z.boolean(),
  /** The subscription ends at paidUntil and does not renew. */
  isCancelling: z.boolean(),
  /** The last renewal failed: still paid during a grace period while the card is retried. */
  isPaymentFailing: z.boolean(),
  annualPrice: z.number(),
});
export type TBilling = z.infer<typeof ZBilling>;

/** POST /api/billing/checkout and POST /api/billing/portal: where the browser goes next (a Stripe page). */
export const ZBillingRedirect = z.object({ url: z.string() });
export type TBillingRedirect = z.infer<typeof ZBillingRedirect>;

/** The error code of a 402 answer from a paid feature after the trial has ended. */
export const PAYMENT_REQUIRED_CODE = 'payment_required';

export const BILLING_DISABLED_MESSAGE = 'Billing is not set up on this server: every feature is free.';

/** PATCH /api/admin/users/:id/subscription: extend or end a trial, grant paid time (null clears the date). */
export const ZUpdateUserSubscription = z
  .object({
    trialEndsAt: z.iso.datetime({ offset: true, message: 'trialEndsAt must be an ISO date-time' }).nullable().optional(),
    paidUntil: z.iso.datetime({ offset: true, message: 'paidUntil must be an ISO date-time' }).nullable().optional(),
  })
  .refine((v) => v.trialEndsAt !== undefined || v.paidUntil !== undefined, { message: 'Give trialEndsAt or paidUntil' });
export type TUpdateUserSubscription = z.infer<typeof ZUpdateUserSubscription>;

/** The billing endpoints; `webhook` is Stripe's, authenticated by its signature and answered as Stripe expects. */
export const billingApi = {
  status: defineRoute({ method: 'GET', path: '/api/billing', responses: { 200: ZBilling } }),
  checkout: defineRoute({ method: 'POST', path: '/api/billing/checkout', responses: { 200: ZBillingRedirect } }),
  portal: defineRoute({ method: 'POST', path: '/api/billing/portal', responses: { 200: ZBillingRedirect } }),
  webhook: defineRoute({ method: 'POST', path: '/api/billing/webhook', responses: {} }),
};
