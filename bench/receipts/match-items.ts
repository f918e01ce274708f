import { editDistance } from '@cartwise/contracts/domain/edit-distance';
import type { BenchItem } from './bench-types';

export function calculateSimilarity(a: string, b: string): number {
  const left = a.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const right = b.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (left.length === 0 && right.length === 0) return 1;
  return 1 - editDistance(left, right) / Math.max(left.length, right.length);
}

export interface ItemMatchCounts {
  predicted: number;
  expected: number;
  matched: number;
  quantityCorrect: number;
  discountCorrect: number;
}

/** An item matches when its line total is equal and its name is at least 60% similar (OCR slips allowed). */
export function matchItems(predicted: readonly BenchItem[], expected: readonly BenchItem[]): ItemMatchCounts {
  const used = new Set<number>();
  let matched = 0;
  let quantityCorrect = 0;
  let discountCorrect = 0;
  for (const truth of expected) {
    let bestIndex = -1;
    let bestSimilarity = 0.6;
    predicted.forEach((item, index) => {
      if (used.has(index) || Math.abs(item.price - truth.price) > 0.005) return;
      const similarity = calculateSimilarity(item.name, truth.name);
      if (similarity >= bestSimilarity) {
        bestSimilarity = similarity;
        bestIndex = index;
      }
    });
    const match = predicted[bestIndex];
    if (!match) continue;
    used.add(bestIndex);
    matched += 1;
    if (Math.abs(match.quantity - truth.quantity) < 0.001) quantityCorrect += 1;
    if (Math.abs(match.discount - truth.discount) < 0.005) discountCorrect += 1;
  }
  return { predicted: predicted.length, expected: expected.length, matched, quantityCorrect, discountCorrect };
}
