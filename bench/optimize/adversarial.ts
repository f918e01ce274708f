import type { SplitCartInstance } from '@cartwise/optimizer/types';
import type { Rng } from './random';

type Offer = [number, number, number];

interface Shape {
  nItems: number;
  nStores: number;
  K: number | null;
  stockRate: number;
  mustBuyShare: number;
  visit: () => number;
  price: (base: number, store: number) => number;
}

function buildInstance(rng: Rng, shape: Shape): SplitCartInstance {
  const bases = Array.from({ length: shape.nItems }, () => rng.integer(79, 1499));
  const offers: Offer[] = [];
  for (let s = 0; s < shape.nStores; s++) {
    bases.forEach((base, j) => {
      if (rng.next() < shape.stockRate) offers.push([s, j, shape.price(base, s)]);
    });
  }
  return {
    format: 'splitcart/v1',
    K: shape.K,
    items: bases.map((base, j) => ({
      id: `i${j}`,
      qty: 1,
      penalty: rng.next() < shape.mustBuyShare ? null : Math.round(base * rng.uniform(1.3, 2.5)),
    })),
    stores: Array.from({ length: shape.nStores }, (_, s) => ({ id: `s${s}`, visitCost: shape.visit() })),
    offers,
  };
}

/** Hard-by-design families: ties everywhere, free trips, no store limit, one trip cost, clones, pure set cover. */
export const ADVERSARIAL: { name: string; generate: (rng: Rng) => SplitCartInstance }[] = [
  {
    name: 'flat-prices',
    generate: (rng) =>
      buildInstance(rng, {
        nItems: 300,
        nStores: 60,
        K: rng.pick([2, 3, 4, null]),
        stockRate: 0.75,
        mustBuyShare: 0.1,
        visit: () => rng.integer(200, 800),
        price: (base) => base + rng.integer(-1, 1),
      }),
  },
  {
    name: 'free-trips',
    generate: (rng) =>
      buildInstance(rng, {
        nItems: 300,
        nStores: 60,
        K: rng.pick([3, 4, null]),
        stockRate: 0.75,
        mustBuyShare: 0.2,
        visit: () => 0,
        price: (base) => Math.round(base * rng.uniform(0.75, 1.25)),
      }),
  },
  {
    name: 'unlimited-iid',
    generate: (rng) =>
      buildInstance(rng, {
        nItems: 300,
        nStores: 60,
        K: null,
        stockRate: 0.75,
        mustBuyShare: 0.2,
        visit: () => rng.integer(200, 300),
        price: (base) => Math.round(base * rng.uniform(0.75, 1.25)),
      }),
  },
  {
    // What the app sends: one trip cost for every store (the shopper's setting), with independent prices.
    // Near-equal store sets abound; with varied trip costs (large-iid) the same lists are far easier.
    name: 'same-trip-iid',
    generate: (rng) => {
      const trip = rng.integer(200, 800);
      return buildInstance(rng, {
        nItems: rng.integer(150, 300),
        nStores: rng.integer(35, 60),
        K: null,
        stockRate: rng.uniform(0.6, 0.9),
        mustBuyShare: rng.uniform(0.05, 0.3),
        visit: () => trip,
        price: (base) => Math.round(base * rng.uniform(0.75, 1.25)),
      });
    },
  },
  {
    name: 'k4-iid',
    generate: (rng) =>
      buildInstance(rng, {
        nItems: 300,
        nStores: 60,
        K: 4,
        stockRate: rng.uniform(0.6, 0.9),
        mustBuyShare: 0.1,
        visit: () => rng.integer(200, 800),
        price: (base) => Math.round(base * rng.uniform(0.75, 1.25)),
      }),
  },
  {
    name: 'must-buy-cover',
    generate: (rng) =>
      buildInstance(rng, {
        nItems: 120,
        nStores: 60,
        K: rng.pick([3, 4]),
        stockRate: 0.8,
        mustBuyShare: 1,
        visit: () => rng.integer(200, 800),
        price: (base) => Math.round(base * rng.uniform(0.75, 1.25)),
      }),
  },
  {
    name: 'clones',
    generate: (rng) => {
      const original = buildInstance(rng, {
        nItems: 200,
        nStores: 20,
        K: rng.pick([2, 3, null]),
        stockRate: 0.75,
        mustBuyShare: 0.2,
        visit: () => rng.integer(200, 800),
        price: (base) => Math.round(base * rng.uniform(0.75, 1.25)),
      });
      const copies = 3;
      return {
        ...original,
        stores: Array.from({ length: 20 * copies }, (_, s) => ({ id: `s${s}`, visitCost: original.stores[s % 20]!.visitCost })),
        offers: original.offers.flatMap(([s, j, price]) => Array.from({ length: copies }, (_, c): Offer => [s + 20 * c, j, price])),
      };
    },
  },
];
