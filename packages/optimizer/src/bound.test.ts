import { describe, expect, it } from 'vitest';
import { createRandom } from '@cartwise/contracts/domain/random';
import { DualBound } from './bound';
import { CLOSED, FREE, OPEN, priceOnCaps } from './local-search';
import { prepareProblem, type DenseProblem } from './prepare';
import type { SplitCartInstance } from './types';

function buildProblem(seed: number): DenseProblem {
  const random = createRandom(seed);
  const nStores = 2 + Math.floor(random() * 12);
  const nItems = 1 + Math.floor(random() * 30);
  const offers: [number, number, number][] = [];
  const bases = Array.from({ length: nItems }, () => 80 + Math.floor(random() * 900));
  for (let s = 0; s < nStores; s++) {
    for (let j = 0; j < nItems; j++) if (random() < 0.75) offers.push([s, j, Math.round(bases[j]! * (0.75 + random() / 2))]);
  }
  const instance: SplitCartInstance = {
    format: 'splitcart/v1',
    K: null,
    items: bases.map((base, j) => ({ id: j, qty: 1, penalty: random() < 0.2 ? null : Math.round(base * (1.3 + random())) })),
    stores: Array.from({ length: nStores }, (_, s) => ({ id: s, visitCost: [0, 200, 350, 800][s % 4]! })),
    offers,
  };
  const prepared = prepareProblem(instance);
  if (!prepared.isFeasible) return buildProblem(seed + 1_000_003);
  return prepared.problem;
}

describe('DualBound', () => {
  it('gives the same duals whether a later ascent at a node filters its copy or rebuilds it', () => {
    let closedSome = 0;
    let compared = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const p = buildProblem(seed);
      const random = createRandom(seed * 7919);
      const status = new Uint8Array(p.nStores).fill(FREE);
      const cap = Float64Array.from(p.penalty);
      const lambda = seed % 3 === 0 ? 150 : 0;
      const filtered = new DualBound(p);
      filtered.ascend(status, cap, lambda);
      // Reduced-cost fixing closes stores between the ascents of one node.
      for (let s = 0; s < p.nStores; s++) if (random() < 0.3) status[s] = CLOSED;
      if (status.includes(CLOSED)) closedSome++;
      const filteredSum = filtered.ascend(status, cap, lambda, true);
      const rebuilt = new DualBound(p);
      const rebuiltSum = rebuilt.ascend(status, cap, lambda, false);
      expect(filteredSum, `seed ${seed}`).toBe(rebuiltSum);
      // An uncoverable must-buy item stops the ascent early: only the sum (Infinity) means anything then.
      if (rebuiltSum === Infinity) continue;
      compared++;
      expect(Array.from(filtered.v), `seed ${seed}`).toEqual(Array.from(rebuilt.v));
      expect(Array.from(filtered.slack), `seed ${seed}`).toEqual(Array.from(rebuilt.slack));
    }
    expect(closedSome).toBeGreaterThan(200);
    expect(compared).toBeGreaterThan(150);
  });

  it('prices the tight stores off its candidate copy as opening each of them on the caps would', () => {
    let priced = 0;
    let stopped = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const p = buildProblem(seed);
      const random = createRandom(seed * 104729);
      const status = new Uint8Array(p.nStores);
      const cap = Float64Array.from(p.penalty);
      for (let s = 0; s < p.nStores; s++) {
        const roll = random();
        status[s] = roll < 0.15 ? OPEN : roll < 0.35 ? CLOSED : FREE;
        if (status[s] === OPEN) for (let j = 0; j < p.nItems; j++) cap[j] = Math.min(cap[j]!, p.cost[s * p.nItems + j]!);
      }
      const lambda = seed % 3 === 0 ? 150 : 0;
      const bound = new DualBound(p);
      if (bound.ascend(status, cap, lambda) === Infinity) {
        // The ascent stopped on an uncoverable must-buy item: its copy is incomplete.
        expect(bound.priceTightStores(cap, lambda), `seed ${seed}`).toBeNull();
        stopped++;
        continue;
      }
      const tight: number[] = [];
      for (let s = 0; s < p.nStores; s++) if (status[s] === FREE && bound.slack[s]! - lambda <= 0) tight.push(s);
      const expected = priceOnCaps(p, cap, tight, new Float64Array(p.nItems));
      expect(bound.priceTightStores(cap, lambda), `seed ${seed}`).toBe(expected);
      if (tight.length > 0) priced++;
    }
    expect(priced).toBeGreaterThan(150);
    expect(stopped).toBeGreaterThan(5);
  });
});
