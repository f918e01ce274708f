import { buildPromotionTerms } from './highs-promotions';
import { roundLineCents, type SplitCartInstance } from '@cartwise/optimizer/types';

export interface HighsSolver {
  solve(problem: string, options?: Record<string, unknown>): { Status: string; ObjectiveValue: number };
}

let solverPromise: Promise<HighsSolver> | null = null;

export function loadHighs(): Promise<HighsSolver> {
  solverPromise ??= import('highs').then(async (module) => (await module.default()) as unknown as HighsSolver);
  return solverPromise;
}

/**
 * The textbook MILP, independent of the optimiser's reductions: x_sj assignment (continuous is
 * enough once y is binary; binary with promotions, whose groups and minimum purchases need whole lines),
 * y_s open, u_j unbought, plus the promotion terms of `highs-promotions.ts`. Coefficients use the same
 * per-line rounding.
 */
export function buildLpModel(instance: SplitCartInstance): string {
  const nItems = instance.items.length;
  const cheapest = new Map<number, number>();
  const cheapestUnit = new Map<number, number>();
  for (const [s, j, price] of instance.offers) {
    const key = s * nItems + j;
    const line = roundLineCents(instance.items[j]!.qty, price);
    if (line < (cheapest.get(key) ?? Infinity)) cheapest.set(key, line);
    if (price < (cheapestUnit.get(key) ?? Infinity)) cheapestUnit.set(key, price);
  }
  const objective: string[] = instance.stores.map((store, s) => `${store.visitCost} y${s}`);
  const rows: string[] = [];
  const perItem: string[][] = instance.items.map(() => []);
  for (const [key, line] of cheapest) {
    const s = Math.floor(key / nItems);
    const j = key % nItems;
    objective.push(`${line} x${s}_${j}`);
    perItem[j]!.push(`x${s}_${j}`);
    rows.push(`l${s}_${j}: x${s}_${j} - y${s} <= 0`);
  }
  instance.items.forEach((item, j) => {
    const terms = [...perItem[j]!];
    if (item.penalty !== null) {
      terms.push(`u${j}`);
      objective.push(`${roundLineCents(item.qty, item.penalty)} u${j}`);
    }
    rows.push(`a${j}: ${terms.length > 0 ? terms.join(' + ') : '0 y0'} = 1`);
  });
  if (instance.K !== null && instance.stores.length > 0) {
    rows.push(`k: ${instance.stores.map((_, s) => `y${s}`).join(' + ')} <= ${instance.K}`);
  }
  const promotion = buildPromotionTerms(instance, cheapest, cheapestUnit);
  rows.push(...promotion.rows);
  const hasPromotions = promotion.generals.length + promotion.binaries.length > 0;
  const assignments = hasPromotions ? [...cheapest.keys()].map((key) => `x${Math.floor(key / nItems)}_${key % nItems}`) : [];
  const binaries = [...instance.stores.map((_, s) => `y${s}`), ...assignments, ...promotion.binaries].join(' ');
  const generals = promotion.generals.length > 0 ? `General\n ${promotion.generals.join(' ')}\n` : '';
  const objectiveText = [objective.join(' + '), ...promotion.objective].filter(Boolean).join(' ');
  return `Minimize\n obj: ${objectiveText || '0 y0'}\nSubject To\n ${rows.join('\n ')}\n${generals}Binary\n ${binaries || 'y0'}\nEnd\n`;
}

export type ReferenceResult = { status: 'optimal'; objective: number } | { status: 'infeasible' } | { status: 'timeout' };

/** Wall-clock cap per HiGHS solve, so one pathological instance cannot stall the whole bench. */
export const HIGHS_TIME_LIMIT_S = 30;

/** Synchronous once `loadHighs()` has resolved, so the caller can time the solve alone. */
export function solveWithHighs(highs: HighsSolver, instance: SplitCartInstance): ReferenceResult {
  const options = { output_flag: false, mip_rel_gap: 0, mip_abs_gap: 0.5, presolve: 'on', time_limit: HIGHS_TIME_LIMIT_S };
  const result = highs.solve(buildLpModel(instance), options);
  if (result.Status === 'Optimal') return { status: 'optimal', objective: Math.round(result.ObjectiveValue) };
  if (result.Status === 'Infeasible' || result.Status === 'Primal infeasible or unbounded') return { status: 'infeasible' };
  if (result.Status === 'Time limit reached') return { status: 'timeout' };
  throw new Error(`HiGHS returned ${result.Status}`);
}
