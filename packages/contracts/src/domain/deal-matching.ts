// Pure matching between deals and what a shopper buys, lists or keeps; used by the server for alerts,
// "For you" and duplicate detection. Receipt lines are terse ("BANANAS ORG 1KG") and deal titles chatty
// ("Organic bananas, 1 kg bag"), so names are normalised to token sets and compared with a forgiving score.
import { editDistance } from './edit-distance';

export type DealMatchSource = 'receipt' | 'list' | 'pantry';

export interface ShopperSignal {
  source: DealMatchSource;
  name: string;
  productId: string | null;
}

export interface DealForMatching {
  title: string;
  productId: string | null;
}

export interface DealMatch {
  source: DealMatchSource;
  matchedName: string;
  score: number;
}

/** Score at or above which two product names count as the same thing. */
export const NAME_MATCH_THRESHOLD = 0.6;

const STOP_WORDS = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'with',
  'in',
  'on',
  'at',
  'per',
  'each',
  'pack',
  'pk',
  'bag',
  'box',
  'off',
  'sale',
  'deal',
  'only',
  'now',
  'new',
  'save',
  'buy',
  'get',
  'free',
  'special',
  'x',
  'ea',
  'g',
  'kg',
  'mg',
  'ml',
  'cl',
  'lt',
  'oz',
  'lb',
  'lbs',
  'ct',
  'pcs',
]);
const UNIT_TOKEN = /^\d+([.,]\d+)?(g|kg|mg|ml|cl|l|lt|oz|lb|lbs|ct|pk|pcs|x|%)?$/;
const SOURCE_RANK: Record<DealMatchSource, number> = { receipt: 0, list: 1, pantry: 2 };

/** Lower-cases, strips accents and punctuation, drops sizes, prices and filler words, and singularises. */
export function normaliseProductName(name: string): string {
  return tokeniseProductName(name).join(' ');
}

export function tokeniseProductName(name: string): string[] {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9%.,]+/g, ' ');
  const tokens: string[] = [];
  for (const raw of plain.split(' ')) {
    const token = raw.replace(/^[.,]+|[.,]+$/g, '');
    if (!token || UNIT_TOKEN.test(token) || STOP_WORDS.has(token) || /^[.,%\d]+$/.test(token)) continue;
    const word = token.replace(/[.,%]/g, '');
    if (word.length < 2) continue;
    const singular = singularise(word);
    if (!tokens.includes(singular)) tokens.push(singular);
  }
  return tokens;
}

function singularise(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|xes|oes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Edit distance, capped early because only distances of 0-2 matter here. */
export function levenshtein(a: string, b: string): number {
  return editDistance(a, b, 2);
}

/** Two tokens are the same word when equal, or when long enough that a typo/abbreviation is plausible. */
function areTokensAlike(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter >= 3 && (a.startsWith(b) || b.startsWith(a))) return true;
  if (shorter >= 5) return levenshtein(a, b) <= 1;
  return false;
}

/**
 * Similarity of two product names in 0..1: a fuzzy Dice coefficient over normalised tokens.
 * "whole milk" vs "milk" scores 0.67; "milk" vs "chocolate milk cookies" only 0.5.
 */
export function calculateNameSimilarity(a: string, b: string): number {
  const left = tokeniseProductName(a);
  const right = tokeniseProductName(b);
  if (left.length === 0 || right.length === 0) return 0;
  const used = new Set<number>();
  let shared = 0;
  for (const token of left) {
    const index = right.findIndex((other, i) => !used.has(i) && areTokensAlike(token, other));
    if (index >= 0) {
      used.add(index);
      shared += 1;
    }
  }
  return (2 * shared) / (left.length + right.length);
}

export function isNameMatch(a: string, b: string, threshold = NAME_MATCH_THRESHOLD): boolean {
  return calculateNameSimilarity(a, b) >= threshold;
}

/**
 * The best reason a deal is relevant to a shopper, or null. The same product id always wins;
 * otherwise the closest name, preferring receipts (bought) over lists and pantry on ties.
 */
export function matchDealToSignals(deal: DealForMatching, signals: readonly ShopperSignal[]): DealMatch | null {
  let best: DealMatch | null = null;
  for (const signal of signals) {
    const score = deal.productId && signal.productId === deal.productId ? 1 : calculateNameSimilarity(deal.title, signal.name);
    if (score < NAME_MATCH_THRESHOLD) continue;
    const isBetter = !best || score > best.score || (score === best.score && SOURCE_RANK[signal.source] < SOURCE_RANK[best.source]);
    if (isBetter) best = { source: signal.source, matchedName: signal.name, score };
  }
  return best;
}

export interface DuplicateCandidate {
  storeId: string | null;
  title: string;
  salePriceCents: number;
}

/** Same store, near-identical title and a price within 10% (or 50 cents): probably the same deal twice. */
export function isLikelyDuplicateDeal(a: DuplicateCandidate, b: DuplicateCandidate): boolean {
  if (!a.storeId || a.storeId !== b.storeId) return false;
  if (calculateNameSimilarity(a.title, b.title) < 0.8) return false;
  const difference = Math.abs(a.salePriceCents - b.salePriceCents);
  return difference <= 50 || difference <= Math.max(a.salePriceCents, b.salePriceCents) * 0.1;
}

/** Words worth pre-filtering candidate rows with in SQL (`lower(name) like %word%`) before exact scoring. */
export function listSearchWords(title: string): string[] {
  return tokeniseProductName(title)
    .filter((t) => t.length >= 3)
    .map((t) => (t.length > 4 ? t.slice(0, 4) : t));
}
