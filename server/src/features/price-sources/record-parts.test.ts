import { describe, expect, it } from 'vitest';
import type { FeedPrice, FeedRecord } from './price-source';
import { packRecords, unpackRecords } from './record-parts';

const price = (overrides: Partial<FeedPrice>, product: Partial<FeedPrice['product']> = {}): FeedRecord => ({
  type: 'price',
  price: {
    storeRef: 'il:7290000000001:5',
    priceMinor: 690,
    currency: 'ILS',
    kind: 'regular',
    observedOn: '2026-08-15',
    ...overrides,
    product: { gtin: '7290004131074', internalCode: '7290004131074', name: 'חלב 1 ליטר', brand: null, quantityText: '1 ליטר', ...product },
  },
});

describe('record parts for the write thread', () => {
  it('gives back a store-day of prices as it was, every product field kept', () => {
    const records = [
      price({}),
      price({ priceMinor: 0 }, { gtin: null, internalCode: '17', brand: 'תנובה', quantityText: undefined }),
      price({ priceMinor: 2_000_000_000 }, { canMatchByName: true, sizeValue: 500, sizeUnit: 'g', category: 'Dairy', name: 'Yogurt' }),
    ];
    const bytes = packRecords(records);
    expect(unpackRecords(bytes)).toEqual(records);
    // By column, about a third of the bytes of the records as objects.
    const many = Array.from({ length: 250 }, (_, i) => price({ priceMinor: i }, { internalCode: String(i), name: `מוצר ${i}` }));
    expect(packRecords(many).byteLength).toBeLessThan(packRecords([...many, { type: 'store', store: STORE }]).byteLength / 2);
  });

  it('gives back parts of mixed records, several stores or days, and amounts past 32 bits as they were', () => {
    const parts: FeedRecord[][] = [
      [{ type: 'store', store: STORE }, price({})],
      [price({}), price({ storeRef: 'il:7290000000001:6' })],
      [price({}), price({ observedOn: '2026-08-16' })],
      [price({}), price({ kind: 'promotion' })],
      [price({ priceMinor: 2 ** 31 })],
      [{ type: 'promotion', promotion: PROMOTION }],
    ];
    for (const records of parts) expect(unpackRecords(packRecords(records))).toEqual(records);
  });
});

const STORE = {
  sourceRef: 'il:7290000000001:5',
  chainRef: 'il:7290000000001',
  chainName: 'Chain',
  name: 'Chain 5',
  isOnline: false,
  currency: 'ILS',
};
const PROMOTION = {
  storeRef: 'il:7290000000001:5',
  promotionId: '99',
  description: '2 ב-10',
  products: [{ gtin: '7290004131074', name: '' }],
  minQuantity: 2,
  discountedPriceMinor: 1000,
  discountRate: null,
  minPurchaseMinor: null,
  isClubOnly: false,
  isCoupon: false,
  validFrom: null,
  validTo: null,
  currency: 'ILS',
};
