import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '../parse-receipt-text';
import { getVocabulary } from './index';

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
