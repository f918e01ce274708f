import { describe, expect, it } from 'vitest';
import { countDaysLeft, getBillingStatus, getDueTrialReminder, getTrialState, isInAudience, type TrialState } from './subscription';
import { ANNUAL_PRICE, TRIAL_MONTHS } from './constants';

const now = new Date('2026-06-01T12:00:00.000Z');
const future = '2026-07-01T00:00:00.000Z';
const past = '2026-05-01T00:00:00.000Z';

describe('getBillingStatus', () => {
  it('is free for everyone when billing is off, whatever the dates', () => {
    expect(getBillingStatus({ trial_ends_at: past, paid_until: null }, false, now)).toBe('free');
    expect(getBillingStatus({ trial_ends_at: future, paid_until: future }, false, now)).toBe('free');
  });

  it('is paid while paid_until lies ahead, even after the trial', () => {
    expect(getBillingStatus({ trial_ends_at: past, paid_until: future }, true, now)).toBe('paid');
    expect(getBillingStatus({ trial_ends_at: future, paid_until: future }, true, now)).toBe('paid');
  });

  it('is trial while the trial runs and nothing is paid', () => {
    expect(getBillingStatus({ trial_ends_at: future, paid_until: past }, true, now)).toBe('trial');
    expect(getBillingStatus({ trial_ends_at: future, paid_until: null }, true, now)).toBe('trial');
  });

  it('is expired once both dates have passed, at the exact end, or without readable dates', () => {
    expect(getBillingStatus({ trial_ends_at: past, paid_until: past }, true, now)).toBe('expired');
    expect(getBillingStatus({ trial_ends_at: now.toISOString(), paid_until: null }, true, now)).toBe('expired');
    expect(getBillingStatus({ trial_ends_at: null, paid_until: null }, true, now)).toBe('expired');
    expect(getBillingStatus({ trial_ends_at: 'not a date', paid_until: undefined }, true, now)).toBe('expired');
  });

  it('names an expired account expired_trial for operators', () => {
    expect(getTrialState({ trial_ends_at: past, paid_until: null }, true, now)).toBe('expired_trial');
    expect(getTrialState({ trial_ends_at: past, paid_until: null }, false, now)).toBe('free');
  });
});

describe('countDaysLeft', () => {
  it('rounds partial days up and never goes below zero', () => {
    expect(countDaysLeft('2026-06-02T12:00:00.000Z', now)).toBe(1);
    expect(countDaysLeft('2026-06-02T13:00:00.000Z', now)).toBe(2);
    expect(countDaysLeft(past, now)).toBe(0);
    expect(countDaysLeft(null, now)).toBeNull();
  });
});

describe('getDueTrialReminder', () => {
  const at = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

  it('is due 14 days before, 3 days before and at the end, else nothing', () => {
    expect(getDueTrialReminder(at(20), now)).toBeNull();
    expect(getDueTrialReminder(at(14), now)).toBe('trial_14d');
    expect(getDueTrialReminder(at(4), now)).toBe('trial_14d');
    expect(getDueTrialReminder(at(3), now)).toBe('trial_3d');
    expect(getDueTrialReminder(at(0.5), now)).toBe('trial_3d');
    expect(getDueTrialReminder(at(0), now)).toBe('trial_ended');
    expect(getDueTrialReminder(at(-6), now)).toBe('trial_ended');
  });

  it('stops reminding a week after the end and without a date', () => {
    expect(getDueTrialReminder(at(-8), now)).toBeNull();
    expect(getDueTrialReminder(null, now)).toBeNull();
  });
});

describe('isInAudience', () => {
  const states: TrialState[] = ['trial', 'paid', 'expired_trial', 'free'];

  it('includes everyone in the all audience', () => {
    expect(states.every((s) => isInAudience(s, 'all'))).toBe(true);
  });

  it('includes only the matching state in the trial, paid and expired audiences', () => {
    expect(states.filter((s) => isInAudience(s, 'trial'))).toEqual(['trial']);
    expect(states.filter((s) => isInAudience(s, 'paid'))).toEqual(['paid']);
    expect(states.filter((s) => isInAudience(s, 'expired'))).toEqual(['expired_trial']);
  });
});

describe('constants', () => {
  it('prices a year at 49.99 with a 6-month trial', () => {
    expect(ANNUAL_PRICE).toBe(49.99);
    expect(TRIAL_MONTHS).toBe(6);
  });
});
