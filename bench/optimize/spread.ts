// Usage: node --import tsx bench/optimize/spread.ts [--seed N] [--count N] [--prices chain|iid]
// Our solver only (no HiGHS), many instances per class, split by store limit: shows the spread
// (median, p90, max) that a 12-instance run cannot, to check "no instance over 50 ms".
import { solveSplitCart } from '@cartwise/optimizer/solve';
import type { SplitCartInstance } from '@cartwise/optimizer/types';
import { warmUpSolver } from '@cartwise/optimizer/warm-up';
import { SIZE_CLASSES, iterateClass, type PriceModel } from './generate';

function readFlag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

/** CPU ms, best of three after one warm-up solve (as in run.ts). */
function measure(instance: SplitCartInstance): number {
  solveSplitCart(instance);
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const start = process.cpuUsage();
    solveSplitCart(instance);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function formatLine(name: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const cells = [quantile(sorted, 0.5), quantile(sorted, 0.9), sorted[sorted.length - 1]!].map((ms) => ms.toFixed(2).padStart(9));
  const over = times.filter((ms) => ms > 50).length;
  return `${name.padEnd(16)} ${String(times.length).padStart(5)} ${cells.join(' ')} ${String(over).padStart(8)}`;
}

function readPriceModel(): PriceModel {
  const at = process.argv.indexOf('--prices');
  const value = at >= 0 ? process.argv[at + 1] : 'chain';
  if (value !== 'chain' && value !== 'iid') throw new Error('--prices is chain or iid');
  return value;
}

const seed = readFlag('seed', Math.floor(Math.random() * 1e9));
const count = readFlag('count', 60);
const model = readPriceModel();
warmUpSolver();
console.log(`bench:optimize spread seed=${seed} count=${count}/class prices=${model} (CPU ms per solve, ours only)`);
console.log('class / K            n    median       p90       max  over 50');
SIZE_CLASSES.forEach((size, c) => {
  const byLimit = new Map<string, number[]>();
  const all: number[] = [];
  for (const instance of iterateClass(seed + c, size, count, model)) {
    const ms = measure(instance);
    all.push(ms);
    const key = `K=${instance.K ?? 'none'}`;
    byLimit.set(key, [...(byLimit.get(key) ?? []), ms]);
  }
  console.log(formatLine(size.name, all));
  for (const [key, times] of [...byLimit].sort()) console.log(formatLine(`  ${key}`, times));
});
