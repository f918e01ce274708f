import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '../parse-receipt-text';
import { getVocabulary, RECEIPT_LOCALES } from './index';

const GERMAN_RECEIPT = [
  'BÄCKEREI MÜLLER GMBH',
  'HAUPTSTRASSE 12',
  '10115 BERLIN',
  '24.11.2026 10:15',
  'BROT 3,50',
  'KAFFEE 2,80',
  'SUMME EUR 6,30',
  'BAR 10,00',
  'RÜCKGELD 3,70',
].join('\n');
const FRENCH_RECEIPT = [
  'BOULANGERIE DUPONT SARL',
  '12 RUE DE LA PAIX',
  '75002 PARIS',
  '24/11/2026 10:15',
  'BAGUETTE 1,20',
  'CROISSANT 1,10',
  'SOUS-TOTAL 2,30',
  'TOTAL HT 2,09',
  'TVA 5,5% 0,21',
  'MONTANT 2,30',
  'ESPECES 5,00',
  'RENDU 2,70',
].join('\n');

describe('getVocabulary', () => {
  it('reads every English locale with the same words, and their own date order and currency', () => {
    const [us, gb, my] = ['en-US', 'en-GB', 'en-MY'].map(getVocabulary);
    expect(gb?.totalLabels).toEqual(us?.totalLabels);
    expect(my?.legalForms).toEqual(us?.legalForms);
    expect(us?.legalForms).toContain(String.raw`SDN\.?\s?BHD`);
    expect([us?.dateOrder, gb?.dateOrder, my?.dateOrder]).toEqual(['MDY', 'DMY', 'DMY']);
    expect([us?.currency.code, gb?.currency.code, my?.currency.code]).toEqual(['USD', 'GBP', 'MYR']);
  });

  it("adds a language's own words to the English ones", () => {
    const german = getVocabulary('de-DE');
    expect(german.totalLabels).toContain(String.raw`\bSUMME\b`);
    expect(german.totalLabels).toEqual(expect.arrayContaining([...getVocabulary('en-US').totalLabels]));
    expect(getVocabulary('en-US').totalLabels).not.toContain(String.raw`\bSUMME\b`);
  });

  it('takes a locale without a module of its own from its language and region', () => {
    const austrian = getVocabulary('de-AT');
    expect(austrian.legalForms).toContain('GMBH');
    expect(austrian.dateOrder).toBe('DMY');
    expect(getVocabulary('en-SG').legalForms).toEqual(getVocabulary('en-US').legalForms);
    expect(getVocabulary('not a tag').dateOrder).toBe('DMY');
  });

  it('names the tesseract languages a photo of the locale is read with, English for a language without a module', () => {
    const languagesOf = (locale: string) => getVocabulary(locale).ocrLanguages;
    expect(['en-US', 'en-GB', 'en-MY', 'en-SG'].map(languagesOf)).toEqual([['eng'], ['eng'], ['eng'], ['eng']]);
    expect(['de-DE', 'fr-FR', 'es-ES', 'it-IT', 'nl-NL'].map(languagesOf)).toEqual([['deu'], ['fra'], ['spa'], ['ita'], ['nld']]);
    // Israeli receipts print Latin brand names and units among the Hebrew.
    expect(languagesOf('he-IL')).toEqual(['heb', 'eng']);
    expect([languagesOf('de-AT'), languagesOf('fr-CA'), languagesOf('ja-JP'), languagesOf('not a tag')]).toEqual([
      ['deu'],
      ['fra'],
      ['eng'],
      ['eng'],
    ]);
    expect(RECEIPT_LOCALES).toEqual(expect.arrayContaining(['en-US', 'de-DE', 'he-IL']));
  });
});

describe("parseReceiptText with a locale's vocabulary", () => {
  it("reads a German receipt's total, payment and legal form", () => {
    const parsed = parseReceiptText(GERMAN_RECEIPT, { locale: 'de-DE' });
    expect(parsed.total.value).toBe(6.3);
    expect(parsed.payment.value?.method).toBe('BAR');
    expect(parsed.store.value).toBe('BÄCKEREI MÜLLER GMBH');
    expect(parsed.date.value).toBe('2026-11-24');
    expect(
      parseReceiptText(GERMAN_RECEIPT.replace('24.11.2026 10:15', 'DATUM 24.11.2026'), { locale: 'de-DE' }).date.confidence,
    ).toBeGreaterThan(
      parseReceiptText(GERMAN_RECEIPT.replace('24.11.2026 10:15', 'DATUM 24.11.2026'), { locale: 'en-US' }).date.confidence,
    );
    expect(parseReceiptText(GERMAN_RECEIPT, { locale: 'en-US' }).payment.value).toBeNull();
  });

  it("reads a French receipt's total and payment", () => {
    const parsed = parseReceiptText(FRENCH_RECEIPT, { locale: 'fr-FR' });
    expect(parsed.total.value).toBe(2.3);
    expect(parsed.subtotal.value).toBe(2.3);
    expect(parsed.tax.value).toBe(0.21);
    expect(parsed.payment.value?.method).toBe('ESPECES');
    const inEnglish = parseReceiptText(FRENCH_RECEIPT, { locale: 'en-US' });
    expect([inEnglish.total.value, inEnglish.subtotal.value]).not.toEqual([2.3, 2.3]);
  });
});

/** One shop's receipt in each locale: two items, a tax line, the total and the payment, in that locale's words. */
const TAXED_RECEIPTS: { locale: string; lines: string[]; items: string[]; tax: number; total: number }[] = [
  {
    locale: 'en-US',
    lines: ['FRESHMART', '11/24/2026', 'MILK 3.50', 'BREAD 2.80', 'TAX 7% 0.41', 'TOTAL 6.71', 'CASH 10.00'],
    items: ['MILK', 'BREAD'],
    tax: 0.41,
    total: 6.71,
  },
  {
    locale: 'en-GB',
    lines: ['CORNER SHOP LTD', '24/11/2026', 'MILK 1.50', 'BREAD 1.20', 'VAT 20% 0.45', 'TOTAL 2.70', 'CARD 2.70'],
    items: ['MILK', 'BREAD'],
    tax: 0.45,
    total: 2.7,
  },
  {
    locale: 'en-MY',
    lines: ['KEDAI RUNCIT SDN BHD', '24/11/2026', 'MILO 3.50', 'ROTI 2.80', 'SST 6% 0.38', 'JUMLAH 6.68', 'CASH 10.00'],
    items: ['MILO', 'ROTI'],
    tax: 0.38,
    total: 6.68,
  },
  {
    locale: 'de-DE',
    lines: ['BÄCKEREI MÜLLER GMBH', '24.11.2026', 'BROT 3,50', 'KAFFEE 2,80', 'MWST 7% 0,41', 'SUMME EUR 6,30', 'BAR 10,00'],
    items: ['BROT', 'KAFFEE'],
    tax: 0.41,
    total: 6.3,
  },
  {
    locale: 'fr-FR',
    lines: ['BOULANGERIE DUPONT SARL', '24/11/2026', 'BAGUETTE 1,20', 'CROISSANT 1,10', 'TVA 5,5% 0,21', 'TOTAL TTC 2,30', 'CB 2,30'],
    items: ['BAGUETTE', 'CROISSANT'],
    tax: 0.21,
    total: 2.3,
  },
  {
    locale: 'es-ES',
    lines: [
      'PANADERIA GARCIA S.L.',
      '24/11/2026',
      'PAN 1,20',
      'LECHE 0,95',
      'IVA 10% 0,20',
      'TOTAL A PAGAR 2,15',
      'EFECTIVO 5,00',
      'CAMBIO 2,85',
    ],
    items: ['PAN', 'LECHE'],
    tax: 0.2,
    total: 2.15,
  },
  {
    locale: 'it-IT',
    lines: ['PANIFICIO ROSSI SRL', '24/11/2026', 'PANE 2,50', 'LATTE 1,30', 'IVA 4% 0,15', 'TOTALE 3,80', 'CONTANTI 5,00', 'RESTO 1,20'],
    items: ['PANE', 'LATTE'],
    tax: 0.15,
    total: 3.8,
  },
  {
    locale: 'nl-NL',
    lines: ['BAKKERIJ DE VRIES B.V.', '24-11-2026', 'BROOD 2,50', 'MELK 1,30', 'BTW 9% 0,31', 'TOTAAL 3,80', 'PINNEN 3,80'],
    items: ['BROOD', 'MELK'],
    tax: 0.31,
    total: 3.8,
  },
  {
    locale: 'he-IL',
    lines: ['מאפיית כהן בע"מ', '24/11/2026', 'חלב 6,90', 'לחם 8,50', 'מע"מ 17% 2,24', 'סה"כ לתשלום 15,40', 'מזומן 20,00', 'עודף 4,60'],
    items: ['חלב', 'לחם'],
    tax: 2.24,
    total: 15.4,
  },
];

describe('a receipt with a tax line in every locale', () => {
  it.each(TAXED_RECEIPTS)(
    '$locale: the tax is read once, as the tax, and never as a bought item',
    ({ locale, lines, items, tax, total }) => {
      const parsed = parseReceiptText(lines.join('\n'), { locale });
      expect(parsed.items.map((item) => item.name)).toEqual(items);
      expect(parsed.tax.value).toBe(tax);
      expect(parsed.total.value).toBe(total);
      expect(parsed.date.value).toBe('2026-11-24');
    },
  );
});

/** Each locale's receipt above, dated with a month name as its tills print it. */
const MONTH_DATES: Record<string, { date: string; iso: string }> = {
  'en-US': { date: 'Nov 24, 2026', iso: '2026-11-24' },
  'en-GB': { date: '24 Nov 2026', iso: '2026-11-24' },
  'en-MY': { date: '24 NOV 2026', iso: '2026-11-24' },
  'de-DE': { date: '3. März 2026', iso: '2026-03-03' },
  'fr-FR': { date: '15 févr. 2026', iso: '2026-02-15' },
  'es-ES': { date: '1 de mayo de 2026', iso: '2026-05-01' },
  'it-IT': { date: '24 dicembre 2026', iso: '2026-12-24' },
  'nl-NL': { date: '12 okt 2026', iso: '2026-10-12' },
  'he-IL': { date: '15 בינואר 2026', iso: '2026-01-15' },
};

describe('a receipt dated with a month name in every locale', () => {
  it.each(TAXED_RECEIPTS)(
    '$locale: the date is read in the receipt’s language and the rest as before',
    ({ locale, lines, items, total }) => {
      const dated = MONTH_DATES[locale];
      if (!dated) throw new Error(`no month date for ${locale}`);
      const text = lines.map((line) => (line === lines[1] ? dated.date : line)).join('\n');
      const parsed = parseReceiptText(text, { locale });
      expect(parsed.date.value).toBe(dated.iso);
      expect(parsed.items.map((item) => item.name)).toEqual(items);
      expect(parsed.total.value).toBe(total);
      // With English months alone the other languages' dates are not read.
      if (!locale.startsWith('en-')) expect(parseReceiptText(text, { locale: 'en-GB' }).date.value).toBeNull();
    },
  );
});
