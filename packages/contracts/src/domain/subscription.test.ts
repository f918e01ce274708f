import { describe, expect, it } from 'vitest';
import { getTrialState, isInAudience, type TrialState } from './subscription';
import { ANNUAL_PRICE, TRIAL_MONTHS } from './constants';

const now = new Date('2026-06-01T12:00:00.000Z');
const future = '2026-07-01T00:00:00.000Z';
const past = '2026-05-01T00:00:00.000Z';

describe('getTrialState', () => {
  it('treats an active subscription as paid whatever the trial date', () => {
    expect(getTrialState({ subscription_status: 'active', trial_ends_at: past }, now)).toBe('paid');
    expect(getTrialState({ subscription_status: 'active', trial_ends_at: null }, now)).toBe('paid');
  });

  it('is trial while the trial end lies in the future', () => {
    expect(getTrialState({ subscription_status: 'trial', trial_ends_at: future }, now)).toBe('trial');
  });

  it('is expired_trial once the end has passed, for trial and expired statuses', () => {
    expect(getTrialState({ subscription_status: 'trial', trial_ends_at: past }, now)).toBe('expired_trial');
    expect(getTrialState({ subscription_status: 'expired', trial_ends_at: past }, now)).toBe('expired_trial');
    expect(getTrialState({ subscription_status: 'trial', trial_ends_at: now.toISOString() }, now)).toBe('expired_trial');
  });

  it('is free otherwise (free, cancelled, missing or unreadable dates)', () => {
    expect(getTrialState({ subscription_status: 'free', trial_ends_at: future }, now)).toBe('free');
    expect(getTrialState({ subscription_status: null, trial_ends_at: null }, now)).toBe('free');
    expect(getTrialState({ subscription_status: 'cancelled', trial_ends_at: past }, now)).toBe('free');
    expect(getTrialState({ subscription_status: 'trial', trial_ends_at: null }, now)).toBe('free');
    expect(getTrialState({ subscription_status: 'trial', trial_ends_at: 'not a date' }, now)).toBe('free');
    expect(getTrialState({ subscription_status: 'expired', trial_ends_at: future }, now)).toBe('free');
  });
});

describe('isInAudience', () => {
  const states: TrialState[] = ['trial', 'paid', 'expired_trial', 'free'];

  it('includes everyone in the all audience', () => {
    expect(states.every((s) => isInAudience(s, 'all'))).toBe(true);
  });

  it('includes only trial users in the trial audience and only paid users in the paid audience', () => {
    expect(states.filter((s) => isInAudience(s, 'trial'))).toEqual(['trial']);
    expect(states.filter((s) => isInAudience(s, 'paid'))).toEqual(['paid']);
  });
});

describe('constants', () => {
  it('prices a year at 49.99 with a 6-month trial', () => {
    expect(ANNUAL_PRICE).toBe(49.99);
    expect(TRIAL_MONTHS).toBe(6);
  });
});
