// Usage: npm run -s optimize -- <file.json>...  (one JSON line per file on stdout)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { solveSplitCart } from './solve';
import { ZSplitCartInstance, type SplitCartInstance, type SplitCartResult } from './types';
import { warmUpSolver } from './warm-up';

/**
 * Solver time after one untimed warm-up solve of the same instance. The process itself is warmed
 * first (warmUpSolver, on built-in instances): one solve is not enough for V8 to optimise the hot
 * loops, and a cold process timed 3-6x its steady speed on large instances.
 */
function solveTimed(instance: SplitCartInstance): { result: SplitCartResult; ms: number } {
  solveSplitCart(instance);
  const start = performance.now();
  const result = solveSplitCart(instance);
  return { result, ms: Math.round((performance.now() - start) * 1000) / 1000 };
}

function describeFile(file: string): Record<string, unknown> {
  let instance: SplitCartInstance;
  try {
    const parsed = ZSplitCartInstance.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) return { file, error: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ') };
    instance = parsed.data;
  } catch (error) {
    return { file, error: error instanceof Error ? error.message : String(error) };
  }
  const { result, ms } = solveTimed(instance);
  if (!result.isFeasible) {
    const missing = result.missingItemIndices.map((j) => instance.items[j]!.id);
    return { file, infeasible: true, reason: result.reason, missingItems: missing, ms };
  }
  const assignment: Record<string, string | number | null> = {};
  instance.items.forEach((item, j) => {
    const store = result.assignment[j];
    assignment[String(item.id)] = store === null || store === undefined ? null : instance.stores[store]!.id;
  });
  return {
    file,
    objective: result.objective,
    stores: result.storeIndices.map((s) => instance.stores[s]!.id),
    assignment,
    ms,
  };
}

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write('usage: npm run -s optimize -- <instance.json>...\n');
  process.exitCode = 2;
}
if (files.length > 0) warmUpSolver();
for (const file of files) {
  const line = describeFile(file);
  if ('error' in line) process.exitCode = 1;
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
