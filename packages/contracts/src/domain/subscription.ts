import { addDaysTo, countDaysUntil } from './dates';

/** What a shopper's account allows right now: the paid features need `trial`, `paid` or `free`. */
export type BillingStatus = 'trial' | 'paid' | 'expired' | 'free';

/** The subscription state an operator sees and notification audiences are built from. */
export type TrialState = 'trial' | 'paid' | 'expired_trial' | 'free';

export type NotificationAudience = 'all' | 'trial' | 'paid' | 'expired';

export interface SubscriptionFields {
  trial_ends_at: string | null | undefined;
  paid_until: string | null | undefined;
}

/** How long a subscription whose renewal failed (past_due) stays paid while Stripe retries the card. */
export const PAST_DUE_GRACE_DAYS = 14;

/** Days before the trial's end when a reminder goes out (the third reminder is at the end itself). */
export const TRIAL_REMINDER_DAYS = [14, 3] as const;

function toTime(iso: string | null | undefined): number {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * Derives the state from the two dates alone, so it never lags behind the clock and needs no job to flip it:
 * paid while `paid_until` lies ahead (a subscription or an operator's comped time), else trial while the trial
 * runs, else expired. With billing off every account is `free`, with every feature.
 */
export function getBillingStatus(fields: SubscriptionFields, isBillingEnabled: boolean, now: Date = new Date()): BillingStatus {
  if (!isBillingEnabled) return 'free';
  if (toTime(fields.paid_until) > now.getTime()) return 'paid';
  if (toTime(fields.trial_ends_at) > now.getTime()) return 'trial';
  return 'expired';
}

/** The operator's name for a billing status (the spec counts "expired trials"). */
export function toTrialState(status: BillingStatus): TrialState {
  return status === 'expired' ? 'expired_trial' : status;
}

export function getTrialState(fields: SubscriptionFields, isBillingEnabled: boolean, now: Date = new Date()): TrialState {
  return toTrialState(getBillingStatus(fields, isBillingEnabled, now));
}

/** Whole days from `now` until `iso` (rounded up: 13.2 days left reads 14), never negative; null without a date. */
export function countDaysLeft(iso: string | null | undefined, now: Date = new Date()): number | null {
  const time = toTime(iso);
  if (time === Number.NEGATIVE_INFINITY) return null;
  return Math.max(0, countDaysUntil(time, now));
}

/** Whether someone in `state` belongs to a notification audience (all: everyone). */
export function isInAudience(state: TrialState, audience: NotificationAudience): boolean {
  if (audience === 'all') return true;
  if (audience === 'trial') return state === 'trial';
  if (audience === 'expired') return state === 'expired_trial';
  return state === 'paid';
}

export type TrialReminderKind = 'trial_14d' | 'trial_3d' | 'trial_ended';

/**
 * The one trial reminder due at `now`, if any: the latest stage reached (a shopper first seen 2 days before the end
 * gets the 3-day reminder, not both). An ended trial is reminded during a week after its end, not forever.
 */
export function getDueTrialReminder(trialEndsAt: string | null | undefined, now: Date = new Date()): TrialReminderKind | null {
  const end = toTime(trialEndsAt);
  if (end === Number.NEGATIVE_INFINITY) return null;
  if (end <= now.getTime()) return end >= addDaysTo(now, -7).getTime() ? 'trial_ended' : null;
  if (end <= addDaysTo(now, 3).getTime()) return 'trial_3d';
  if (end <= addDaysTo(now, 14).getTime()) return 'trial_14d';
  return null;
}
