import { describe, expect, it } from 'vitest';
import { createRandom } from '@cartwise/contracts/domain/random';
import { BranchScratch } from './branch-rating';
import { pickBranchStore } from './branching';
import { CLOSED, FREE, OPEN, UNCOVERED } from './local-search';
import { prepareProblem } from './prepare';
import type { SplitCartInstance } from './types';

/** The rule written out store by store over full price rows, as the search used to compute it. */
function pickByRows(
  p: NonNullable<ReturnType<typeof preparedOf>>,
  status: Uint8Array,
  slack: Float64Array,
  cap: Float64Array,
  lambda: number,
): number {
  const pick = (isEligible: (s: number) => boolean): number => {
    let best = -1;
    let bestScore = -Infinity;
    for (let s = 0; s < p.nStores; s++) {
      if (status[s] !== FREE || !isEligible(s)) continue;
      let saving = -p.visit[s]!;
      for (let j = 0; j < p.nItems; j++) {
        const d = (cap[j] === Infinity ? UNCOVERED : cap[j]!) - p.cost[s * p.nItems + j]!;
        saving += d > 0 ? d : 0;
      }
      if (saving > bestScore) [best, bestScore] = [s, saving];
    }
    return best;
  };
  const tight = pick((s) => slack[s]! - lambda <= 0);
  return tight >= 0 ? tight : pick(() => true);
}

function preparedOf(instance: SplitCartInstance) {
  const prepared = prepareProblem(instance);
  return prepared.isFeasible ? prepared.problem : null;
}

describe('pickBranchStore', () => {
  it('picks the tight free store that saves most on the caps, as pricing every row would', () => {
    const random = createRandom(12345);
    let checked = 0;
    for (let round = 0; round < 200; round++) {
      const nStores = 2 + Math.floor(random() * 10);
      const nItems = 1 + Math.floor(random() * 25);
      const offers: [number, number, number][] = [];
      for (let s = 0; s < nStores; s++)
        for (let j = 0; j < nItems; j++) if (random() < 0.8) offers.push([s, j, 50 + Math.floor(random() * 400)]);
      const p = preparedOf({
        format: 'splitcart/v1',
        K: null,
        items: Array.from({ length: nItems }, (_, j) => ({ id: j, qty: 1, penalty: random() < 0.3 ? null : 500 })),
        stores: Array.from({ length: nStores }, (_, s) => ({ id: s, visitCost: Math.floor(random() * 300) })),
        offers,
      });
      if (!p) continue;
      checked++;
      const status = new Uint8Array(p.nStores);
      const cap = Float64Array.from(p.penalty);
      for (let s = 0; s < p.nStores; s++) {
        const roll = random();
        status[s] = roll < 0.2 ? OPEN : roll < 0.4 ? CLOSED : FREE;
        if (status[s] !== OPEN) continue;
        for (let j = 0; j < p.nItems; j++) cap[j] = Math.min(cap[j]!, p.cost[s * p.nItems + j]!);
      }
      const slack = Float64Array.from({ length: p.nStores }, () => Math.floor(random() * 200) - 60);
      const lambda = round % 2 === 0 ? 0 : 20;
      const scratch = new BranchScratch(p.nStores);
      expect(pickBranchStore(p, status, slack, cap, lambda, scratch), `round ${round}`).toBe(pickByRows(p, status, slack, cap, lambda));
    }
    expect(checked).toBeGreaterThan(100);
  });
});
