import { describe, expect, it } from 'vitest';
import type { TPlanLine, TPlanStop, TRecommendationPlan } from '../contracts/splitcart';
import { buildShopTrip, markNotHere, restorePlanned, sortByAisle, sumTicked } from './shop-trip';

function makeLine(itemId: string, lineCents: number, category: string | null, alternatives: TPlanLine['alternatives'] = []): TPlanLine {
  return {
    itemId,
    name: itemId,
    quantity: 1,
    unit: null,
    productId: `p-${itemId}`,
    productName: itemId,
    lineCents,
    packagePriceCents: lineCents,
    packageLabel: null,
    isDeal: false,
    observedOn: '2026-11-01',
    ageDays: 0,
    isStale: false,
    category,
    alternatives,
    promotion: null,
    promotionSavedCents: 0,
    packs: null,
    comparedUnitPrice: null,
  };
}

function makeStop(id: string, lines: TPlanLine[]): TPlanStop {
  return {
    store: { id, name: `Store ${id}`, chainName: null, address: '', isHome: false },
    lines,
    itemsCents: lines.reduce((sum, line) => sum + line.lineCents, 0),
    tripCostCents: 0,
    promotionSavingsCents: 0,
    suggestions: [],
  };
}

const alt = (storeId: string, lineCents: number) => ({
  storeId,
  productId: 'x',
  productName: `at ${storeId}`,
  lineCents,
  packagePriceCents: lineCents,
  isDeal: false,
});

// Milk is cheapest at A, then C, then B; bread is only priced at B.
const plan = {
  stops: [
    makeStop('A', [makeLine('milk', 100, 'Dairy & eggs', [alt('C', 120), alt('B', 150)]), makeLine('apples', 300, 'Produce')]),
    makeStop('B', [makeLine('bread', 200, 'Bakery')]),
    makeStop('C', [makeLine('soap', 50, null, [alt('A', 60)])]),
  ],
  itemsCents: 650,
} as unknown as TRecommendationPlan;

describe('shop mode', () => {
  it('moves an item the planned store lacks to the next cheapest planned store, then the next, then marks it missing', () => {
    let moves = markNotHere(plan, {}, 'milk');
    expect(moves.milk).toEqual({ storeId: 'C', triedStoreIds: ['A'] });
    moves = markNotHere(plan, moves, 'milk');
    expect(moves.milk).toEqual({ storeId: 'B', triedStoreIds: ['A', 'C'] });
    moves = markNotHere(plan, moves, 'milk');
    expect(moves.milk).toEqual({ storeId: null, triedStoreIds: ['A', 'C', 'B'] });
    expect(markNotHere(plan, moves, 'milk')).toBe(moves);
  });

  it('marks an item missing at once when no other planned store prices it', () => {
    expect(markNotHere(plan, {}, 'bread').bread).toEqual({ storeId: null, triedStoreIds: ['B'] });
    expect(markNotHere(plan, {}, 'not-in-plan')).toEqual({});
  });

  it("keeps a line's promotion at its planned store and drops it once the line moves to another store", () => {
    const promotion = { id: 'promo-1', description: '2 for $1.50' };
    const promoted = { ...plan, stops: [makeStop('A', [{ ...makeLine('milk', 75, 'Dairy & eggs', [alt('C', 120)]), promotion }])] };
    expect(buildShopTrip(promoted, {}).stops[0]!.lines[0]!.promotion).toEqual(promotion);
    const moved = buildShopTrip(promoted, markNotHere(promoted, {}, 'milk'));
    expect(moved.stops[0]!.lines[0]).toMatchObject({ promotion: null, lineCents: 120, isMoved: true });
  });

  it('tells how many packs a generic item takes at its planned store, and forgets them once it moves', () => {
    const generic = { ...makeLine('milk', 340, 'Dairy & eggs', [alt('C', 400)]), packs: 2, packageLabel: '1 l' };
    const packed = { ...plan, stops: [makeStop('A', [generic])] };
    expect(buildShopTrip(packed, {}).stops[0]!.lines[0]!.packs).toEqual({ count: 2, label: '1 l' });
    expect(buildShopTrip(packed, markNotHere(packed, {}, 'milk')).stops[0]!.lines[0]!.packs).toBeNull();
  });

  it('shows a moved item at its new store with that store price, and the expected total follows', () => {
    const trip = buildShopTrip(plan, markNotHere(plan, {}, 'milk'));
    expect(trip.stops.map((stop) => stop.lines.map((line) => line.itemId))).toEqual([['apples'], ['bread'], ['milk', 'soap']]);
    const milk = trip.stops[2]!.lines[0]!;
    expect(milk).toMatchObject({ lineCents: 120, productName: 'at C', isMoved: true, plannedStoreId: 'A' });
    expect(trip.plannedCents).toBe(650);
    expect(trip.expectedCents).toBe(670);
  });

  it('leaves a missing item out of the stores and of the expected total, and restores it on undo', () => {
    const moves = markNotHere(plan, {}, 'bread');
    const trip = buildShopTrip(plan, moves);
    expect(trip.missing.map((line) => line.itemId)).toEqual(['bread']);
    expect(trip.stops[1]!.lines).toEqual([]);
    expect(trip.expectedCents).toBe(450);
    expect(buildShopTrip(plan, restorePlanned(moves, 'bread')).stops[1]!.lines.map((line) => line.itemId)).toEqual(['bread']);
  });

  it('sums the ticked items at the price where they are bought', () => {
    const trip = buildShopTrip(plan, markNotHere(plan, {}, 'milk'));
    expect(sumTicked(trip, (id) => id === 'milk' || id === 'apples')).toBe(420);
    expect(sumTicked(trip, () => false)).toBe(0);
  });

  it('walks a store in aisle order: known aisles first, then other categories by name, then items with none', () => {
    const lines = [
      { name: 'soap', category: 'Household' },
      { name: 'zz', category: null },
      { name: 'kombucha', category: 'Ferments' },
      { name: 'pears', category: 'Produce' },
      { name: 'apples', category: 'Produce' },
      { name: 'milk', category: 'Dairy & eggs' },
    ];
    expect(sortByAisle(lines).map((line) => line.name)).toEqual(['apples', 'pears', 'milk', 'soap', 'kombucha', 'zz']);
  });
});

describe('shop mode in a store’s learned aisle order', () => {
  it('walks a stop in the order the household ticks there, a moved item placed by its product', () => {
    const learned = {
      ...plan,
      stops: [
        // At A the household picks up soap first, then milk, then apples (the default would be apples first).
        { ...plan.stops[0]!, aisle: { products: { 'p-milk': 0.5, 'p-apples': 0.9, x: 0.1 }, categories: {} } },
        plan.stops[1]!,
        plan.stops[2]!,
      ],
    } as TRecommendationPlan;
    const trip = buildShopTrip(learned, markNotHere(learned, {}, 'soap'));
    expect(trip.stops[0]!.lines.map((line) => line.itemId)).toEqual(['soap', 'milk', 'apples']);
    expect(buildShopTrip(plan, {}).stops[0]!.lines.map((line) => line.itemId)).toEqual(['apples', 'milk']);
  });
});
