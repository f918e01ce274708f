import { getCurrency, getDateOrder, getRegion } from '../locale';
import { DE_DE } from './de-de';
import { ES_ES } from './es-es';
import { HE_IL } from './he-il';
import { IT_IT } from './it-it';
import { NL_NL } from './nl-nl';
import { EN_GB } from './en-gb';
import { EN_MY } from './en-my';
import { EN_US } from './en-us';
import { ENGLISH_WORDS } from './english';
import { FR_FR } from './fr-fr';
import { buildLanguageMonths, NO_LANGUAGE_MONTHS } from './months';
import type { LocaleModule, LocaleWords, ReceiptVocabulary } from './types';

export type { LocaleModule, LocaleWords, ReceiptVocabulary } from './types';
export type { LanguageMonths } from './months';

/** Adding a locale: a module beside these (words, date order, currency, OCR languages), listed here. */
const LOCALE_MODULES: readonly LocaleModule[] = [EN_US, EN_GB, EN_MY, DE_DE, FR_FR, ES_ES, IT_IT, NL_NL, HE_IL];

/**
 * Receipts in English are read with the words of every English-speaking locale: a shopper's locale sets the date
 * order and the currency, and the receipts they scan come from any till (a US shopper's receipt from Kuala Lumpur
 * still says JUMLAH and SDN BHD). Other locales add their own words to those, as their tills print English too.
 */
const ENGLISH_PARTS: readonly Partial<LocaleWords>[] = [ENGLISH_WORDS, EN_US, EN_GB, EN_MY];

/** What a receipt of a locale without a module of its language is read with. */
const ENGLISH_OCR_LANGUAGES: readonly string[] = ['eng'];

/** The locales with a module of their own (BCP 47 tags). */
export const RECEIPT_LOCALES: readonly string[] = LOCALE_MODULES.map((module) => module.locale);

const WORD_LISTS = [
  'totalLabels',
  'finalTotalLabels',
  'subtotalLabels',
  'notTotalLabels',
  'inclusiveTotalMarks',
  'dateLabels',
  'taxWords',
  'changeWords',
  'notItemWords',
  'notItemMarks',
  'paymentWords',
  'legalForms',
  'legalFormMarks',
  'legalFormsAsTyped',
  'registrationNumbers',
  'notNameWords',
  'contactWords',
  'addressWords',
  'placeNames',
  'tradeWords',
  'currencyMarks',
] as const satisfies readonly (keyof LocaleWords)[];

function mergeWords(parts: readonly Partial<LocaleWords>[]): LocaleWords {
  const words = {} as Record<(typeof WORD_LISTS)[number], string[]>;
  for (const list of WORD_LISTS) words[list] = parts.flatMap((part) => part[list] ?? []);
  return { ...words, nameRepairs: parts.flatMap((part) => part.nameRepairs ?? []) };
}

function findModule(locale: string): { module: LocaleModule; isExact: boolean } | undefined {
  let tag: Intl.Locale;
  try {
    tag = new Intl.Locale(locale);
  } catch {
    return undefined;
  }
  const exact = LOCALE_MODULES.find((candidate) => candidate.locale === tag.baseName);
  if (exact) return { module: exact, isExact: true };
  const sameLanguage = LOCALE_MODULES.find((candidate) => new Intl.Locale(candidate.locale).language === tag.language);
  return sameLanguage ? { module: sameLanguage, isExact: false } : undefined;
}

function buildVocabulary(locale: string): ReceiptVocabulary {
  const found = findModule(locale);
  const isEnglish = !found || new Intl.Locale(found.module.locale).language === 'en';
  const words = mergeWords(isEnglish || !found ? ENGLISH_PARTS : [found.module, ...ENGLISH_PARTS]);
  // A locale without a module of its own (en-SG, de-AT) takes its date order and currency from its region.
  const exact = found?.isExact ? found.module : undefined;
  return {
    ...words,
    locale,
    region: getRegion(locale),
    dateOrder: exact?.dateOrder ?? getDateOrder(locale),
    currency: exact?.currency ?? getCurrency(locale),
    ocrLanguages: found?.module.ocrLanguages ?? ENGLISH_OCR_LANGUAGES,
    languageWords: isEnglish || !found ? {} : found.module,
    months: isEnglish || !found ? NO_LANGUAGE_MONTHS : buildLanguageMonths([locale, found.module.locale], found.module),
  };
}

const vocabularies = new Map<string, ReceiptVocabulary>();
/** Tags come from shoppers' settings; a bound keeps odd ones from growing the cache. */
const MAX_CACHED_VOCABULARIES = 64;

/** The words a receipt of this locale (BCP 47 tag) is read with. */
export function getVocabulary(locale: string): ReceiptVocabulary {
  let vocabulary = vocabularies.get(locale);
  if (!vocabulary) {
    vocabulary = buildVocabulary(locale);
    if (vocabularies.size >= MAX_CACHED_VOCABULARIES) vocabularies.clear();
    vocabularies.set(locale, vocabulary);
  }
  return vocabulary;
}

/** True for a vocabulary of English words alone: a receipt of an English locale, or of a language without a module. */
export function isEnglishVocabulary(vocabulary: ReceiptVocabulary): boolean {
  return Object.keys(vocabulary.languageWords).length === 0;
}

/** Every currency mark of every locale: an amount reads the same whichever locale the receipt is read with. */
export const ALL_CURRENCY_MARKS: readonly string[] = [
  ...new Set([...ENGLISH_PARTS, ...LOCALE_MODULES].flatMap((part) => part.currencyMarks ?? [])),
];
