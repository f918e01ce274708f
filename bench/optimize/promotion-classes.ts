import { solveSplitCart } from '@cartwise/optimizer/solve';
import type { SplitCartInstance } from '@cartwise/optimizer/types';
import { solveWithHighs, type HighsSolver } from './highs-reference';
import { buildIsraelBasket, expandToBranches } from './israel-baskets';
import { ISRAEL_DAYS, loadIsraelDay, type IsraelDay } from './israel-days';
import { createRng } from './random';

function measureCpu<T>(run: () => T): { value: T; ms: number } {
  const start = process.cpuUsage();
  const value = run();
  const used = process.cpuUsage(start);
  return { value, ms: (used.user + used.system) / 1000 };
}

interface PromotionRow {
  ours: number;
  highs: number;
  isDifferent: boolean;
  isUnproven: boolean;
  isHighsTimeout: boolean;
  /** Plan total without promotions minus with them, and the total without (cents). */
  saving: number;
  regular: number;
  promotions: number;
}

function measure(highs: HighsSolver, instance: SplitCartInstance): PromotionRow {
  solveSplitCart(instance);
  let ours = measureCpu(() => solveSplitCart(instance));
  for (let run = 1; run < 3 && ours.ms < 100; run++) {
    const again = measureCpu(() => solveSplitCart(instance));
    if (again.ms < ours.ms) ours = again;
  }
  const reference = measureCpu(() => solveWithHighs(highs, instance));
  const regular = solveSplitCart({ ...instance, promotions: [] });
  const objective = ours.value.isFeasible ? ours.value.objective : null;
  const isHighsTimeout = reference.value.status === 'timeout';
  const highsObjective = reference.value.status === 'optimal' ? reference.value.objective : null;
  const regularObjective = regular.isFeasible ? regular.objective : 0;
  return {
    ours: ours.ms,
    highs: reference.ms,
    isHighsTimeout,
    isDifferent: !isHighsTimeout && objective !== highsObjective,
    isUnproven: ours.value.isFeasible && !ours.value.isProven,
    saving: objective === null ? 0 : regularObjective - objective,
    regular: regularObjective,
    promotions: instance.promotions?.length ?? 0,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const PROMOTION_HEADER =
  'class                  n differ unproven  ours med  ours max over50  HiGHS med  HiGHS max promos med  saving med  saving total';

function formatRow(name: string, rows: PromotionRow[]): string {
  const ours = rows.map((row) => row.ours);
  const highs = rows.map((row) => row.highs);
  const saving = rows.reduce((sum, row) => sum + row.saving, 0);
  const regular = rows.reduce((sum, row) => sum + row.regular, 0);
  return [
    name.padEnd(20),
    String(rows.length).padStart(3),
    String(rows.filter((row) => row.isDifferent).length).padStart(6),
    String(rows.filter((row) => row.isUnproven).length).padStart(8),
    median(ours).toFixed(2).padStart(9),
    Math.max(...ours)
      .toFixed(2)
      .padStart(9),
    String(rows.filter((row) => row.ours > 50).length).padStart(6),
    median(highs).toFixed(1).padStart(10),
    Math.max(...highs)
      .toFixed(1)
      .padStart(10),
    median(rows.map((row) => row.promotions))
      .toFixed(0)
      .padStart(10),
    `${(median(rows.map((row) => row.saving)) / 100).toFixed(2)}`.padStart(11),
    `${(saving / 100).toFixed(2)} (${((100 * saving) / Math.max(1, regular)).toFixed(1)} %)`.padStart(13),
  ].join(' ');
}

/**
 * The promotion classes: `baskets` baskets from the shared Israeli days at their 5 stores, each solved
 * without and with every chain's loyalty card, and the same number of 40-item baskets over 30 synthetic
 * branches. Every solve is compared with the HiGHS reference; savings are in shekels (plan total without
 * promotions minus with them).
 */
export function runPromotionClasses(highs: HighsSolver, seed: number, baskets: number): number {
  const rng = createRng(seed ^ 0x1f3d5b79);
  const days = new Map<string, IsraelDay>();
  const dayOf = (index: number) => {
    const date = ISRAEL_DAYS[index % ISRAEL_DAYS.length]!;
    let day = days.get(date);
    if (!day) {
      day = loadIsraelDay(date);
      days.set(date, day);
    }
    return day;
  };
  const classes: Record<string, PromotionRow[]> = { 'il-5 no cards': [], 'il-5 cards': [], 'il-30 synthetic': [] };
  for (let b = 0; b < baskets; b++) {
    const day = dayOf(b);
    const basketSeed = rng.integer(0, 2 ** 30);
    const size = createRng(basketSeed).integer(25, 40);
    classes['il-5 no cards']!.push(measure(highs, buildIsraelBasket(createRng(basketSeed), day, false, size)));
    classes['il-5 cards']!.push(measure(highs, buildIsraelBasket(createRng(basketSeed), day, true, size)));
    const synthetic = buildIsraelBasket(createRng(basketSeed + 1), day, rng.next() < 0.5, 40);
    classes['il-30 synthetic']!.push(measure(highs, expandToBranches(rng, synthetic)));
  }
  console.log(PROMOTION_HEADER);
  let differ = 0;
  for (const [name, rows] of Object.entries(classes)) {
    differ += rows.filter((row) => row.isDifferent).length;
    console.log(formatRow(name, rows));
  }
  return differ;
}
