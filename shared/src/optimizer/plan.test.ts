import { describe, expect, it } from 'vitest';
import { planSplitCart, type SplitCartPlanInput } from './plan';

const stores = [
  { id: 'discounter', visitCostCents: 300 },
  { id: 'butcher', visitCostCents: 200 },
];

describe('planSplitCart', () => {
  it('normalises package sizes to a price per base unit', () => {
    const input: SplitCartPlanInput = {
      items: [{ id: 'flour', quantity: 1, unit: 'kg' }],
      stores,
      offers: [
        { storeId: 'discounter', itemId: 'flour', priceCents: 200, packageSize: 500, packageUnit: 'g' },
        { storeId: 'butcher', itemId: 'flour', priceCents: 350, packageSize: 1, packageUnit: 'kg' },
      ],
    };
    const plan = planSplitCart(input);
    // 1 kg at 200 per 500 g = 400 + 300 trip, against 350 + 200 trip.
    expect(plan.stops).toEqual([
      { storeId: 'butcher', visitCostCents: 200, subtotalCents: 350, lines: [{ itemId: 'flour', lineCents: 350, priceCents: 350, packageSize: 1, packageUnit: 'kg' }] },
    ]);
    expect(plan.totalCents).toBe(550);
  });

  it('splits the cart when it pays, reports unpriced items and the saving against one store', () => {
    const plan = planSplitCart({
      items: [
        { id: 'milk', quantity: 2 },
        { id: 'steak', quantity: 0.5, unit: 'kg' },
        { id: 'unicorn', quantity: 1 },
      ],
      stores,
      offers: [
        { storeId: 'discounter', itemId: 'milk', priceCents: 100 },
        { storeId: 'discounter', itemId: 'steak', priceCents: 3000, packageSize: 1, packageUnit: 'kg' },
        { storeId: 'butcher', itemId: 'steak', priceCents: 1800, packageSize: 1, packageUnit: 'kg' },
        { storeId: 'butcher', itemId: 'milk', priceCents: 280 },
      ],
    });
    expect(plan.stops.map((stop) => stop.storeId)).toEqual(['discounter', 'butcher']);
    expect(plan.totalCents).toBe(300 + 200 + 200 + 900);
    expect(plan.notFound).toEqual([{ itemId: 'unicorn', reason: 'no-known-price' }]);
    expect(plan.bestSingleStore).toMatchObject({ storeId: 'butcher', totalCents: 200 + 560 + 900, missingItemIds: [] });
    expect(plan.savingsCents).toBe(1660 - 1600);
  });

  it('reports required items the store limit cannot reach, and skips optional ones not worth a trip', () => {
    const plan = planSplitCart({
      items: [
        { id: 'bread', quantity: 1 },
        { id: 'sausages', quantity: 1 },
        { id: 'candles', quantity: 1, isOptional: true },
      ],
      stores: [...stores, { id: 'homeware', visitCostCents: 500 }],
      offers: [
        { storeId: 'discounter', itemId: 'bread', priceCents: 150 },
        { storeId: 'butcher', itemId: 'sausages', priceCents: 400 },
        { storeId: 'homeware', itemId: 'candles', priceCents: 300 },
      ],
      maxStores: 1,
    });
    expect(plan.stops.map((stop) => stop.storeId)).toEqual(['discounter']);
    expect(plan.notFound).toEqual([
      { itemId: 'sausages', reason: 'store-limit' },
      { itemId: 'candles', reason: 'skipped-optional' },
    ]);
    expect(plan.totalCents).toBe(450);
  });
});
