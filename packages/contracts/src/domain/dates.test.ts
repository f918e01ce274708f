import { describe, expect, it } from 'vitest';
import {
  addDaysIso,
  addDaysTo,
  addMonthsIso,
  addMonthsTo,
  countDaysBetween,
  countDaysUntil,
  getLocalTimeZone,
  getLocalTodayIso,
  getMonthStartIso,
  getTodayIso,
  getWeekStartIso,
  getYearStartIso,
  isIsoDay,
  toIsoDay,
} from './dates';

describe('calendar days in a time zone', () => {
  it('puts a moment on the day it falls on where the shopper is', () => {
    const lateEvening = new Date('2026-11-28T23:30:00Z');
    expect(toIsoDay(lateEvening)).toBe('2026-11-28');
    expect(toIsoDay(lateEvening, 'Asia/Kuala_Lumpur')).toBe('2026-11-29');
    expect(toIsoDay(lateEvening, 'America/Los_Angeles')).toBe('2026-11-28');
    expect(toIsoDay(new Date('2026-11-29T04:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-28');
  });

  it('reads today for a zone half an hour off the hour, and across the date line', () => {
    const now = new Date('2026-12-31T18:40:00Z');
    expect(getTodayIso('Asia/Kolkata', now)).toBe('2027-01-01');
    expect(getTodayIso('Pacific/Kiritimati', new Date('2026-11-28T10:30:00Z'))).toBe('2026-11-29');
    expect(getTodayIso('Pacific/Pago_Pago', new Date('2026-11-28T10:30:00Z'))).toBe('2026-11-27');
  });

  it('reads the local day in the zone this runtime reports', () => {
    const now = new Date('2026-11-28T23:30:00Z');
    expect(getLocalTodayIso(now)).toBe(toIsoDay(now, getLocalTimeZone()));
    expect(getLocalTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('keeps midnight on its own day and a second before it on the day before', () => {
    expect(toIsoDay(new Date('2026-03-29T00:00:00+01:00'), 'Europe/Berlin')).toBe('2026-03-29');
    expect(toIsoDay(new Date('2026-03-28T23:59:59+01:00'), 'Europe/Berlin')).toBe('2026-03-28');
  });

  it('reads UTC days right when asked in any order, around midnight and the last day asked', () => {
    const moments = ['2026-11-28T12:00:00Z', '2026-11-28T23:59:59.999Z', '2026-11-29T00:00:00Z', '2026-11-28T00:00:00Z'];
    const days = ['2026-11-28', '2026-11-28', '2026-11-29', '2026-11-28'];
    expect(moments.map((m) => toIsoDay(new Date(m)))).toEqual(days);
    expect(toIsoDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(toIsoDay(Date.parse('2024-02-29T08:00:00Z'))).toBe('2024-02-29');
    expect(() => toIsoDay(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('adding days and months to a calendar day', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDaysIso('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDaysIso('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDaysIso('2026-11-28', 0)).toBe('2026-11-28');
  });

  it('keeps a month step inside the month', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2026-11-15', -12)).toBe('2025-11-15');
  });

  it('counts calendar days between two days, either way', () => {
    expect(countDaysBetween('2026-11-28', '2026-12-05')).toBe(7);
    expect(countDaysBetween('2026-12-05', '2026-11-28')).toBe(-7);
    expect(countDaysBetween('2026-02-28', '2026-03-01')).toBe(1);
  });

  it('finds the Monday, the month start and the year start', () => {
    expect(getWeekStartIso('2026-11-29')).toBe('2026-11-23');
    expect(getWeekStartIso('2026-11-23')).toBe('2026-11-23');
    expect(getWeekStartIso('2027-01-01')).toBe('2026-12-28');
    expect(getMonthStartIso('2026-02-28')).toBe('2026-02-01');
    expect(getYearStartIso('2026-11-28')).toBe('2026-01-01');
  });

  it('tells real days from look-alikes', () => {
    expect(isIsoDay('2028-02-29')).toBe(true);
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2026-13-01')).toBe(false);
    expect(isIsoDay('2026-1-01')).toBe(false);
    expect(isIsoDay('2026-11-28T00:00:00Z')).toBe(false);
  });
});

describe('adding days to a moment', () => {
  it('keeps the wall-clock time across a daylight-saving change in the zone', () => {
    const beforeSpringForward = new Date('2026-03-28T12:00:00+01:00');
    const next = addDaysTo(beforeSpringForward, 1, 'Europe/Berlin');
    expect(next.toISOString()).toBe('2026-03-29T10:00:00.000Z');
    expect(next.getTime() - beforeSpringForward.getTime()).toBe(23 * 3_600_000);
  });

  it('adds whole 24-hour days in UTC', () => {
    expect(addDaysTo(new Date('2026-03-28T12:00:00Z'), 1).toISOString()).toBe('2026-03-29T12:00:00.000Z');
    expect(addDaysTo(new Date('2026-03-28T12:00:00Z'), -30).toISOString()).toBe('2026-02-26T12:00:00.000Z');
    expect(addMonthsTo(new Date('2026-01-31T08:00:00Z'), 1).toISOString()).toBe('2026-02-28T08:00:00.000Z');
  });

  it('counts a part day as a day when counting down', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(countDaysUntil(new Date('2026-12-11T16:48:00Z'), now)).toBe(14);
    expect(countDaysUntil(new Date('2026-12-12T12:00:00Z'), now)).toBe(14);
    expect(countDaysUntil(now, now)).toBe(0);
    expect(countDaysUntil(new Date('2026-11-26T00:00:00Z'), now)).toBe(-2);
  });
});
