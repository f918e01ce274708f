import type { SplitCartInstance } from '@cartwise/optimizer/types';
import { createRng, type Rng } from './random';

export interface SizeClass {
  name: string;
  items: [number, number];
  stores: [number, number];
}

export const SIZE_CLASSES: SizeClass[] = [
  { name: 'small', items: [20, 60], stores: [5, 15] },
  { name: 'medium', items: [60, 150], stores: [15, 35] },
  { name: 'large', items: [150, 300], stores: [35, 60] },
];

const LIMITS: (number | null)[] = [1, 2, 3, 4, null];

function drawQuantity(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.85) return 1;
  if (roll < 0.95) return rng.integer(2, 4);
  return rng.pick([0.5, 0.75, 1.5, 2.5]);
}

/**
 * `chain`: prices follow a store price index (discounters vs premium) plus noise and promotions.
 * `iid`: every price independently uniform within 25 % of the base price. No store is cheaper
 * across the board, so many store sets cost nearly the same: the harder reading of the issue's
 * "prices within about 25 % of a base price".
 */
export type PriceModel = 'chain' | 'iid';

/**
 * Realistic instance: chain-level price index (discounters vs premium), per-product noise and
 * occasional promotions, all within about 25% of the product's base price; each store stocks
 * 60-90% of the list; trips cost 2-8 dollars. 5-30% of the items are must-buy; the others carry a
 * penalty of 1.3-2.5 times their base price (what it costs to get them elsewhere later).
 */
export function generateRealistic(rng: Rng, size: SizeClass, model: PriceModel = 'chain'): SplitCartInstance {
  const nItems = rng.integer(size.items[0], size.items[1]);
  const nStores = rng.integer(size.stores[0], size.stores[1]);
  const mustBuyShare = rng.uniform(0.05, 0.3);
  const items = Array.from({ length: nItems }, (_, j) => {
    const isOptional = rng.next() >= mustBuyShare;
    return { id: `i${j}`, qty: drawQuantity(rng), base: Math.round(Math.exp(rng.uniform(Math.log(79), Math.log(1499)))), isOptional };
  });
  const stores = Array.from({ length: nStores }, (_, s) => ({ id: `s${s}`, visitCost: rng.integer(200, 800) }));
  const offers: [number, number, number][] = [];
  for (let s = 0; s < nStores; s++) {
    const index = rng.uniform(-0.1, 0.1);
    const stockRate = rng.uniform(0.6, 0.9);
    items.forEach((item, j) => {
      if (rng.next() > stockRate) return;
      const isPromo = rng.next() < 0.08;
      const chainFactor = isPromo ? rng.uniform(-0.25, -0.15) : Math.max(-0.25, Math.min(0.25, index + rng.uniform(-0.12, 0.12)));
      const factor = model === 'iid' ? rng.uniform(-0.25, 0.25) : chainFactor;
      offers.push([s, j, Math.round(item.base * (1 + factor))]);
    });
  }
  return {
    format: 'splitcart/v1',
    K: rng.pick(LIMITS),
    items: items.map((item) => ({
      id: item.id,
      qty: item.qty,
      penalty: item.isOptional ? Math.round(item.base * rng.uniform(1.3, 2.5)) : null,
    })),
    stores: stores,
    offers,
  };
}

export function generateClass(seed: number, size: SizeClass, count: number, model: PriceModel = 'chain'): SplitCartInstance[] {
  return [...iterateClass(seed, size, count, model)];
}

/**
 * The same instances one at a time: a bench that holds sixty large instances keeps about 100 MB
 * alive, and the garbage collector's pauses then land on the solves being timed.
 */
export function* iterateClass(seed: number, size: SizeClass, count: number, model: PriceModel = 'chain'): Generator<SplitCartInstance> {
  const rng = createRng(seed ^ (size.name.length * 0x9e3779b1));
  for (let i = 0; i < count; i++) yield generateRealistic(rng, size, model);
}
