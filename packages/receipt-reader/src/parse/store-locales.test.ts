import { describe, expect, it } from 'vitest';
import { parseReceiptText } from './parse-receipt-text';

/** Typed receipts in each new locale: the store's name, its address, a registration or tax number, then the sale. */
const RECEIPTS: { locale: string; lines: string[]; store: string; address: string }[] = [
  {
    locale: 'he-IL',
    lines: [
      'שופרסל דיל',
      'רחוב הרצל 10 תל אביב',
      'ח.פ. 520022732',
      '24/11/2026 10:15',
      'לחם 7.90',
      'חלב 6.50',
      'סה"כ 14.40',
      'מזומן 20.00',
    ],
    store: 'שופרסל דיל',
    address: 'רחוב הרצל 10 תל אביב',
  },
  {
    locale: 'fr-FR',
    lines: [
      'ÉPICERIE DUPONT SARL',
      '12 RUE DE LA PAIX',
      '75002 PARIS',
      'SIRET 12345678900012',
      '24/11/2026',
      'BAGUETTE 1,20',
      'TOTAL 1,20',
    ],
    store: 'ÉPICERIE DUPONT SARL',
    address: '12 RUE DE LA PAIX 75002 PARIS',
  },
  {
    locale: 'de-DE',
    lines: ['Öko Markt Süd', 'Hauptstr. 12', '10115 Berlin', 'HRB 12345', '24.11.2026', 'Brot 3,50', 'Summe 3,50'],
    store: 'Öko Markt Süd',
    address: 'Hauptstr. 12 10115 Berlin',
  },
  {
    locale: 'es-ES',
    lines: ['SUPERMERCADO GARCÍA S.L.', 'CALLE MAYOR 12', '28013 MADRID', 'CIF B12345678', '24/11/2026', 'PAN 1,20', 'TOTAL 1,20'],
    store: 'SUPERMERCADO GARCÍA S.L.',
    address: 'CALLE MAYOR 12 28013 MADRID',
  },
  {
    locale: 'it-IT',
    lines: ['PANIFICIO ROSSI S.R.L.', 'VIA ROMA 12', '00184 ROMA', 'P.IVA 01234567890', '24/11/2026', 'PANE 1,20', 'TOTALE 1,20'],
    store: 'PANIFICIO ROSSI S.R.L.',
    address: 'VIA ROMA 12 00184 ROMA',
  },
  {
    locale: 'nl-NL',
    lines: ['BAKKERIJ DE VRIES B.V.', 'DAMSTRAAT 12', '1012 JS AMSTERDAM', 'KVK 12345678', '24-11-2026', 'BROOD 1,20', 'TOTAAL 1,20'],
    store: 'BAKKERIJ DE VRIES B.V.',
    address: 'DAMSTRAAT 12 1012 JS AMSTERDAM',
  },
];

describe("findStore in the receipt's own language", () => {
  it.each(RECEIPTS)(
    '$locale: reads the store name and the address, which ends before the registration',
    ({ locale, lines, store, address }) => {
      const parsed = parseReceiptText(lines.join('\n'), { locale });
      expect(parsed.store.value).toBe(store);
      expect(parsed.address.value).toBe(address);
    },
  );

  it.each([
    { locale: 'de-DE', street: 'HAUPTSTRASSE 1', phone: 'Telefon 030 1234567' },
    { locale: 'it-IT', street: 'VIA ROMA 12', phone: 'Telefono 06 1234567' },
    { locale: 'nl-NL', street: 'DAMSTRAAT 12', phone: 'Telefoon 020 1234567' },
  ])('$locale: ends the address before a phone line', ({ locale, street, phone }) => {
    const lines = ['MARKT AM PLATZ', street, phone, '24.11.2026', 'BROT 3,50', 'SUMME 3,50'];
    expect(parseReceiptText(lines.join('\n'), { locale }).address.value).toBe(street);
  });

  it('counts letters beyond ASCII only outside English, where they are the letters of the name and not misreadings', () => {
    const hebrew = RECEIPTS[0]?.lines.join('\n') ?? '';
    // Hebrew has no A-Z letters and no case: read with the English letters, no line could name the store.
    expect(parseReceiptText(hebrew, { locale: 'en-US' }).store.value).toBeNull();
    const french = RECEIPTS[1]?.lines.join('\n') ?? '';
    expect(parseReceiptText(french, { locale: 'en-US' }).store.value).toBe('PICERIE DUPONT SARL');
  });
});
