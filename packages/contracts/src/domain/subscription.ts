/** The subscription state an operator sees and notification audiences are built from. */
export type TrialState = 'trial' | 'paid' | 'expired_trial' | 'free';

export type NotificationAudience = 'all' | 'trial' | 'paid';

export interface SubscriptionFields {
  subscription_status: string | null | undefined;
  trial_ends_at: string | null | undefined;
}

/**
 * Derives the state from the stored status and the trial end. A trial whose end date has passed counts as
 * expired even before any job flips the stored status, so stats and audiences never lag behind the clock.
 */
export function getTrialState(profile: SubscriptionFields, now: Date = new Date()): TrialState {
  const status = profile.subscription_status ?? 'free';
  if (status === 'active') return 'paid';
  const endsAt = profile.trial_ends_at ? Date.parse(profile.trial_ends_at) : Number.NaN;
  const hasEnd = !Number.isNaN(endsAt);
  if (status === 'trial' && hasEnd && endsAt > now.getTime()) return 'trial';
  if ((status === 'trial' || status === 'expired') && hasEnd && endsAt <= now.getTime()) return 'expired_trial';
  return 'free';
}

/** Whether someone in `state` belongs to a notification audience (all: everyone). */
export function isInAudience(state: TrialState, audience: NotificationAudience): boolean {
  if (audience === 'all') return true;
  if (audience === 'trial') return state === 'trial';
  return state === 'paid';
}
