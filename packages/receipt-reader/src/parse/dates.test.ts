import { describe, expect, it } from 'vitest';
import { findDates, findTime, parseDateString } from './dates';
import { getDateOrder } from './locale';
import { getVocabulary } from './vocabulary/index';

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

/** Reads a date with the month names and date order of a locale's vocabulary. */
function readIn(locale: string, text: string): string | null {
  const vocabulary = getVocabulary(locale);
  return parseDateString(text, vocabulary.dateOrder, now, vocabulary.months);
}

describe("parseDateString with month names in the receipt's language", () => {
  it.each([
    ['de-DE', '3. März 2026', '2026-03-03'],
    ['de-DE', '3. MARZ 2026', '2026-03-03'],
    ['de-DE', '3 MRZ 2026', '2026-03-03'],
    ['de-DE', '15. Sept. 2026', '2026-09-15'],
    ['de-DE', '12 OKT 2026', '2026-10-12'],
    ['de-DE', '24. Dezember 2026', '2026-12-24'],
    ['de-AT', '3. Jänner 2026', '2026-01-03'],
    ['fr-FR', '15 janv. 2026', '2026-01-15'],
    ['fr-FR', '15 FEVR 2026', '2026-02-15'],
    ['fr-FR', '15 FEVRIER 2026', '2026-02-15'],
    ['fr-FR', '2 avr. 2026', '2026-04-02'],
    ['fr-FR', '1er mai 2026', '2026-05-01'],
    ['fr-FR', '14 JUIL 2026', '2026-07-14'],
    ['fr-FR', '15 août 2026', '2026-08-15'],
    ['fr-FR', '15 AOUT 2026', '2026-08-15'],
    ['fr-FR', '24 DÉCEMBRE 2026', '2026-12-24'],
    ['es-ES', '1 de mayo de 2026', '2026-05-01'],
    ['es-ES', '1º de mayo de 2026', '2026-05-01'],
    ['es-ES', '6 ENE 2026', '2026-01-06'],
    ['es-ES', '24 DIC. 2026', '2026-12-24'],
    ['es-ES', '15 de setiembre de 2026', '2026-09-15'],
    ['it-IT', '24 dicembre 2026', '2026-12-24'],
    ['it-IT', '2 giu 2026', '2026-06-02'],
    ['it-IT', '1° maggio 2026', '2026-05-01'],
    ['nl-NL', '12 okt 2026', '2026-10-12'],
    ['nl-NL', '12-okt-2026', '2026-10-12'],
    ['nl-NL', '12-OKT-26', '2026-10-12'],
    ['nl-NL', '3 maart 2026', '2026-03-03'],
    ['nl-NL', '3 mrt 2026', '2026-03-03'],
    ['nl-NL', '1 mei 2026', '2026-05-01'],
    ['he-IL', '15 בינואר 2026', '2026-01-15'],
    ['he-IL', '15 ינואר 2026', '2026-01-15'],
    ['he-IL', '15 בינו׳ 2026', '2026-01-15'],
    ['he-IL', "3 אוק' 2026", '2026-10-03'],
  ])('%s reads %s', (locale, text, iso) => {
    expect(readIn(locale, text)).toBe(iso);
  });

  it('reads those months only with the locale: English months alone read them as before', () => {
    expect(readIn('it-IT', '24 dicembre 2026')).toBe('2026-12-24');
    expect(readIn('en-US', '24 dicembre 2026')).toBeNull();
    expect(parseDateString('24 dicembre 2026', 'DMY', now)).toBeNull();
    expect(readIn('de-DE', '3. März 2026')).toBe('2026-03-03');
    expect(readIn('en-GB', '3. März 2026')).toBeNull();
    // English months still read in every locale, as the tills there print them too.
    for (const locale of ['en-US', 'de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL', 'he-IL']) {
      expect(readIn(locale, '24 DEC 2026'), locale).toBe('2026-12-24');
      expect(readIn(locale, 'DEC 24, 2026'), locale).toBe('2026-12-24');
    }
  });

  it('keeps the day/month order of numeric dates to the locale', () => {
    expect(readIn('de-DE', '04.12.2026')).toBe('2026-12-04');
    expect(readIn('en-US', '04/12/2026')).toBe('2026-04-12');
  });

  it("reads no date from items named like a month: a day and a year must stand around the month's whole word", () => {
    const items: [string, string][] = [
      ['fr-FR', '2 MARS 12,90'],
      ['fr-FR', 'MARS 2 12,50'],
      ['fr-FR', 'MAIS 2 1,29'],
      ['fr-FR', '1 MAI 2,50'],
      ['fr-FR', '3 MAISON 2026'],
      ['de-DE', '1 JUNI 12,50'],
      ['de-DE', 'MAI 2026'],
      ['it-IT', '1 SET 24 PZ 3,90'],
      ['it-IT', '2 MAG 12,00'],
      ['es-ES', '2 MAYO 12,90'],
      ['nl-NL', '12 okt 26'],
      ['nl-NL', '2 MEI 10,99'],
    ];
    for (const [locale, line] of items) expect(readIn(locale, line), `${locale} ${line}`).toBeNull();
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
