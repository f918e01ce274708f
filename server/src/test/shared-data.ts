import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The shared sample data beside the repository (`../shared/data/prices`); CARTWISE_SHARED_DATA points elsewhere. */
export function findSharedPrices(): string {
  const repoRoot = join(import.meta.dirname, '../../..');
  const candidates = [process.env.CARTWISE_SHARED_DATA, join(repoRoot, '../shared/data'), join(repoRoot, '../../shared/data')];
  const found = candidates.find((dir) => dir && existsSync(join(dir, 'prices')));
  if (!found) throw new Error('The shared price samples are missing: set CARTWISE_SHARED_DATA');
  return join(found, 'prices');
}
