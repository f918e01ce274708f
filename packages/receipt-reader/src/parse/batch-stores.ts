import { findKnownStore, indexKnownStores, toComparableName, toSpellingKey, toStoreMatchKey } from './known-stores';

/**
 * A store name is known to a batch of receipts when at least this many of them read it exactly so. Two misreads of
 * one name rarely agree letter for letter, so a name read twice is taken as printed.
 */
export const MIN_BATCH_READS = 2;

/**
 * Reading many receipts at once (the receipt CLI), a store is matched against the names the other receipts of the
 * batch read, as the review matches it against the stores Cartwise knows: "ATK HUAT HARDWARE" read once among
 * receipts that read "AIK HUAT HARDWARE" twice or more becomes the latter. A name read at least twice stays as read,
 * and so does one no known name matches unambiguously (findKnownStore), or one that differs from it only in spacing,
 * punctuation or legal form, unless the spacing split a word (findWordJoin). Then receipts printing one seller
 * registration number share the name most of them read (resolveBySeller). No labels or fixed names are involved: the
 * batch's own reads are the directory.
 */
export function resolveBatchStores(names: readonly (string | null)[], sellerIds: readonly (string | null)[] = []): (string | null)[] {
  return resolveBySeller(resolveByName(names), sellerIds);
}

/** How often each name was read (any case or spacing), with the first spelling read. */
type NameReads = Map<string, { name: string; count: number }>;

function countRead(reads: NameReads, name: string): void {
  const key = toComparableName(name);
  if (!key) return;
  const entry = reads.get(key) ?? { name, count: 0 };
  entry.count += 1;
  reads.set(key, entry);
}

function resolveByName(names: readonly (string | null)[]): (string | null)[] {
  const reads: NameReads = new Map();
  for (const name of names) if (name !== null) countRead(reads, name);
  // Tills of one chain print one name several ways ("MR.D.I.Y(M)SDN BHD", "MR. D.I.Y. (M) SDN BHD"); as rivals they would
  // make every misread of it a toss-up, so each name the matcher cannot tell apart enters once, as most often read.
  const known: NameReads = new Map();
  for (const entry of reads.values()) {
    const matchKey = toStoreMatchKey(entry.name);
    if (entry.count >= MIN_BATCH_READS && entry.count > (known.get(matchKey)?.count ?? 0)) known.set(matchKey, entry);
  }
  if (known.size === 0) return [...names];
  const directory = indexKnownStores([...known.entries()].map(([key, entry]) => ({ id: key, name: entry.name })));
  return names.map((name) => {
    if (name === null || (reads.get(toComparableName(name))?.count ?? 0) >= MIN_BATCH_READS) return name;
    const joined = findWordJoin(name, reads);
    if (joined) return joined;
    const match = findKnownStore(name, directory)?.store.name;
    // Only misread letters or digits are repaired: spacing, punctuation and legal form are printed differently by
    // different tills of one chain, and the receipt's own is what it says.
    return match && toSpellingKey(match) !== toSpellingKey(name) ? match : name;
  });
}

/**
 * "RESTORAN WAN SHEN G" among receipts that read "RESTORAN WAN SHENG": the recogniser split a word, leaving a part of
 * one or two letters. That is no way of printing a name, unlike the spacing of "MR. D. I. Y.", so it is joined.
 */
function findWordJoin(name: string, reads: NameReads): string | undefined {
  const comparable = toComparableName(name);
  for (const gap of comparable.matchAll(/(?<=[A-Z])(?<![A-Z]{3}) (?=[A-Z])|(?<=[A-Z]) (?=[A-Z]{1,2}(?![A-Z]))/g)) {
    const match = reads.get(comparable.slice(0, gap.index) + comparable.slice(gap.index + 1));
    if (match && match.count >= MIN_BATCH_READS) return match.name;
  }
  return undefined;
}

/**
 * Receipts that print one registration number come from one seller (findSellerId). A name read fewer than twice among
 * them, or not at all, takes the name the others read alike at least twice, when no other name is read as often:
 * "GARDENG LES (KE)SDN BHD" beside "GARDENIA BAKERIES (KL) SDN BHD" read 28 times, too garbled for the matcher. As by
 * name, a difference only in spacing, punctuation or legal form is kept as read.
 */
function resolveBySeller(names: (string | null)[], sellerIds: readonly (string | null)[]): (string | null)[] {
  const bySeller = new Map<string, NameReads>();
  names.forEach((name, index) => {
    const sellerId = sellerIds[index];
    if (!sellerId || name === null) return;
    const reads: NameReads = bySeller.get(sellerId) ?? new Map<string, { name: string; count: number }>();
    countRead(reads, name);
    bySeller.set(sellerId, reads);
  });
  return names.map((name, index) => {
    const reads = bySeller.get(sellerIds[index] ?? '');
    if (!reads) return name;
    const [top, second] = [...reads.values()].sort((a, b) => b.count - a.count);
    const ownCount = name === null ? 0 : (reads.get(toComparableName(name))?.count ?? 0);
    if (!top || top.count < MIN_BATCH_READS || (second && second.count === top.count) || ownCount >= MIN_BATCH_READS) return name;
    return name === null || toSpellingKey(top.name) !== toSpellingKey(name) ? top.name : name;
  });
}
