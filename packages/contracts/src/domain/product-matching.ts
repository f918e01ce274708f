/**
 * Links receipt lines ("GV WHL MLK GAL") to canonical products ("Great Value Whole Milk, 1 gal"):
 * first through aliases the user confirmed for that store chain, then by fuzzy matching names.
 */

/** Common till abbreviations; expanding them lets fuzzy matching see words instead of consonant runs. */
const ABBREVIATIONS: Record<string, string> = {
  gv: 'great value',
  ks: 'kirkland signature',
  whl: 'whole',
  mlk: 'milk',
  org: 'organic',
  orgnc: 'organic',
  chkn: 'chicken',
  chk: 'chicken',
  brst: 'breast',
  bnls: 'boneless',
  sknls: 'skinless',
  grnd: 'ground',
  bf: 'beef',
  brd: 'bread',
  wht: 'white',
  whw: 'whole wheat',
  ww: 'whole wheat',
  bnna: 'banana',
  bnns: 'bananas',
  ban: 'banana',
  appl: 'apple',
  tom: 'tomato',
  toms: 'tomatoes',
  pot: 'potato',
  pots: 'potatoes',
  ches: 'cheese',
  chs: 'cheese',
  chz: 'cheese',
  ched: 'cheddar',
  shrd: 'shredded',
  yog: 'yogurt',
  ygrt: 'yogurt',
  grk: 'greek',
  btr: 'butter',
  bttr: 'butter',
  egg: 'eggs',
  lg: 'large',
  lrg: 'large',
  med: 'medium',
  sm: 'small',
  pnt: 'peanut',
  ckie: 'cookie',
  ckies: 'cookies',
  crl: 'cereal',
  jce: 'juice',
  orng: 'orange',
  oj: 'orange juice',
  stwbry: 'strawberry',
  strwb: 'strawberry',
  bby: 'baby',
  spnch: 'spinach',
  veg: 'vegetable',
  veggie: 'vegetable',
  frz: 'frozen',
  frzn: 'frozen',
  pk: 'pack',
  rst: 'roast',
  tky: 'turkey',
  hm: 'ham',
  sld: 'salad',
  lttc: 'lettuce',
  pw: 'paper towels',
  tp: 'toilet paper',
  dtrgnt: 'detergent',
  sfnr: 'softener',
  gal: 'gallon',
  hg: 'half gallon',
  doz: 'dozen',
};

const SIZE_TOKEN = /^\d+([.,]\d+)?(g|kg|oz|lb|lbs|ml|l|ct|pk|gal|qt|pt)?$/;

/**
 * Text as matching compares it, in any script: compatibility forms unified (NFKC: full-width letters, ligatures),
 * case folded ("Straße" and "STRASSE" agree), accents and Hebrew vowel points dropped ("Käse" ~ "kase"), and the
 * geresh or gershayim inside a Hebrew abbreviation removed (ק"ג ~ קג). Scripts without case are left as they are.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
    .replace(/(?<=\p{Script=Hebrew})["'\u05f3\u05f4](?=\p{Script=Hebrew})/gu, '');
}

/** Lower-case words without punctuation, with till abbreviations expanded ("GV WHL MLK" -> "great value whole milk"). */
export function normaliseProductName(name: string): string {
  const words = foldText(name)
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}.,\s]/gu, ' ')
    .replace(/(?<!\d)[.,]|[.,](?!\d)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return words.map((word) => ABBREVIATIONS[word] ?? word).join(' ');
}

/** The key an alias is stored and looked up under: the raw line, normalised but not expanded. */
export function toAliasKey(name: string): string {
  return foldText(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const SIZE_WORD = /^(\d+(\.\d+)?(g|kg|oz|lb|lbs|ml|l|ct|pk|gal|qt|pt|fl)?|gal|gallon|hg|half|doz|dozen|qt|pt|fl)$/;

/**
 * The alias key without pack-size words: the receipt parser may print a line's size separately
 * ("HZN ORG 2PCT HG" becomes "HZN ORG 2PCT" + half a gallon), so aliases also match on this core.
 */
export function toAliasCoreKey(name: string): string {
  return toAliasKey(name)
    .split(' ')
    .filter((word) => word && !SIZE_WORD.test(word))
    .join(' ');
}

const MATCH_WORDS_CACHE_SIZE = 20_000;
const matchWordsCache = new Map<string, readonly string[]>();

/**
 * The words matching compares: normalised, abbreviations expanded, sizes and numbers left out. Remembered per name
 * (up to MATCH_WORDS_CACHE_SIZE, then forgotten at once): a plan or a receipt scores the same catalogue names again
 * and again, and normalising is most of what a score costs.
 */
export function toMatchWords(name: string): readonly string[] {
  const known = matchWordsCache.get(name);
  if (known) return known;
  const words = Object.freeze(
    normaliseProductName(name)
      .split(' ')
      .filter((word) => word.length > 0 && !SIZE_TOKEN.test(word)),
  );
  if (matchWordsCache.size >= MATCH_WORDS_CACHE_SIZE) matchWordsCache.clear();
  matchWordsCache.set(name, words);
  return words;
}

const trigramCache = new Map<string, ReadonlySet<string>>();

/** The text's trigrams, remembered per text as the match words are (never changed after they are made). */
function toTrigrams(text: string): ReadonlySet<string> {
  const known = trigramCache.get(text);
  if (known) return known;
  const padded = `  ${text} `;
  const grams = new Set<string>();
  for (let i = 0; i < padded.length - 2; i += 1) grams.add(padded.slice(i, i + 3));
  if (trigramCache.size >= MATCH_WORDS_CACHE_SIZE) trigramCache.clear();
  trigramCache.set(text, grams);
  return grams;
}

/** Trigram (Dice) similarity of two word lists in 0..1: forgiving of typos and run-together words. */
export function scoreTrigrams(a: readonly string[], b: readonly string[]): number {
  return diceCoefficient(toTrigrams(a.join(' ')), toTrigrams(b.join(' ')));
}

function diceCoefficient(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return (2 * shared) / (a.size + b.size);
}

/** An abbreviation matches a word when it starts alike and its letters appear in order ("chs" ~ "cheese"). */
export function isAbbreviationOf(short: string, word: string): boolean {
  if (short.length < 2 || short.length >= word.length || short[0] !== word[0]) return false;
  let index = 0;
  for (const char of word) if (char === short[index]) index += 1;
  return index === short.length;
}

function scoreWords(query: readonly string[], candidate: readonly string[]): number {
  if (query.length === 0 || candidate.length === 0) return 0;
  let matched = 0;
  for (const word of query) {
    if (candidate.includes(word)) matched += 1;
    else if (candidate.some((other) => isAbbreviationOf(word, other) || isAbbreviationOf(other, word))) matched += 0.8;
  }
  // Coverage of both sides, so "milk" alone does not match "chocolate milk cereal bars" strongly.
  const recall = matched / query.length;
  const precision = Math.min(1, matched / candidate.length);
  return (2 * recall * precision) / Math.max(recall + precision, 1e-9);
}

/** Similarity of two product names in 0..1 (1 = same words after expanding abbreviations). */
export function scoreProductName(a: string, b: string): number {
  const wordsA = toMatchWords(a);
  const wordsB = toMatchWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return 0;
  const words = scoreWords(wordsA, wordsB);
  const grams = diceCoefficient(toTrigrams(wordsA.join(' ')), toTrigrams(wordsB.join(' ')));
  return Math.round(Math.max(words, 0.6 * words + 0.4 * grams, grams * 0.9) * 1000) / 1000;
}

export interface MatchableProduct {
  id: string;
  name: string;
  brand?: string | null;
}

export interface MatchableAlias {
  productId: string;
  alias: string;
  chainId: string | null;
}

export interface ProductMatch {
  productId: string;
  score: number;
  isAliasMatch: boolean;
}

/** Below this, a fuzzy guess is not offered as a link; the user picks or creates a product instead. */
export const MIN_SUGGEST_SCORE = 0.6;
/** At or above this, a line links itself without review (an alias for the chain is always enough). */
export const AUTO_LINK_SCORE = 0.9;

/**
 * Best product for a receipt line. An alias the user confirmed for this chain wins outright; an alias from
 * another chain or a global one counts as a strong fuzzy hint; otherwise names (with brand) are compared.
 */
export function matchProduct(
  lineName: string,
  chainId: string | null,
  products: readonly MatchableProduct[],
  aliases: readonly MatchableAlias[],
): ProductMatch | null {
  const key = toAliasKey(lineName);
  if (!key) return null;
  const known = new Set(products.map((product) => product.id));
  const chainAlias = aliases.find(
    (alias) => alias.chainId === chainId && chainId !== null && toAliasKey(alias.alias) === key && known.has(alias.productId),
  );
  if (chainAlias) return { productId: chainAlias.productId, score: 1, isAliasMatch: true };
  const globalAlias = aliases.find((alias) => alias.chainId === null && toAliasKey(alias.alias) === key && known.has(alias.productId));
  if (globalAlias) return { productId: globalAlias.productId, score: 0.98, isAliasMatch: true };
  const core = toAliasCoreKey(lineName);
  const coreAlias = core
    ? aliases.find(
        (alias) => alias.chainId === chainId && chainId !== null && toAliasCoreKey(alias.alias) === core && known.has(alias.productId),
      )
    : undefined;
  if (coreAlias) return { productId: coreAlias.productId, score: 0.97, isAliasMatch: true };

  const best: { match: ProductMatch | null } = { match: null };
  const consider = (productId: string, score: number) => {
    if (!best.match || score > best.match.score) best.match = { productId, score, isAliasMatch: false };
  };
  for (const product of products) {
    const withBrand = product.brand ? `${product.brand} ${product.name}` : product.name;
    consider(product.id, Math.max(scoreProductName(lineName, product.name), scoreProductName(lineName, withBrand)));
  }
  for (const alias of aliases) {
    if (!known.has(alias.productId)) continue;
    // Another chain's alias is weaker evidence: chains abbreviate differently.
    consider(alias.productId, scoreProductName(lineName, alias.alias) * 0.95);
  }
  return best.match && best.match.score >= MIN_SUGGEST_SCORE ? best.match : null;
}

/** A readable canonical name for a line that matched nothing: abbreviations expanded, sizes dropped, title case. */
export function toCanonicalProductName(lineName: string): string {
  const words = normaliseProductName(lineName)
    .split(' ')
    .filter((word) => word && !SIZE_TOKEN.test(word) && !['gallon', 'half', 'dozen'].includes(word));
  const text = words.length > 0 ? words.join(' ') : lineName.trim().toLowerCase();
  return text.replace(/(?<![\p{L}\p{N}])\p{Ll}/gu, (char) => char.toUpperCase()).slice(0, 160);
}
