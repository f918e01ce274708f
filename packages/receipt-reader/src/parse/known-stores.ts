import { editDistance } from '@cartwise/contracts/domain/edit-distance';
import { isBusinessWord } from './business-words';
import { DEFAULT_RECEIPT_LOCALE } from './locale';
import { getVocabulary } from './vocabulary/index';
import { getPatterns } from './vocabulary/patterns';

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
/** The lowest score worth computing exactly: the best match, or a rival within the margin of it. */
const MIN_CANDIDATE_SCORE = KNOWN_STORE_MIN_SCORE - AMBIGUITY_MARGIN;
/**
 * The proper-name part ("YONG TAT" of "YONG TAT HARDWARE TRADING") must be at least this alike too: two stores in
 * one trade share their trade words, which alone would score "HON HWA HARDWARE TRADING" 0.82 against it.
 */
const MIN_NAME_PART_SCORE = 0.6;
// Trade words too short for the business-word vocabulary, which only repairs words of seven letters or more.
const SHORT_TRADE_WORDS = new Set([
  'MART',
  'SHOP',
  'STORE',
  'STORES',
  'CENTRE',
  'CENTER',
  'MARKET',
  'CAFE',
  'BAKERY',
  'FOODS',
  'FOOD',
  'CASH',
  'CARRY',
  'HOUSE',
]);
/** Keys shorter than this ("BHD", "AEON") match too much by accident once one letter may be wrong. */
const MIN_KEY_LENGTH = 5;

// Legal forms differ between a till's header and how people type a store (SDN BHD, S/B, LTD, (M) for Malaysia). A
// store's name has no locale: the English receipts' forms are dropped.
const LEGAL_FORMS = getPatterns(getVocabulary(DEFAULT_RECEIPT_LOCALE)).legalFormsAsTyped;
// Characters OCR confuses with each other map to one, so a misread costs nothing: 0/O/D, 1/I/L/|, 5/S, 8/B, 6/G.
const LOOK_ALIKES: Record<string, string> = {
  '0': 'O',
  D: 'O',
  '1': 'I',
  L: 'I',
  '|': 'I',
  '!': 'I',
  '5': 'S',
  $: 'S',
  '8': 'B',
  '6': 'G',
};

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

/**
 * The name's letters and digits as read, legal form dropped: two names with one spelling key differ only in spacing,
 * punctuation or legal form ("MR.D.I.Y(M)SDN BHD", "MR. D.I.Y. SDN BHD"), which tills print differently, not in a misread.
 */
export function toSpellingKey(name: string): string {
  // "(M)" is dropped even against a word: tills print "MR.D.I.Y(M)SDN BHD" unspaced.
  return name
    .toUpperCase()
    .replace(/\(M\)/g, ' ')
    .replace(LEGAL_FORMS, ' ')
    .replace(/[^A-Z0-9]/g, '');
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
  const words = name
    .toUpperCase()
    .replace(LEGAL_FORMS, ' ')
    .split(/[^A-Z0-9]+/);
  const proper = words.filter((word) => word && !isShortTradeWord(word) && !isBusinessWord(word));
  return toStoreMatchKey(proper.join(' '));
}

/** The most edits two keys, the longer `longer` characters, can differ by and still score `floor` (the epsilon absorbs 1 - 0.75 != 0.25). */
function findMaxEdits(longer: number, floor: number): number {
  return Math.floor((1 - floor) * longer + 1e-9);
}

/** 1 - edit distance / the longer key; below `floor` the exact value is not needed, so the distance stops early. */
function calculateKeySimilarity(a: string, b: string, floor = 0): number {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - editDistance(a, b, findMaxEdits(longer, floor)) / longer;
}

export function toComparableName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toUpperCase();
}

function countBigrams(key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < key.length; i += 1) {
    const bigram = key.slice(i, i + 2);
    counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
  }
  return counts;
}

function countSharedBigrams(a: Map<string, number>, b: Map<string, number>): number {
  let shared = 0;
  for (const [bigram, count] of a) shared += Math.min(count, b.get(bigram) ?? 0);
  return shared;
}

/** Stores with their matching keys worked out once, for matching many names against one directory. */
export interface KnownStoreIndex<T extends KnownStore = KnownStore> {
  entries: { store: T; comparable: string; key: string; namePart: string; bigrams: Map<string, number> }[];
}

export function indexKnownStores<T extends KnownStore>(stores: readonly T[]): KnownStoreIndex<T> {
  return {
    entries: stores.map((store) => {
      const key = toStoreMatchKey(store.name);
      return { store, comparable: toComparableName(store.name), key, namePart: toNamePartKey(store.name), bigrams: countBigrams(key) };
    }),
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
  readName: string,
  stores: readonly T[] | KnownStoreIndex<T>,
  excludeId: string | null = null,
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
  const readBigrams = countBigrams(key);
  const scored: KnownStoreMatch<T>[] = [];
  for (const entry of entries) {
    if (entry.key.length < MIN_KEY_LENGTH) continue;
    const longer = Math.max(key.length, entry.key.length);
    // Cheap rejects before the edit distance: the lengths alone, or too few shared letter pairs (each edit spoils at
    // most two of the longer key's pairs), already rule out the score.
    const maxEdits = findMaxEdits(longer, MIN_CANDIDATE_SCORE);
    if (Math.abs(key.length - entry.key.length) > maxEdits) continue;
    if (countSharedBigrams(readBigrams, entry.bigrams) < longer - 1 - 2 * maxEdits) continue;
    const score = calculateKeySimilarity(key, entry.key, MIN_CANDIDATE_SCORE);
    if (score < MIN_CANDIDATE_SCORE) continue;
    if (readNamePart && entry.namePart && calculateKeySimilarity(readNamePart, entry.namePart, MIN_NAME_PART_SCORE) < MIN_NAME_PART_SCORE)
      continue;
    scored.push({ store: entry.store, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < KNOWN_STORE_MIN_SCORE) return null;
  const rivals = scored.filter((candidate) => candidate.score >= best.score - AMBIGUITY_MARGIN);
  return rivals.length === 1 ? best : null;
}

/**
 * Past this many stores the pairwise duplicate check would slow the operator's page; it is skipped. Measured with
 * made-up names: 100 stores 36 ms, 500 stores 0.14 s, 1,000 stores 0.47 s (on a load after the names changed).
 */
export const MAX_STORES_FOR_DUPLICATE_CHECK = 1000;

/** How many distinct name lists keep their matches: the price book's stores, the store list's, its chains'. */
const REMEMBERED_NAME_LISTS = 8;
const rememberedMatches = new Map<string, ReadonlyMap<string, string>>();

/**
 * For each store whose name looks like another's misread, that other store's id. The answer depends on the ids and
 * names alone, so it is remembered for the last few lists: the pairwise check (every name against every other) runs
 * again only when a store is added, renamed or removed, and a page loaded again costs one pass over the names.
 */
function findNameMatches(stores: readonly KnownStore[]): ReadonlyMap<string, string> {
  const key = stores
    .map((store) => `${store.id}\u0001${store.name}`)
    .sort()
    .join('\u0002');
  const remembered = rememberedMatches.get(key);
  if (remembered) {
    // Most recently used last, so the oldest list is the one dropped.
    rememberedMatches.delete(key);
    rememberedMatches.set(key, remembered);
    return remembered;
  }
  const index = indexKnownStores(stores);
  const matches = new Map<string, string>();
  for (const store of stores) {
    const match = findKnownStore(store.name, index, store.id);
    if (match) matches.set(store.id, match.store.id);
  }
  rememberedMatches.set(key, matches);
  if (rememberedMatches.size > REMEMBERED_NAME_LISTS) rememberedMatches.delete(rememberedMatches.keys().next().value!);
  return matches;
}

/**
 * Store locations that look like another one misread or mistyped ("29 SPEED MART S/B" beside "99 SPEED MART S/B"),
 * each with the store to merge it into: the one with more prices (`weight`), so the smaller history moves.
 */
export function suggestStoreMerges<T extends KnownStore & { weight: number }>(stores: readonly T[]): Map<string, T> {
  const merges = new Map<string, T>();
  if (stores.length > MAX_STORES_FOR_DUPLICATE_CHECK) return merges;
  const byId = new Map(stores.map((store) => [store.id, store]));
  for (const [storeId, intoId] of findNameMatches(stores)) {
    const store = byId.get(storeId)!;
    const into = byId.get(intoId)!;
    const isSmaller = store.weight < into.weight || (store.weight === into.weight && store.id > into.id);
    if (isSmaller) merges.set(store.id, into);
  }
  return merges;
}
