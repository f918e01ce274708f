import { describe, expect, it } from 'vitest';
import { findDates, findTime, parseDateString } from './dates';
import { getDateOrder } from './locale';

const now = new Date(Date.UTC(2026, 0, 1));

describe('parseDateString', () => {
  it.each([
    ['19/02/2018', '2018-02-19'],
    ['04-05-18', '2018-05-04'],
    ['22 MAR 18', '2018-03-22'],
    ['14/MAY/2017', '2017-05-14'],
    ['2018-03-23', '2018-03-23'],
    ['25.12.2018', '2018-12-25'],
    ['OCT 9, 2018', '2018-10-09'],
    ['20180304', '2018-03-04'],
    ['(13/03/2018)', '2018-03-13'],
  ])('reads %s day-first', (text, iso) => {
    expect(parseDateString(text, 'DMY', now)).toBe(iso);
  });

  it('does not read a month and year ("OCT 2017") as a day in that month', () => {
    expect(parseDateString('OCT 2017 TUE', 'DMY', now)).toBeNull();
    expect(parseDateString('Oct 3 16', 'DMY', now)).toBe('2016-10-03');
  });

  it('reads the day of a text-month date with one stray digit glued before it', () => {
    expect(parseDateString('DATE 210 OCT 2017 TUE', 'DMY', now)).toBe('2017-10-10');
    expect(parseDateString('DATE 12 OCT 2017', 'DMY', now)).toBe('2017-10-12');
  });

  it('resolves 04/12/2016 by locale: April in en-US, December in en-MY', () => {
    expect(parseDateString('04/12/2016', getDateOrder('en-US'), now)).toBe('2016-04-12');
    expect(parseDateString('04/12/2016', getDateOrder('en-MY'), now)).toBe('2016-12-04');
  });

  it('lets the numbers win over the locale when only one order is valid', () => {
    expect(parseDateString('25/12/2018', 'MDY', now)).toBe('2018-12-25');
    expect(parseDateString('12/25/2018', 'DMY', now)).toBe('2018-12-25');
  });

  it('rejects impossible and implausible dates', () => {
    expect(parseDateString('31/02/2018', 'DMY', now)).toBeNull();
    expect(parseDateString('01/01/2031', 'DMY', now)).toBeNull();
  });
});

describe('findDates', () => {
  it('keeps looking after a failed reading ("#19- 18/01/2018")', () => {
    expect(findDates('ORD #50 -REG #19- 18/01/2018 10:27:03', 'DMY', now).map((date) => date.iso)).toEqual(['2018-01-18']);
  });

  it('flags dates whose order came from the locale', () => {
    expect(findDates('04/12/2016', 'MDY', now)[0]?.isAmbiguous).toBe(true);
    expect(findDates('25/12/2016', 'MDY', now)[0]?.isAmbiguous).toBe(false);
  });
});

describe('findTime', () => {
  it('reads 12 h and 24 h times', () => {
    expect(findTime('Date 25/12/2018 8:13:39 PM')?.value).toBe('20:13');
    expect(findTime('10/03/2018 17:24:07')?.value).toBe('17:24');
    expect(findTime('TOTAL 12.50')).toBeNull();
  });
});

describe('getDateOrder', () => {
  it('knows month-first and day-first regions', () => {
    expect(getDateOrder('en-US')).toBe('MDY');
    expect(getDateOrder('en-MY')).toBe('DMY');
    expect(getDateOrder('en-GB')).toBe('DMY');
    expect(getDateOrder('not a locale')).toBe('DMY');
  });
});
