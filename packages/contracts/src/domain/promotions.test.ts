import { describe, expect, it } from 'vitest';
import { findGroupCompletions, priceStorePart, type PromotionRule } from './promotions';

const rule = (partial: Partial<PromotionRule>): PromotionRule => ({
  minQuantity: 1,
  groupPriceCents: null,
  discountRate: null,
  minPurchaseCents: null,
  ...partial,
});

describe('priceStorePart', () => {
  it('charges the promotion price per unit when the minimum quantity is 1', () => {
    const part = priceStorePart([{ qty: 3, unitPriceCents: 500, promotionIndices: [0] }], [rule({ groupPriceCents: 390 })]);
    expect(part).toMatchObject({ shelfCents: 1500, totalCents: 1170, savedCents: 330 });
    expect(part.lines[0]).toMatchObject({ promotionIndex: 0, costCents: 1170 });
  });

  it('prices complete groups mixed across products and leaves the rest at shelf price', () => {
    // Any 3 for 10.00: five units (4.90, 4.90, 4.50, 4.50, 4.00) form one group of the three dearest.
    const lines = [
      { qty: 2, unitPriceCents: 490, promotionIndices: [0] },
      { qty: 2, unitPriceCents: 450, promotionIndices: [0] },
      { qty: 1, unitPriceCents: 400, promotionIndices: [0] },
    ];
    const part = priceStorePart(lines, [rule({ minQuantity: 3, groupPriceCents: 1000 })]);
    expect(part.totalCents).toBe(1000 + 450 + 400);
    expect(part.lines.reduce((sum, line) => sum + line.savedCents, 0)).toBe(part.savedCents);
    expect(part.lines[2]!.promotionIndex).toBeNull();
  });

  it('applies a discount rate to the units of complete groups only', () => {
    const part = priceStorePart([{ qty: 3, unitPriceCents: 1000, promotionIndices: [0] }], [rule({ minQuantity: 2, discountRate: 50 })]);
    expect(part.totalCents).toBe(500 + 500 + 1000);
  });

  it('needs the minimum purchase at shelf prices', () => {
    const rules = [rule({ groupPriceCents: 100, minPurchaseCents: 2000 })];
    expect(priceStorePart([{ qty: 1, unitPriceCents: 500, promotionIndices: [0] }], rules).savedCents).toBe(0);
    const reached = priceStorePart(
      [
        { qty: 1, unitPriceCents: 500, promotionIndices: [0] },
        { qty: 3, unitPriceCents: 500, promotionIndices: [] },
      ],
      rules,
    );
    expect(reached.savedCents).toBe(400);
  });

  it('ignores promotions that would make a line dearer, and malformed ones', () => {
    const lines = [{ qty: 2, unitPriceCents: 300, promotionIndices: [0, 1, 2, 3] }];
    const rules = [
      rule({ groupPriceCents: 350 }),
      rule({ minQuantity: 2, groupPriceCents: 700 }),
      rule({ minQuantity: 0, groupPriceCents: 1 }),
      rule({ minQuantity: 2, groupPriceCents: -5 }),
    ];
    expect(priceStorePart(lines, rules)).toMatchObject({ totalCents: 600, savedCents: 0 });
  });

  it('gives each line the one promotion that saves most with the rest of the part', () => {
    const lines = [
      { qty: 1, unitPriceCents: 600, promotionIndices: [0, 1] },
      { qty: 1, unitPriceCents: 600, promotionIndices: [1] },
    ];
    // Alone, 5.00 beats 6.00; together the pair for 8.00 saves 4.00.
    const part = priceStorePart(lines, [rule({ groupPriceCents: 500 }), rule({ minQuantity: 2, groupPriceCents: 800 })]);
    expect(part.totalCents).toBe(800);
    expect(part.lines.map((line) => line.promotionIndex)).toEqual([1, 1]);
  });

  it('keeps fractional quantities out of groups', () => {
    const part = priceStorePart(
      [{ qty: 2.5, unitPriceCents: 400, promotionIndices: [0] }],
      [rule({ minQuantity: 2, groupPriceCents: 500 })],
    );
    expect(part.totalCents).toBe(1000);
  });
});

describe('findGroupCompletions', () => {
  it('suggests the unit that completes a group when the total falls', () => {
    const lines = [{ qty: 2, unitPriceCents: 600, promotionIndices: [0] }];
    expect(findGroupCompletions(lines, [rule({ minQuantity: 3, groupPriceCents: 1000 })])).toEqual([
      { lineIndex: 0, promotionIndex: 0, addUnits: 1, savesCents: 200 },
    ]);
  });

  it('says nothing when completing the group would cost more', () => {
    const lines = [{ qty: 1, unitPriceCents: 600, promotionIndices: [0] }];
    expect(findGroupCompletions(lines, [rule({ minQuantity: 2, groupPriceCents: 1000 })])).toEqual([]);
  });
});
