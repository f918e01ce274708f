import { describe, expect, it } from 'vitest';
import type { TReceiptDraft } from '@cartwise/contracts';
import { FALLBACK_FORMAT, setActiveFormat } from '../../lib/format';
import {
  checkFormConsistency,
  createEmptyItem,
  createEmptyValues,
  fromDraft,
  resolveReceiptForm,
  toCreateReceipt,
} from './receipt-form-values';

const field = <T>(value: T | null, confidence: number) => ({ value, confidence });

const draft: TReceiptDraft = {
  locale: 'en-US',
  currency: 'USD',
  storeName: field('FRESH MART', 0.9),
  storeAddress: field(null, 0),
  date: field('2026-10-14', 0.4),
  time: field(null, 0),
  subtotal: field(7.77, 0.8),
  tax: field(0.62, 0.8),
  total: field(8.39, 0.9),
  payment: field('VISA', 0.8),
  items: [
    {
      name: 'BANANAS',
      quantity: 1,
      unitPrice: null,
      price: 1.29,
      discount: 0,
      confidence: 0.9,
      size: null,
      productId: 'p1',
      productName: 'Bananas',
      matchScore: 1,
      isAliasMatch: true,
    },
    {
      name: 'WH1TE BRFAD',
      quantity: 1,
      unitPrice: null,
      price: 6.48,
      discount: 0,
      confidence: 0.3,
      size: null,
      productId: null,
      productName: null,
      matchScore: null,
      isAliasMatch: false,
    },
  ],
  consistency: {
    itemsTotal: 7.77,
    discountTotal: 0,
    tax: 0.62,
    expectedTotal: 8.39,
    total: 8.39,
    difference: 0,
    isConsistent: true,
    message: '',
  },
  rawText: '',
  readMs: 10,
};

describe('receipt form values', () => {
  it('flags low-confidence fields and lines from the reader', () => {
    const { values, doubtful } = fromDraft(draft, '2026-11-01');
    expect(doubtful).toMatchObject({ storeName: false, date: true, total: false, time: false });
    expect(values.items.map((item) => item.isDoubtful)).toEqual([false, true]);
    expect(values.total).toBe('8.39');
  });

  it('checks items - discounts + tax against the total', () => {
    const { values } = fromDraft(draft, '2026-11-01');
    expect(checkFormConsistency(values)).toEqual({ expected: 8.39, total: 8.39, isConsistent: true });
    expect(checkFormConsistency({ ...values, total: '9.00' }).isConsistent).toBe(false);
  });

  it('turns the form into the API body and reports blank fields', () => {
    const { values } = fromDraft(draft, '2026-11-01');
    const { receipt } = toCreateReceipt({ ...values, time: '10:32' });
    expect(receipt?.payment).toBe('VISA');
    expect(receipt).toMatchObject({ storeName: 'FRESH MART', date: '2026-10-14', time: '10:32', tax: 0.62, total: 8.39 });
    expect(receipt?.items[0]).toEqual({ name: 'BANANAS', quantity: 1, price: 1.29, discount: 0, productId: 'p1' });

    const empty = toCreateReceipt(createEmptyValues('2026-11-01'));
    expect(empty.receipt).toBeNull();
    expect(empty.errors).toMatchObject({ storeName: 'Enter the store name', total: 'Enter the total' });
  });
});

describe('receipt form amounts for a German shopper', () => {
  it('fills amounts with a decimal comma and reads them back unchanged', () => {
    setActiveFormat({ currency: 'EUR', locale: 'de-DE', units: 'metric' });
    try {
      const { values } = fromDraft(draft, '2026-11-01');
      expect(values.total).toBe('8,39');
      expect(values.items[0]?.price).toBe('1,29');
      expect(toCreateReceipt({ ...values, time: '10:32' }).receipt).toMatchObject({ tax: 0.62, total: 8.39 });
    } finally {
      setActiveFormat(FALLBACK_FORMAT);
    }
  });
});

describe('resolveReceiptForm', () => {
  it('places the typed-text problems on their fields, items by their row', () => {
    const values = createEmptyValues('2026-11-01');
    values.items = [createEmptyItem(), { ...createEmptyItem(), name: 'Bread', price: 'abc' }];
    const result = resolveReceiptForm(values);
    expect(result.values).toEqual({});
    expect(result.errors).toMatchObject({
      storeName: { message: 'Enter the store name' },
      total: { message: 'Enter the total' },
      items: [undefined, { price: { message: 'Enter the price' } }],
    });
  });

  it('checks the parsed receipt with the API contract and maps its item issues back past blank rows', () => {
    const values = { ...createEmptyValues('2026-11-01'), storeName: 'Corner Grocer', total: '2.50' };
    values.items = [createEmptyItem(), { ...createEmptyItem(), name: 'x'.repeat(161), price: '2.50' }];
    const result = resolveReceiptForm(values);
    expect(result.errors).toMatchObject({ items: [undefined, { name: { message: 'Item name is too long' } }] });
  });

  it('hands the API body to the submit handler when everything passes', () => {
    const values = { ...createEmptyValues('2026-11-01'), storeName: ' Corner Grocer ', total: '$2,50' };
    values.items = [{ ...createEmptyItem(), name: 'Bread', price: '2.50' }];
    const result = resolveReceiptForm(values);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ storeName: 'Corner Grocer', total: 2.5, items: [{ name: 'Bread', price: 2.5, quantity: 1 }] });
  });
});
