import { describe, expect, it } from 'vitest';
import { parseDateString } from '../parse/dates';
import { getVocabulary } from '../parse/vocabulary/index';
import { selectCrossReadLines } from './cross-read';
import { getFieldLinePatterns } from './field-line-patterns';
import { findFieldLines, selectFieldLines } from './field-rereads';
import type { OcrLine } from './line-rereads';

/** The English patterns as the SROIE bench was measured with them: English receipts must pick the same lines. */
const ENGLISH_SOURCES = {
  totalWords: String.raw`[TI1][O0]TA[L1]|T[O0]T|SUB|CASH|CHAN|CHG|BAKI|ROUND|TENDER|PAID|PAY|AMOUNT|AMT|DUE|JUMLAH|NET|GST|TAX|\bRM\b|CARD|VISA|MASTER|DEBIT|CREDIT|RECEIVED`,
  word: '[A-Za-z]{2,}',
  dateLike: String.raw`\d\s?[/.-]\s?\d{1,2}\s?[/.-]\s?\d|\b(DATE|TARIKH|DT)\b|\d{1,2}:\d{2}|\b(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s?\d`,
  totalLabel: String.raw`\b(T[O0]TAL|NET|CASH|CHANGES?|TENDER|PAID|PAYABLE|DUE|ROUNDING)\b`,
  notTotalLabel: String.raw`CASHIER|DESCRIPTION|SUMMARY|QTY|QUANTITY|ITEMS?\b|INV(OICE)?\b|NO\b`,
  registrationNumber: String.raw`\(?\s?\b[A-Z]{0,3}\d{4,}\s?-\s?[A-Z0-9]\b\s?\)?|\(\s?\d{4,}[^)]*\)?`,
  contactOrAddress: String.raw`\b(TEL|FAX|GST|REG|H\/P|PHONE)\b|\b\d{5}\b`,
  notLetter: '[^A-Za-z]',
};
const ENGLISH_FLAGS = { totalWords: 'i', word: '', dateLike: 'i', totalLabel: 'i', notTotalLabel: 'i', registrationNumber: 'g' };

const BOTH_DOUBTFUL = { isTotalDoubtful: true, isDateDoubtful: true };

describe('getFieldLinePatterns', () => {
  it('gives English receipts, of any English locale or a language without a module, the English patterns unchanged', () => {
    for (const locale of ['en-US', 'en-GB', 'en-MY', 'en-SG', 'ja-JP', 'not a tag']) {
      const patterns = getFieldLinePatterns(getVocabulary(locale));
      const sources = Object.fromEntries(Object.entries(patterns).map(([name, pattern]) => [name, pattern.source]));
      expect(sources, locale).toEqual(ENGLISH_SOURCES);
      expect(patterns, locale).toMatchObject(
        Object.fromEntries(Object.entries(ENGLISH_FLAGS).map(([name, flags]) => [name, expect.objectContaining({ flags })])),
      );
    }
  });

  it('builds the patterns of a vocabulary once', () => {
    expect(getFieldLinePatterns(getVocabulary('de-DE'))).toBe(getFieldLinePatterns(getVocabulary('de-DE')));
    expect(getFieldLinePatterns(getVocabulary('de-DE'))).not.toBe(getFieldLinePatterns(getVocabulary('en-US')));
  });
});

/** OCR-like page text in each locale: the total line (index 4), its amount-only line under a label (6) and the date (1). */
const PAGES: Record<string, readonly string[]> = {
  'de-DE': ['BÄCKEREI MÜLLER', 'Datum 24.1l.2026', 'BROT 3,50', 'KAFFEE 2,80', 'SUMME 6,30', 'RÜCKGELD', '3,70', 'Vielen Dank'],
  'fr-FR': ['BOULANGERIE DUPONT', '24 nov. 2026', 'BAGUETTE 1,20', 'CROISSANT 1,10', 'MONTANT 2,30', 'RENDU MONNAIE', '2,70', 'Merci'],
  'es-ES': ['SUPERMERCADO GARCÍA', 'FECHA 24/ll/2026', 'PAN 1,20', 'LECHE 0,95', 'IMPORTE 2,15', 'DEVOLUCIÓN', '2,85', 'Gracias'],
  'it-IT': ['PANIFICIO ROSSI', '24 novembre 2026', 'PANE 1,20', 'LATTE 0,95', 'IMPORTO 2,15', 'RESTO', '2,85', 'Grazie'],
  'nl-NL': ['BAKKERIJ DE VRIES', 'Datum 24-ll-2026', 'BROOD 1,20', 'MELK 0,95', 'BEDRAG 2,15', 'WISSELGELD', '2,85', 'Bedankt'],
  'he-IL': ['שופרסל דיל', 'תאריך 24/ll/2026', 'לחם 7.90', 'חלב 6.50', 'לתשלום 14.40', 'עודף', '5.60', 'תודה רבה'],
};

describe('findFieldLines / selectFieldLines in the receipt locale', () => {
  for (const [locale, page] of Object.entries(PAGES)) {
    it(`picks the doubtful total and date lines of a ${locale} receipt, which the English words miss`, () => {
      expect(findFieldLines(page, getVocabulary(locale))).toEqual({ total: [4, 6], date: [1] });
      expect(selectFieldLines(page, BOTH_DOUBTFUL, getVocabulary(locale))).toEqual([1, 4, 6]);
      // The English words find only the Italian date, by its English-looking month stem (NOV).
      expect(selectFieldLines(page, BOTH_DOUBTFUL, getVocabulary('en-US'))).toEqual(locale === 'it-IT' ? [1] : []);
    });
  }

  it('takes month names of the locale only before a number', () => {
    const german = getVocabulary('de-DE');
    expect(findFieldLines(['12. März 2026', 'Dezember', 'MÄR 12'], german).date).toEqual([0, 2]);
  });

  /** Month-name dates the date reader reads: a line picked for its month is one a re-read can date. */
  const MONTH_LINES: [string, string, string][] = [
    ['de-DE', 'BON 3. März 2026', '2026-03-03'],
    ['fr-FR', 'Le 15 févr. 2026', '2026-02-15'],
    ['es-ES', 'Madrid, 1 de mayo de 2026', '2026-05-01'],
    ['it-IT', 'Roma 24 dic 2026', '2026-12-24'],
    ['nl-NL', 'Bon 12 okt 2026', '2026-10-12'],
    ['he-IL', 'קבלה 15 בינואר 2026', '2026-01-15'],
  ];
  for (const [locale, line, iso] of MONTH_LINES) {
    it(`picks the ${locale} date line "${line}" by its month, and the date reader dates it with the same months`, () => {
      const vocabulary = getVocabulary(locale);
      expect(findFieldLines(['SHOP', line, 'BROT 3,50'], vocabulary).date).toEqual([1]);
      expect(parseDateString(line, vocabulary.dateOrder, new Date(Date.UTC(2026, 0, 1)), vocabulary.months)).toBe(iso);
      expect(findFieldLines(['SHOP', line, 'BROT 3,50'], getVocabulary('en-US')).date).toEqual([]);
    });
  }
});

function makeLines(texts: readonly string[]): OcrLine[] {
  return texts.map((text, index) => ({
    text: `${text}\n`,
    confidence: 80,
    bbox: { x0: 10, y0: index * 30, x1: 390, y1: index * 30 + 24 },
  }));
}

describe('selectCrossReadLines in the receipt locale', () => {
  const page = makeLines([
    'ÉPICERIE DU MIDI',
    'SIRET 12345678900012',
    'N° TVA intracom. FR12345678901',
    'RUE DE LA PAIX 12',
    '24 janv. 2026 10:15',
    'BAGUETTE 1,20',
    'MONTANT 1,20',
    'RENDU MONNAIE  Z,B0',
    'CAISSIER MONTANT 1',
  ]);

  it("reads a French header's name and address, date and total lines, but not a registration, tax number or cashier line", () => {
    const french = getVocabulary('fr-FR');
    expect(selectCrossReadLines(page, false, french)).toEqual([0, 3, 4]);
    expect(selectCrossReadLines(page, true, french)).toEqual([0, 3, 4, 6, 7]);
    // The English words take the registration and tax lines for names and miss the garbled change.
    expect(selectCrossReadLines(page, true, getVocabulary('en-US'))).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('selectCrossReadLines and phone lines', () => {
  // English's \bTEL\b already stops at an accented letter ("Tél", "Teléfono"); the other spellings need the locale.
  const phoneLines: Record<string, { phone: string; isMissedInEnglish: boolean }> = {
    'de-DE': { phone: 'Telefon 030 1234567', isMissedInEnglish: true },
    'fr-FR': { phone: 'Téléphone 01 23 45 67 89', isMissedInEnglish: false },
    'es-ES': { phone: 'Teléfono 912 345 678', isMissedInEnglish: false },
    'it-IT': { phone: 'Telefono 06 1234567', isMissedInEnglish: true },
    'nl-NL': { phone: 'Telefoon 020 1234567', isMissedInEnglish: true },
  };
  for (const [locale, { phone, isMissedInEnglish }] of Object.entries(phoneLines)) {
    it(`does not read a ${locale} phone line again as a possible store name`, () => {
      const page = makeLines(['MARKT AM PLATZ', phone, '24.11.2026 10:15', 'BROT 1,20']);
      expect(selectCrossReadLines(page, false, getVocabulary(locale))).toEqual([0, 2, 3]);
      expect(selectCrossReadLines(page, false, getVocabulary('en-US'))).toEqual(isMissedInEnglish ? [0, 1, 2, 3] : [0, 2, 3]);
    });
  }
});
