/**
 * Links a typed list item ("milk", "eggs x12", "חלב") to the one product it clearly means. Unlike a receipt line, a
 * typed item is short and generic: every word the shopper typed should be in the product's name (or brand), and
 * the product's extra words ("Whole", "Large") cost little. When two products are about as close, nothing is
 * linked and the shopper picks.
 */
import { isAbbreviationOf, scoreTrigrams, toAliasKey, toMatchWords } from './product-matching';
import { convertToBaseUnit, normaliseUnit, parseSize, type BaseQuantity } from './sizes';

export interface LinkableProduct {
  id: string;
  name: string;
  brand?: string | null;
  sizeValue?: number | null;
  sizeUnit?: string | null;
}

export interface LinkableAlias {
  productId: string;
  alias: string;
}

export interface ItemMatch {
  productId: string;
  /** 0..1 for names; an alias typed exactly ranks above any name. */
  score: number;
}

/** Below this, a product is not the typed item at all. */
export const MIN_ITEM_LINK_SCORE = 0.6;
/** The best product must lead the next different one by this much to be linked without asking. */
export const CLEAR_LINK_MARGIN = 0.05;
const ALIAS_SCORE = 1.5;
// Enough to decide between pack sizes of one product when the shopper typed the size.
const SAME_SIZE_BONUS = CLEAR_LINK_MARGIN;
const COUNT_WORD = /^(x\d+|\d+x|[\d.,]+)$/;
const SIZE_WORDS = new Set(['half', 'dozen']);

/** Equal words, or one is the other with a plural ending ("egg" ~ "eggs", "tomato" ~ "tomatoes"). */
function isSameWord(a: string, b: string): boolean {
  return a === b || `${a}s` === b || `${b}s` === a || `${a}es` === b || `${b}es` === a;
}

function scoreWords(query: readonly string[], candidate: readonly string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  let matched = 0;
  for (const word of query) {
    if (candidate.some((other) => isSameWord(word, other))) matched += 1;
    // A shopper may shorten a word ("choc"), but a short product word ("Co" of a brand) is not what they typed.
    else if (word.length >= 3 && candidate.some((other) => isAbbreviationOf(word, other))) matched += 0.8;
  }
  const coverage = matched / query.length;
  const precision = Math.min(1, matched / candidate.length);
  return coverage * (0.75 + 0.25 * precision);
}

function toBase(value: number | null | undefined, unit: string | null | undefined): BaseQuantity | null {
  if (!value || !unit) return null;
  const normalised = normaliseUnit(unit);
  return normalised ? convertToBaseUnit({ amount: value, unit: normalised }) : null;
}

function isSameSize(a: BaseQuantity | null, b: BaseQuantity | null): boolean {
  return !!a && !!b && a.unit === b.unit && Math.abs(a.amount - b.amount) <= 0.01 * Math.max(a.amount, b.amount);
}

/** The words of a typed item that name it: sizes and counts ("1 L", "x12") say how much, not what. */
export function toTypedItemWords(typed: string): string[] {
  return toMatchWords(typed).filter((word) => !COUNT_WORD.test(word) && !normaliseUnit(word) && !SIZE_WORDS.has(word));
}

/** How well a product answers a typed item, 0..1 (plus a little when the typed size is the product's size). */
export function scoreTypedItem(typed: string, product: LinkableProduct): number {
  return scoreTypedWords(toTypedItem(typed), product);
}

interface TypedItem {
  words: readonly string[];
  size: BaseQuantity | null;
}

function toTypedItem(typed: string): TypedItem {
  const typedSize = parseSize(typed);
  return { words: toTypedItemWords(typed), size: typedSize ? convertToBaseUnit(typedSize) : null };
}

function scoreTypedWords(typed: TypedItem, product: LinkableProduct): number {
  const query = typed.words;
  if (query.length === 0) return 0;
  const variants = [product.name, ...(product.brand ? [`${product.brand} ${product.name}`] : [])];
  let best = 0;
  for (const variant of variants) {
    const candidate = toMatchWords(variant);
    best = Math.max(best, scoreWords(query, candidate));
    // The trigram score counts at 0.9 at most: past that it cannot raise the best.
    if (best < 0.9) best = Math.max(best, 0.9 * scoreTrigrams(query, candidate));
  }
  const bonus = isSameSize(typed.size, toBase(product.sizeValue, product.sizeUnit)) ? SAME_SIZE_BONUS : 0;
  return Math.round((best + bonus) * 1000) / 1000;
}

/** Products for a typed item, closest first (ties keep the given order); those below MIN_ITEM_LINK_SCORE are left out. */
export function rankTypedItemMatches(
  typed: string,
  products: readonly LinkableProduct[],
  aliases: readonly LinkableAlias[] = [],
): ItemMatch[] {
  const key = toAliasKey(typed);
  // The typed side is read once, not once per product.
  const item = toTypedItem(typed);
  const known = new Set(products.map((product) => product.id));
  const aliased = new Set(
    aliases.filter((alias) => key && known.has(alias.productId) && toAliasKey(alias.alias) === key).map((a) => a.productId),
  );
  return products
    .map((product) => ({ productId: product.id, score: aliased.has(product.id) ? ALIAS_SCORE : scoreTypedWords(item, product) }))
    .filter((match) => match.score >= MIN_ITEM_LINK_SCORE)
    .sort((a, b) => b.score - a.score);
}

/**
 * Two catalogue rows with the same name, and the same size where both give one: what the shopper typed cannot tell
 * them apart (a typed brand would have scored one higher), so either answers it and the first is taken.
 */
function isSameProduct(a: LinkableProduct, b: LinkableProduct): boolean {
  if (toMatchWords(a.name).join(' ') !== toMatchWords(b.name).join(' ')) return false;
  const sizeA = toBase(a.sizeValue, a.sizeUnit);
  const sizeB = toBase(b.sizeValue, b.sizeUnit);
  return !sizeA || !sizeB || isSameSize(sizeA, sizeB);
}

/**
 * The product a typed item clearly means, or null when none is close enough or another different product is about
 * as close. An alias typed exactly decides; products of the same name (and size, where both give one) count as
 * one, the first given winning.
 */
export function findClearMatch(
  typed: string,
  products: readonly LinkableProduct[],
  aliases: readonly LinkableAlias[] = [],
): ItemMatch | null {
  const ranked = rankTypedItemMatches(typed, products, aliases);
  const best = ranked[0];
  if (!best) return null;
  if (best.score >= ALIAS_SCORE) return best;
  const byId = new Map(products.map((product) => [product.id, product]));
  const chosen = byId.get(best.productId)!;
  const rival = ranked.find((match) => match.productId !== best.productId && !isSameProduct(chosen, byId.get(match.productId)!));
  return rival && best.score - rival.score < CLEAR_LINK_MARGIN ? null : best;
}
