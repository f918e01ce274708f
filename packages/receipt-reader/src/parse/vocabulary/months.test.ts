import { describe, expect, it } from 'vitest';
import { getVocabulary, RECEIPT_LOCALES } from './index';
import { buildLanguageMonths, buildMonthNameSource, findMonthOfSpelling, NO_LANGUAGE_MONTHS } from './months';

const NON_ENGLISH = RECEIPT_LOCALES.filter((locale) => !locale.startsWith('en-'));

describe('buildLanguageMonths', () => {
  it("takes Intl's long and short names, upper case, with and without accents, and the module's own spellings", () => {
    const german = getVocabulary('de-DE').months;
    expect(german.names[2]).toEqual(expect.arrayContaining(['MÄRZ', 'MARZ', 'MÄR', 'MAR', 'MRZ', 'MAERZ']));
    expect(german.names[8]).toEqual(expect.arrayContaining(['SEPTEMBER', 'SEPT', 'SEP']));
    const french = getVocabulary('fr-FR').months;
    expect(french.names[1]).toEqual(expect.arrayContaining(['FÉVRIER', 'FEVRIER', 'FÉVR', 'FEVR', 'FÉV', 'FEV']));
    expect(french.names[11]).toEqual(expect.arrayContaining(['DÉCEMBRE', 'DECEMBRE', 'DÉC', 'DEC']));
    expect(french.daySuffixes).toEqual(['ER']);
    expect(getVocabulary('es-ES').months.names[0]).toEqual(expect.arrayContaining(['ENERO', 'ENE']));
    expect(getVocabulary('it-IT').months.names[11]).toEqual(expect.arrayContaining(['DICEMBRE', 'DIC']));
    expect(getVocabulary('nl-NL').months.names[2]).toEqual(expect.arrayContaining(['MAART', 'MRT']));
    // The geresh of Intl's short Hebrew names (ינו׳) is dropped: OCR reads it as an apostrophe or not at all.
    expect(getVocabulary('he-IL').months.names[0]).toEqual(expect.arrayContaining(['ינואר', 'ינו']));
  });

  it('takes the words Intl prints between day, month and year', () => {
    expect(getVocabulary('es-ES').months.joiners).toEqual(['DE']);
    expect(getVocabulary('he-IL').months.joiners).toEqual(['ב']);
    expect(getVocabulary('de-DE').months.joiners).toEqual([]);
  });

  it('gives English vocabularies no months of their own: the date reader has the English ones', () => {
    for (const locale of ['en-US', 'en-GB', 'en-MY', 'en-SG', 'ja-JP', 'not a tag']) {
      expect(getVocabulary(locale).months, locale).toBe(NO_LANGUAGE_MONTHS);
    }
  });

  it("reads a locale without a module with its own tag's names besides its language module's", () => {
    expect(getVocabulary('de-AT').months.names[0]).toEqual(expect.arrayContaining(['JÄNNER', 'JANNER', 'JANUAR']));
    expect(getVocabulary('de-DE').months.names[0]).not.toContain('JÄNNER');
  });

  it('names Gregorian months whatever calendar the tag asks for', () => {
    expect(buildLanguageMonths(['he-IL-u-ca-hebrew'], {}).names).toEqual(buildLanguageMonths(['he-IL'], {}).names);
  });

  it.each(NON_ENGLISH)('%s: twelve months, each spelled, and no spelling naming two months', (locale) => {
    const { names } = getVocabulary(locale).months;
    expect(names).toHaveLength(12);
    const owners = new Map<string, number>();
    names.forEach((spellings, index) => {
      expect(spellings.length, `${locale} month ${index + 1}`).toBeGreaterThan(0);
      for (const spelling of spellings) {
        expect(owners.get(spelling) ?? index, `${locale} ${spelling}`).toBe(index);
        owners.set(spelling, index);
      }
    });
  });
});

describe('findMonthOfSpelling', () => {
  it('finds the month of a spelling as read, with a final dot or without its accents', () => {
    const french = getVocabulary('fr-FR').months;
    expect(['JANV.', 'févr.', 'FÉVRIER', 'AOUT', 'Déc', 'JUIL'].map((word) => findMonthOfSpelling(french, word))).toEqual([
      1, 2, 2, 8, 12, 7,
    ]);
    expect(findMonthOfSpelling(french, 'MAIS')).toBe(0);
  });
});

describe('buildMonthNameSource', () => {
  it('matches whole spellings, the longest first, and nothing for English', () => {
    const german = new RegExp(`^(${buildMonthNameSource(getVocabulary('de-DE').months)})`, 'iu');
    expect(german.exec('SEPTEMBER')?.[1]).toBe('SEPTEMBER');
    expect(new RegExp(buildMonthNameSource(NO_LANGUAGE_MONTHS)).test('JAN')).toBe(false);
  });
});
