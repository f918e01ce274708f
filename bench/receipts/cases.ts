import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchItem, BenchTask } from './bench-types';
import { assignSplit, isInSplit, type Split, type SplitChoice } from './split';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
export const SROIE_DIR = path.resolve(root, '..', 'shared', 'data', 'receipts', 'sroie-train');
export const SYNTHETIC_DIR = path.join(root, 'bench', 'results', 'synthetic');

export interface BenchCase {
  task: BenchTask;
  split: Split;
  expected: { store: string | null; date: string | null; total: string | null; items: BenchItem[] | null };
  /** Order used to read the label date ("04/12/2016"), matching the locale given to the parser. */
  dateOrder: 'DMY' | 'MDY';
}

interface SroieLabel {
  company: string;
  date: string;
  total: string;
  image: string;
}

export function loadSroieCases(split: SplitChoice): BenchCase[] {
  const gtDir = path.join(SROIE_DIR, 'gt');
  return readdirSync(gtDir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file): BenchCase => {
      const id = file.replace(/\.json$/, '');
      const label = JSON.parse(readFileSync(path.join(gtDir, file), 'utf8')) as SroieLabel;
      return {
        task: { id, file: path.resolve(gtDir, label.image), locale: 'en-MY' },
        split: assignSplit(id),
        expected: { store: label.company, date: label.date, total: label.total, items: null },
        dateOrder: 'DMY',
      };
    })
    .filter((item) => isInSplit(item.task.id, split));
}

interface SyntheticLabel {
  id: string;
  image: string;
  store: string;
  date: string;
  total: string;
  items: BenchItem[];
}

export async function loadSyntheticCases(split: SplitChoice): Promise<BenchCase[]> {
  if (!existsSync(path.join(SYNTHETIC_DIR, 'index.json'))) {
    const { generateSyntheticReceipts } = await import('./generate-synthetic');
    await generateSyntheticReceipts(SYNTHETIC_DIR);
  }
  const labels = JSON.parse(readFileSync(path.join(SYNTHETIC_DIR, 'index.json'), 'utf8')) as SyntheticLabel[];
  return labels
    .map((label): BenchCase => ({
      task: { id: label.id, file: path.join(SYNTHETIC_DIR, label.image), locale: 'en-US' },
      split: assignSplit(label.id),
      expected: { store: label.store, date: label.date, total: label.total, items: label.items },
      dateOrder: 'MDY',
    }))
    .filter((item) => isInSplit(item.task.id, split));
}
