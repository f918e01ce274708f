import { editDistance } from '@cartwise/contracts/domain/edit-distance';

/**
 * Words that recur in company names on receipts (legal forms, trades, shop types). OCR often gets one
 * letter of them wrong (INTERNATICNAL, HARDWAKE, STATIONERV), and exact-match consumers then miss the name.
 * Only this generic vocabulary is repaired; proper names are never guessed.
 */
// Seven letters or more: one edit between two shorter real words is too likely (MOTOR/MOTORS).
const BUSINESS_WORDS = [
  'INTERNATIONAL',
  'ENTERPRISE',
  'TRADING',
  'RESTAURANT',
  'RESTORAN',
  'HARDWARE',
  'STATIONERY',
  'STATIONER',
  'MARKETING',
  'SUPERMARKET',
  'HYPERMARKET',
  'MINIMARKET',
  'BAKERIES',
  'HEALTHCARE',
  'PHARMACY',
  'FARMASI',
  'PERNIAGAAN',
  'SYARIKAT',
  'HOLDINGS',
  'INDUSTRIES',
  'SERVICES',
  'TRADERS',
  'WHOLESALE',
  'SEAFOOD',
  'KITCHEN',
  'GROCERY',
  'ELECTRICAL',
  'ELECTRONICS',
  'MALAYSIA',
  'CORPORATION',
  'COMPANY',
  'LIMITED',
  'FURNITURE',
  'BOOKSTORE',
  'BOOKCENTRE',
  'VEGETARIAN',
  'PRODUCTS',
  'DEPARTMENT',
  'MANUFACTURING',
  'ENGINEERING',
  'AUTOMOTIVE',
  'CONFECTIONERY',
  'ADVERTISING',
  'PACKAGING',
  'REALTIES',
  'HANDICRAFT',
  'TAILORING',
  'CATERING',
  'BEVERAGES',
  'DISTRIBUTORS',
  'CONSTRUCTION',
  'PRINTING',
  'JEWELLERY',
  'PETROLEUM',
  'BOUTIQUE',
  'COLLECTION',
];
const VOCABULARY: ReadonlySet<string> = new Set(BUSINESS_WORDS);

/** Whether a word (upper case) is one of the generic words of company names, not part of a proper name. */
export function isBusinessWord(word: string): boolean {
  return VOCABULARY.has(word) || findBusinessWord(word) !== null;
}

/** Edits allowed between a misread word and a vocabulary word. */
function countAllowedEdits(word: string, candidate: string): number {
  if (word.length >= 10) return 2;
  // Two letters misread in a word of eight or more (HARONARE, PHARHACT); two letters added or lost make another word
  // (ELECTRIC is not ELECTRICAL), so the second edit needs words of the same length.
  return word.length >= 8 && candidate.length === word.length ? 2 : 1;
}

/** Closest vocabulary word within the allowed edits, or null when none or several tie. */
function findBusinessWord(word: string): string | null {
  if (word.length < 7 || VOCABULARY.has(word)) return null;
  // A plural or singular of a vocabulary word is a real word, not a misreading.
  if (VOCABULARY.has(word.replace(/S$/, '')) || VOCABULARY.has(`${word}S`)) return null;
  let best: string | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let isTie = false;
  for (const candidate of VOCABULARY) {
    const allowed = countAllowedEdits(word, candidate);
    if (Math.abs(candidate.length - word.length) > allowed) continue;
    const distance = editDistance(word, candidate, allowed);
    if (distance > allowed) continue;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      isTie = false;
    } else if (distance === bestDistance) {
      isTie = true;
    }
  }
  return best && !isTie ? best : null;
}

/**
 * Trade words too short for the edit-distance repair, each with the misreading seen on receipts: KEDAI (Malay: shop)
 * with its last I read as L, l, 1 or |; MART with its M read as H or N and SUPER with its P read as F, only beside
 * another word, so a shop named HART alone keeps its name.
 */
const SHORT_WORD_MISREADINGS: readonly (readonly [RegExp, string])[] = [
  [/\bKEDA[Ll1|](?![A-Za-z0-9])/g, 'KEDAI'],
  [/(?<=[A-Z0-9] )[HN]ART\b/g, 'MART'],
  [/\bSUFER(?=[ .][A-Z])/g, 'SUPER'],
];

/** Repairs misread business words in a store name, keeping the line's letter case. */
export function repairBusinessWords(name: string): string {
  const withLongWords = name.replace(/[A-Za-z0-9]{7,}/g, (word) => {
    if (!/[A-Za-z]{4,}/.test(word)) return word;
    const repaired = findBusinessWord(word.toUpperCase());
    if (!repaired) return word;
    const upper = word.replace(/[^A-Z]/g, '').length;
    const lower = word.replace(/[^a-z]/g, '').length;
    return upper >= lower ? repaired : repaired.charAt(0) + repaired.slice(1).toLowerCase();
  });
  return SHORT_WORD_MISREADINGS.reduce((text, [misreading, word]) => text.replace(misreading, word), withLongWords);
}
