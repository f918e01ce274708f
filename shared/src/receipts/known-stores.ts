import { editDistance } from '../domain/edit-distance';
import { isBusinessWord } from './business-words';

/**
 * Matches the store name read off a receipt to a store already in Cartwise. A misread name ("29 SPEED MART S/B")
 * saved as typed becomes a new store and splits that store's price history in two, so the review offers the
 * known store instead, and says what was read.
 */
export interface KnownStore {
  id: string;
  name: string;
}

export interface KnownStoreMatch<T extends KnownStore = KnownStore> {
  store: T;
  /** 1 for the same name; otherwise 1 - edit distance / length of the names' matching keys. */
  score: number;
}

/** Below this the read and the known name share too little to be one store misread. */
export const KNOWN_STORE_MIN_SCORE = 0.8;
/** Two known stores this close to the best are both plausible: the read is left for the shopper to decide. */
const AMBIGUITY_MARGIN = 0.05;
/**
 * The proper-name part ("YONG TAT" of "YONG TAT HARDWARE TRADING") must be at least this alike too: two stores in
 * one trade share their trade words, which alone would score "HON HWA HARDWARE TRADING" 0.82 against it.
 */
const MIN_NAME_PART_SCORE = 0.6;
// Trade words too short for the business-word vocabulary, which only repairs words of seven letters or more.
const SHORT_TRADE_WORDS = new Set(['MART', 'SHOP', 'STORE', 'STORES', 'CENTRE', 'CENTER', 'MARKET', 'CAFE', 'BAKERY', 'FOODS', 'FOOD', 'CASH', 'CARRY', 'HOUSE']);
/** Keys shorter than this ("BHD", "AEON") match too much by accident once one letter may be wrong. */
const MIN_KEY_LENGTH = 5;

// Legal forms differ between a till's header and how people type a store (SDN BHD, S/B, LTD, (M) for Malaysia).
const LEGAL_FORMS = /(?<![A-Z0-9])(?:SDN\.?\s*BHD\.?|SDN\.?|BHD\.?|S\/B|LTD\.?|LLC|INC\.?|CORP\.?|CO\.?|\(M\))(?=\W|$)/g;
// Characters OCR confuses with each other map to one, so a misread costs nothing: 0/O/D, 1/I/L/|, 5/S, 8/B, 6/G.
const LOOK_ALIKES: Record<string, string> = { '0': 'O', D: 'O', '1': 'I', L: 'I', '|': 'I', '!': 'I', '5': 'S', $: 'S', '8': 'B', '6': 'G' };

/** "99 Speed Mart S/B" -> "99SPEEDMARTS" style key: letters and digits only, legal form dropped, look-alikes merged. */
export function toStoreMatchKey(name: string): string {
  const upper = name.toUpperCase().replace(LEGAL_FORMS, ' ');
  let key = '';
  for (const char of upper) {
    const mapped = LOOK_ALIKES[char] ?? char;
    if (/[A-Z0-9]/.test(mapped)) key += mapped;
  }
  return key;
}

/** Those long enough that one wrong letter still names them (MARKFT is MARKET; MAST is not MART). */
const MISREADABLE_TRADE_WORDS = [...SHORT_TRADE_WORDS].filter((trade) => trade.length >= 5);

/** A short trade word, or at five letters or more one misread letter of one (MARKFT). */
function isShortTradeWord(word: string): boolean {
  if (SHORT_TRADE_WORDS.has(word)) return true;
  return word.length >= 5 && MISREADABLE_TRADE_WORDS.some((trade) => editDistance(word, trade) === 1);
}

/** The key of the name without its trade words: what tells two hardware shops apart. */
function toNamePartKey(name: string): string {
  const words = name.toUpperCase().replace(LEGAL_FORMS, ' ').split(/[^A-Z0-9]+/);
  const proper = words.filter((word) => word && !isShortTradeWord(word) && !isBusinessWord(word));
  return toStoreMatchKey(proper.join(' '));
}

function calculateKeySimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

function toComparableName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** Stores with their matching keys worked out once, for matching many names against one directory. */
export interface KnownStoreIndex<T extends KnownStore = KnownStore> {
  entries: { store: T; comparable: string; key: string; namePart: string }[];
}

export function indexKnownStores<T extends KnownStore>(stores: readonly T[]): KnownStoreIndex<T> {
  return {
    entries: stores.map((store) => ({ store, comparable: toComparableName(store.name), key: toStoreMatchKey(store.name), namePart: toNamePartKey(store.name) })),
  };
}

function isStoreList<T extends KnownStore>(stores: readonly T[] | KnownStoreIndex<T>): stores is readonly T[] {
  return Array.isArray(stores);
}

/**
 * The known store the read name most likely is: the same name (any case or spacing), else the one whose key is
 * within KNOWN_STORE_MIN_SCORE, provided no other store comes close. Null when nothing matches or it is a toss-up.
 * `excludeId` leaves one store out (a store is not its own duplicate).
 */
export function findKnownStore<T extends KnownStore>(
  readName: string, stores: readonly T[] | KnownStoreIndex<T>, excludeId: string | null = null,
): KnownStoreMatch<T> | null {
  const comparable = toComparableName(readName);
  if (!comparable) return null;
  // An array has an `entries` method too, so the index is told apart by Array.isArray.
  const index = isStoreList(stores) ? indexKnownStores(stores) : stores;
  const entries = excludeId === null ? index.entries : index.entries.filter((entry) => entry.store.id !== excludeId);
  const same = entries.find((entry) => entry.comparable === comparable);
  if (same) return { store: same.store, score: 1 };

  const key = toStoreMatchKey(readName);
  if (key.length < MIN_KEY_LENGTH) return null;
  const readNamePart = toNamePartKey(readName);
  const scored: KnownStoreMatch<T>[] = [];
  for (const entry of entries) {
    if (entry.key.length < MIN_KEY_LENGTH) continue;
    const longer = Math.max(key.length, entry.key.length);
    // Cheap reject before the edit distance: the lengths alone already rule out the score.
    if (1 - Math.abs(key.length - entry.key.length) / longer < KNOWN_STORE_MIN_SCORE - AMBIGUITY_MARGIN) continue;
    const score = calculateKeySimilarity(key, entry.key);
    if (score < KNOWN_STORE_MIN_SCORE - AMBIGUITY_MARGIN) continue;
    if (readNamePart && entry.namePart && calculateKeySimilarity(readNamePart, entry.namePart) < MIN_NAME_PART_SCORE) continue;
    scored.push({ store: entry.store, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < KNOWN_STORE_MIN_SCORE) return null;
  const rivals = scored.filter((candidate) => candidate.score >= best.score - AMBIGUITY_MARGIN);
  return rivals.length === 1 ? best : null;
}

/** Past this many stores the pairwise duplicate check would slow the operator's page; it is skipped. */
export const MAX_STORES_FOR_DUPLICATE_CHECK = 1500;

/**
 * Store locations that look like another one misread or mistyped ("29 SPEED MART S/B" beside "99 SPEED MART S/B"),
 * each with the store to merge it into: the one with more prices (`weight`), so the smaller history moves.
 */
export function suggestStoreMerges<T extends KnownStore & { weight: number }>(stores: readonly T[]): Map<string, T> {
  const merges = new Map<string, T>();
  if (stores.length > MAX_STORES_FOR_DUPLICATE_CHECK) return merges;
  const index = indexKnownStores(stores);
  for (const store of stores) {
    const match = findKnownStore(store.name, index, store.id);
    if (!match) continue;
    const into = match.store;
    const isSmaller = store.weight < into.weight || (store.weight === into.weight && store.id > into.id);
    if (isSmaller) merges.set(store.id, into);
  }
  return merges;
}
