import { describe, expect, it } from 'vitest';
import {
  SROIE_X00016469622,
  SROIE_X51005433492,
  SROIE_X51005433533,
  SROIE_X51005442361,
  SROIE_X51005444045,
  SYNTHETIC_SYN004,
  SYNTHETIC_SYN007,
} from './ocr-fixtures';
import { checkConsistency, parseReceiptText, parseReceiptTextWithEvidence } from './parse-receipt-text';
import { ZParsedReceipt } from '@cartwise/contracts/contracts/parsed-receipt';

const now = new Date(Date.UTC(2026, 0, 1));
const readMalaysian = (text: string) => parseReceiptText(text, { locale: 'en-MY', now });
const readUs = (text: string) => parseReceiptText(text, { locale: 'en-US', now });

describe('parseReceiptText on real OCR text (SROIE)', () => {
  it.each([
    [SROIE_X00016469622, 'YONGFATT ENTERPRISE', '2018-12-25', 80.9],
    [SROIE_X51005433492, 'UNIHAKKA INTERNATIONAL SDN BHD', '2018-03-05', 8.2],
    [SROIE_X51005433533, 'PERNIAGAAN ZHENG HUI', '2018-03-09', 332.3],
    [SROIE_X51005442361, 'TIMELESS KITCHENETTE SDN BHD', '2018-03-23', 593.1],
    [SROIE_X51005444045, '99 SPEED MART S/B', '2018-03-19', 11.4],
  ])('reads store, date and total (%#)', (text, store, date, total) => {
    const parsed = readMalaysian(text);
    expect(parsed.store.value?.toUpperCase()).toBe(store);
    expect(parsed.date.value).toBe(date);
    expect(parsed.total.value).toBe(total);
    expect(parsed.currency).toBe('MYR');
  });

  it('reads a total whose T was misread as a bracket or j ("[otal", "jotal")', () => {
    const text =
      'SHOP SDN BHD\nDate: 01/02/2018\njotal Sales Incl. GST 48.93\nRounding Adjustment 0.02\n[otal After Rounding 48.95\nVISA 48.95';
    expect(readMalaysian(text).total.value).toBe(48.95);
  });

  it('takes the rounded total printed after the total or charged to a card', () => {
    const printed = 'SHOP SDN BHD\nTotal Sales (Inclusive GST) RM 42.33\nRounding Adjustment RM .02\nRounding RM 42.35\nCASH RM 50.00';
    expect(readMalaysian(printed).total.value).toBe(42.35);
    const card = 'SHOP SDN BHD\nTotal Sales (Inclusive GST) RM 45.34\nRounding Adj RM 01\nCREDIT RM 45.35\nCHANGE RM .00';
    expect(readMalaysian(card).total.value).toBe(45.35);
  });

  it('joins the line above only to a legal name without a name of its own', () => {
    expect(readMalaysian('LIAN CHI PU TIAN VEGETARIAN\nRESTAURANT SDN BHD\nTOTAL 5.00').store.value).toBe(
      'LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD',
    );
    expect(readMalaysian('SUSHI MENTAI - PANDAN INDAH\nKMF FOODICIOUS SDN BHD (1132106-H)\nTOTAL 5.00').store.value).toBe(
      'KMF FOODICIOUS SDN BHD',
    );
  });

  it('does not take an item header with a tax-code column for the GST summary', () => {
    const text =
      'SHOP SDN BHD\nDESC QTY PRICE AMOUNT TAXCODE\nRICE 1 362.50 362.50 SR\nFinal Total : 362.50\nCash : 400.00\nChange : 37.30';
    expect(readMalaysian(text).total.value).toBe(362.5);
  });

  it('keeps a store name with initials and a misread suffix ("MR. D.I.Y. (M) SDN EHD")', () => {
    const text =
      '21802040\nMR. D.I.Y. (M) SDN EHD\n(CO.REG :860671-D)\nLOT 1851-A, JALAN KPB 6,\nKAWASAN PERINDUSTRIAN BALAKONG,\nTOTAL 5.00';
    expect(readMalaysian(text).store.value).toBe('MR. D.I.Y. (M) SDN BHD');
  });

  it('ignores the "Total" column of the GST summary below the payable total', () => {
    // The summary prints 80.91 (before rounding); the amount paid is 80.90.
    expect(SROIE_X00016469622).toContain('80.91');
    expect(readMalaysian(SROIE_X00016469622).total.value).toBe(80.9);
  });

  it('repairs a date whose slash OCR dropped ("Date 2512/2018")', () => {
    expect(readMalaysian(SROIE_X00016469622).date.value).toBe('2018-12-25');
  });

  it('keeps subtotal and tax apart from the total', () => {
    const parsed = readMalaysian(SROIE_X51005433533);
    expect(parsed.subtotal.value).toBe(313.5);
    expect(parsed.tax.value).toBe(18.81);
    expect(parsed.time.value).toBe('08:49');
  });

  it('produces output that satisfies the zod contract', () => {
    expect(() => ZParsedReceipt.parse(readMalaysian(SROIE_X51005442361))).not.toThrow();
  });
});

describe('parseReceiptText on OCR text of synthetic US receipts', () => {
  it('reads items with quantities, multi-buy lines and attached discounts', () => {
    const parsed = readUs(SYNTHETIC_SYN004);
    expect(parsed.store.value).toBe('PRICEWISE SUPERSTORE');
    expect(parsed.date.value).toBe('2025-03-25');
    expect(parsed.total.value).toBe(77.28);
    expect(parsed.items.map((item) => [item.quantity, item.price, item.discount])).toEqual([
      [4, 11.96, 0],
      [4, 27.96, 0],
      [1, 3.29, 0],
      [1, 4.29, 0],
      [1, 0.99, 0.5],
      [3, 26.97, 0.5],
    ]);
    expect(parsed.items[5]?.name).toMatch(/^COFFEE MED RST/);
    expect(parsed.items[5]?.unitPrice).toBe(8.99);
    expect(parsed.consistency.isConsistent).toBe(true);
  });

  it('reads weighed items even when OCR turns "lb" into "1b"', () => {
    const parsed = readUs(SYNTHETIC_SYN007);
    const bananas = parsed.items.find((item) => item.name === 'BANANAS');
    expect(bananas).toMatchObject({ quantity: 1.69, quantityUnit: 'lb', price: 1, discount: 0.99 });
    const tomatoes = parsed.items.find((item) => item.name === 'TOMATOES ROMA');
    expect(tomatoes).toMatchObject({ quantity: 1.91, price: 2.46, discount: 1.25 });
    expect(parsed.total.value).toBe(69.79);
    expect(parsed.consistency).toMatchObject({ isConsistent: true, difference: 0 });
  });

  it('attaches package sizes to items', () => {
    const parsed = readUs(SYNTHETIC_SYN007);
    expect(parsed.items.find((item) => item.name.startsWith('GV WHL MLK'))?.size).toEqual({ amount: 1, unit: 'gal' });
  });
});

describe('parseReceiptText on pasted text', () => {
  const text = [
    'FRESHWAY MARKET',
    '1234 MAIN ST',
    'SPRINGFIELD, IL 62701',
    '04/12/2016 3:45 PM',
    'GV WHL MLK GAL        3.48 F',
    'BANANAS',
    '  2.31 lb @ 0.59/lb   1.36 F',
    'OATS 500G             4.29',
    '  COUPON             -0.50',
    'SUBTOTAL              8.63',
    'TAX                   0.21',
    'TOTAL                 8.84',
    'VISA                  8.84',
  ].join('\n');

  it('reads the date by locale', () => {
    expect(readUs(text).date.value).toBe('2016-04-12');
    expect(readMalaysian(text).date.value).toBe('2016-12-04');
  });

  it('gives a lower date confidence when the locale had to decide', () => {
    const ambiguous = readUs(text).date.confidence;
    const clear = readUs(text.replace('04/12/2016', '04/13/2016')).date.confidence;
    expect(ambiguous).toBeLessThan(clear);
  });

  it('reads address, payment and the consistency check', () => {
    const parsed = readUs(text);
    expect(parsed.address.value).toBe('1234 MAIN ST SPRINGFIELD, IL 62701');
    expect(parsed.payment.value).toEqual({ method: 'VISA', amount: 8.84 });
    expect(parsed.items.map((item) => item.name)).toEqual(['GV WHL MLK GAL', 'BANANAS', 'OATS 500G']);
    expect(parsed.consistency).toMatchObject({ itemsTotal: 9.13, discountTotal: 0.5, tax: 0.21, expectedTotal: 8.84, isConsistent: true });
  });

  it('ends the address at the date line when the address is a single line', () => {
    const parsed = readUs(['FRESHMART EASTSIDE', '2450 E WASHINGTON AVE', '11/20/2026 18:02', 'BANANAS 1.29', 'TOTAL 1.29'].join('\n'));
    expect(parsed.address.value).toBe('2450 E WASHINGTON AVE');
    expect(parsed.date.value).toBe('2026-11-20');
  });

  it('does not take the first item for the address of a receipt that prints none', () => {
    const parsed = readMalaysian(
      [
        'PRINT SHOP SDN BHD',
        'TAX INVOICE',
        '17/01/2018 8:08:53',
        'Qty Description Price Total',
        'INK CARTRIDGE BLACK',
        '1 27736 29.00 29.00',
        'TOTAL 29.00',
      ].join('\n'),
    );
    expect(parsed.address.value).toBeNull();
    expect(parsed.items.map((item) => [item.name, item.price])).toEqual([['INK CARTRIDGE BLACK', 29]]);
  });

  it('reads a number opening an item line as its quantity when the item header starts with the quantity', () => {
    const lines = [
      'BURGER PLACE SDN BHD',
      'Lot 1, Jalan Ampang',
      '17/01/2018 8:08',
      'QTY ITEM TOTAL',
      '2 ChicMcMuffin 11.00',
      '1 M Porridge 5.60',
      'TOTAL 16.60',
    ];
    expect(readMalaysian(lines.join('\n')).items.map((item) => [item.name, item.quantity, item.unitPrice])).toEqual([
      ['ChicMcMuffin', 2, 5.5],
      ['M Porridge', 1, null],
    ]);
    // Under another header the number is part of the name ("1 Meat + 3 Vege" is a dish).
    const dish = ['NASI KANDAR SDN BHD', 'Lot 1, Jalan Ampang', '17/01/2018 8:08', 'Item Qty Total', '1 Meat + 3 Vege 7.10', 'TOTAL 7.10'];
    expect(readMalaysian(dish.join('\n')).items.map((item) => [item.name, item.quantity])).toEqual([['1 Meat + 3 Vege', 1]]);
  });

  it('never throws on empty or junk input', () => {
    for (const junk of ['', '   ', '|||\n«»\n...', 'TOTAL']) {
      const parsed = readUs(junk);
      expect(parsed.total.value).toBeNull();
      expect(parsed.items).toEqual([]);
    }
  });
});

describe('checkConsistency', () => {
  const item = { name: 'X', quantity: 1, quantityUnit: null, unitPrice: null, price: 10, discount: 1, size: null, confidence: 0.8 };

  it('accepts Malaysian 5-sen rounding and flags real gaps', () => {
    expect(checkConsistency([item], 0, 9.05, 'MYR').isConsistent).toBe(true);
    expect(checkConsistency([item], 0, 9.05, 'USD').isConsistent).toBe(false);
    expect(checkConsistency([item], 0.5, 12, 'USD').message).toMatch(/9\.50.*12\.00/);
  });
});

describe('parseReceiptTextWithEvidence', () => {
  it('returns the parse with the sums behind the total', () => {
    const text = ['KEDAI ABC', 'Date:   22/03/2018  10:15', 'TOTAL 9.50', 'CASH 20.00', 'CHANGE 10.50'].join('\n');
    const result = parseReceiptTextWithEvidence(text, { locale: 'en-MY', now: new Date(Date.UTC(2026, 0, 1)) });
    expect(result.parsed).toEqual(parseReceiptText(text, { locale: 'en-MY', now: new Date(Date.UTC(2026, 0, 1)) }));
    expect(result.totalEvidence).toContainEqual({ source: 'paid', value: 9.5 });
  });
});

describe('parseReceiptText with item names printed under their prices', () => {
  const header =
    'SYARIKAT PERNIAGAAN MAJU\n(81109-A)\nNO 290, JALAN AIR PANAS,\n53200 KUALA LUMPUR.\nDoc No CS00011926 Date: 02/12/2017\nItem Qty S/Price Amount Tax\n';
  it('reads each name line as the name of the price line above it when that is what makes the items add up', () => {
    const text = `${header}3122 1 18.00 18.00 SR\n(W833) 105MM CUTTING DISC\n4410 2 5.00 10.00 SR\nHOES SET\nTotal Sales (Excluding GST) : 28.00\nTotal : 28.00\nCASH : 50.00\nChange : 22.00\n`;
    const parsed = parseReceiptText(text, { locale: 'en-MY' });
    expect(parsed.items.map((item) => [item.name, item.quantity, item.price])).toEqual([
      ['(W833) 105MM CUTTING DISC', 1, 18],
      ['HOES SET', 2, 10],
    ]);
    expect(parsed.consistency.isConsistent).toBe(true);
  });

  it('keeps names above their prices when the items add up that way', () => {
    const text = `${header}CUTTING DISC\n3122 1 18.00 18.00 SR\nHOES SET\n4410 2 5.00 10.00 SR\nTotal : 28.00\nCASH : 50.00\nChange : 22.00\n`;
    expect(parseReceiptText(text, { locale: 'en-MY' }).items.map((item) => item.name)).toEqual(['CUTTING DISC', 'HOES SET']);
  });
});
