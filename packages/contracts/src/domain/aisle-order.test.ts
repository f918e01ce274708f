import { describe, expect, it } from 'vitest';
import { learnAisleOrder, sortByLearnedAisle, type AisleTick } from './aisle-order';

const tick = (tripKey: string, productId: string, category: string | null, minute: number): AisleTick => ({
  tripKey,
  productId,
  category,
  tickedAt: `2026-11-${tripKey === 'old' ? '01' : '20'}T10:${String(minute).padStart(2, '0')}:00.000Z`,
});

describe('learnAisleOrder', () => {
  it('places each product by the trips that ticked it, the newer trip weighing twice the older', () => {
    const order = learnAisleOrder([
      // The older trip: apples then milk (places 0.25 and 0.75); the newer one: milk then apples.
      tick('old', 'apples', 'Produce', 1),
      tick('old', 'milk', 'Dairy & eggs', 2),
      tick('new', 'apples', 'Produce', 5),
      tick('new', 'milk', 'Dairy & eggs', 3),
    ]);
    // milk: (0.25 x 1 + 0.75 x 0.5) / 1.5 = 0.41667; apples: (0.75 x 1 + 0.25 x 0.5) / 1.5 = 0.58333.
    expect(order.products.milk).toBeCloseTo(0.625 / 1.5, 10);
    expect(order.products.apples).toBeCloseTo(0.875 / 1.5, 10);
    expect(order.categories['Dairy & eggs']).toBeCloseTo(order.products.milk!, 10);
  });

  it('counts a product ticked twice in a trip where it was first ticked', () => {
    const order = learnAisleOrder([tick('new', 'bread', null, 1), tick('new', 'eggs', null, 2), tick('new', 'bread', null, 3)]);
    expect(order.products).toEqual({ bread: 0.25, eggs: 0.75 });
    expect(order.categories).toEqual({});
  });
});

describe('sortByLearnedAisle', () => {
  const line = (productId: string, category: string | null, name = productId) => ({ productId, category, name });

  it('follows the learned walk, fills in a never-ticked product by its category, and leaves the rest in the default aisles', () => {
    const order = learnAisleOrder([
      tick('new', 'soap', 'Household', 1),
      tick('new', 'milk', 'Dairy & eggs', 2),
      tick('new', 'apples', 'Produce', 3),
    ]);
    const sorted = sortByLearnedAisle(
      [
        line('apples', 'Produce'),
        line('cheese', 'Dairy & eggs'),
        line('bread', 'Bakery'),
        line('milk', 'Dairy & eggs'),
        line('tea', 'Beverages'),
        line('soap', 'Household'),
      ],
      order,
    );
    // soap 1/6, milk and (by its category) cheese 1/2, apples 5/6; bread and tea were never placed: default order.
    expect(sorted.map((entry) => entry.productId)).toEqual(['soap', 'milk', 'cheese', 'apples', 'bread', 'tea']);
  });

  it('uses the default aisle order when the store has no learned order', () => {
    const sorted = sortByLearnedAisle([line('tea', 'Beverages'), line('apples', 'Produce')], undefined);
    expect(sorted.map((entry) => entry.productId)).toEqual(['apples', 'tea']);
  });
});
