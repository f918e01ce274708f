import type { Field } from '@cartwise/contracts/contracts/parsed-receipt';
import { repairBusinessWords } from './business-words';
import { dropHeaderTail, MAIL_OR_WEB_ADDRESS } from './header-tails';
import { DEFAULT_RECEIPT_LOCALE } from './locale';
import { getNameLetters, type NameLetters } from './name-letters';
import { calculateTextDensity, trimLineNoise } from './text-lines';
import { SDN_BHD_FORMS } from './vocabulary/en-my';
import { ITEM_HEADER } from './vocabulary/english';
import { getVocabulary, type ReceiptVocabulary } from './vocabulary/index';
import { getPatterns, type ReceiptPatterns } from './vocabulary/patterns';

/** A line ending in a price: an item or a total, never the name or the address. */
const PRICE_AT_END = /\d[.,]\d{2}\s*\W?\s*$/;
/** A date or a clock time: the header is over (an address holds neither). */
const DATE_OR_TIME = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{1,2}:\d{2}\b/;

/** The vocabulary's OCR repairs of the words names print (SDN BHD misread). */
function repairNameWords(line: string, vocabulary: ReceiptVocabulary): string {
  return vocabulary.nameRepairs.reduce((text, repair) => repair(text), line);
}

/** Malaysian names end in SDN BHD, often followed by a branch code or specks the page read added. */
const SDN_BHD = SDN_BHD_FORMS.join('|');
const BRANCH_CODE_AFTER_SDN_BHD = new RegExp(`((?:${SDN_BHD})\\.?)\\s+(?=.*[\\d({)])[^A-Za-z]*(?:[A-Z]{0,3}[\\d({)].*)?$`);
const SPECKS_AFTER_SDN_BHD = new RegExp(`((?:${SDN_BHD})\\.?)\\s+(?:[^A-Z]*|[A-Za-z]{1,2}[^A-Za-z]*)$`);

/** Digits inside a capitalised word are letters ("URBAN 1DEA", "§HOP"); other look-alike letters in names. */
function fixWordDigits(line: string): string {
  // A lowercase q without its u is a g whose loop closed ("Seqi" for "Segi").
  return (
    line
      .replace(/§/g, 'S')
      .replace(/(?<=[A-Za-z])q(?!u)/g, 'g')
      .replace(/\b(?=[A-Z01]*[A-Z]{3})[A-Z]*[01][A-Z]*\b/g, (word) => word.replace(/1/g, 'I').replace(/0/g, 'O'))
      // "HAI-0 RAYA": a zero hyphened to a word of capitals.
      .replace(/(?<=\b[A-Z]{2,}-)0(?![A-Za-z0-9])/g, 'O')
  );
}

/** A closing brace or bracket that ends a lowercase word and closes nothing is an l ("BHPetro} Subang"). */
function fixUnopenedBracket(line: string): string {
  if (/[({[]/.test(line)) return line;
  return line.replace(/(?<=[a-z])[}\]](?![A-Za-z0-9])/g, 'l');
}

/**
 * A closing bracket that closes nothing and stands apart from the words ("SUNGAI RENGIT ) SDN") or doubles the one
 * before it ("(M)) SDN BHD") is a speck. One against a word stays: a name broken over lines closes on the next one.
 */
function dropStrayClosingBrackets(line: string): string {
  let depth = 0;
  let result = '';
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] ?? '';
    if (character === '(') depth += 1;
    if (character === ')') {
      if (depth > 0) depth -= 1;
      else if (/[\s)]/.test(line[index - 1] ?? ' ')) continue;
    }
    result += character;
  }
  return result;
}

/** The paper's left edge read as a lone I, l or | before a capitalised word ("I Kedai Uhat"); "I LOVE" stays. */
function dropEdgeMark(line: string): string {
  return line.replace(/^[Il|]\s+(?=[A-Z][a-z])/, '');
}

/** Words printed in lowercase inside names ("Cafe by the Sea", "Kedai Ahmad bin Ali"): a word of their own, not a split. */
const LOWERCASE_NAME_WORDS = 'and|of|the|de|dan|by|di|at|in|on|for|to|with|from|bin|binti|bt|la|le|du|da|del|des|et|van|von';
/** The gap inside a mixed-case word whose rest starts in lowercase ("PappaR ich"). */
const SPLIT_MIXED_CASE_WORD = new RegExp(`(?<=\\b[A-Za-z]*[a-z][A-Za-z]*)\\s(?!(?:${LOWERCASE_NAME_WORDS})\\b)(?=[a-z]{2,}\\b)`, 'g');

function cleanStoreLine(line: string, vocabulary: ReceiptVocabulary): string {
  const letters = getNameLetters(vocabulary);
  // A hash number before the name is a register or branch number ("#000002 BAIFU"); trimming would leave its digits.
  const withoutNumber = line.replace(/^\W*#\d+\s+(?=[A-Za-z])/, '');
  // A brace read for the bracket of a registration number: "SB{306255-X)".
  const cleaned = repairBusinessWords(
    repairNameWords(
      fixWordDigits(
        fixUnopenedBracket(dropEdgeMark(trimLineNoise(dropHeaderTail(withoutNumber, letters), letters))).replace(/\{(?=\s?\d)/g, '('),
      ),
      vocabulary,
    ),
  )
    // The ampersand of CASH & CARRY lost or read as Y ("FIVE STAR CASHY CARRY").
    .replace(/\b(CASH)Y?\s+(CARRY)\b/gi, '$1 & $2')
    .replace(getPatterns(vocabulary).registration, ' ')
    .replace(/^(WELCOME TO|OWN(ED)? BY:?)\s+/i, '')
    .replace(/\s+(FKA|FORMERLY)\b.*$/i, '')
    // An I read twice, once as a 1, inside dotted initials: "MR. D.I1.Y.".
    .replace(/(?<=[A-Z]\.\s?)(?:I1|1I)(?=\.)/g, 'I')
    // Initials are letters: "MR. D.1.Y." is "MR. D.I.Y.".
    .replace(/(?<![A-Za-z0-9])(?:[A-Z01]\.\s?){2,}[A-Z01]\.?/g, (initials) =>
      /[A-Z]/.test(initials) ? initials.replace(/1/g, 'I').replace(/0/g, 'O') : initials,
    )
    // Stray marks beside the name read as short lowercase words: "b SYARIKAT ...", "... RESTAURANT ie".
    .replace(/^[a-z]{1,3}\s+(?=[A-Z0-9][A-Z0-9 .&'()/-]*$)/, '')
    .replace(/(?<=[A-Z.)]{2})\s+[a-z]{1,3}$/, '')
    // Branch codes after the legal suffix, e.g. "THE STORE (MALAYSIA) SDN BHD (BL9SK)".
    .replace(BRANCH_CODE_AFTER_SDN_BHD, '$1')
    // Marks and lowercase specks after the legal suffix ("SDN BHD vs \" af"), or one or two letters ("SDN BHD TN").
    .replace(SPECKS_AFTER_SDN_BHD, '$1')
    .replace(/\s+[{}[\]|]$/, '')
    // A hyphen that joins two words, read with a space before it ("SAVE -MORE"), and a speck read as a dot after a whole
    // word inside the name ("GREEN. VALLEY"; abbreviations such as CO. and MR. are shorter).
    .replace(/(?<=[A-Z]{2}) -(?=[A-Z]{2})/g, '-')
    .replace(/\b([A-Z]{4,})\.\s+(?=[A-Z(])/g, '$1 ')
    // A word split by a gap the recogniser saw inside it: in a mixed-case name the rest starts in lowercase
    // ("PappaR ich", "BHPet rol"). A lone capital after a word stays: it can be printed so ("RESTORAN DE COFFEE O").
    .replace(SPLIT_MIXED_CASE_WORD, '');
  return dropStrayClosingBrackets(cleaned)
    .replace(/\s+/g, ' ')
    .replace(/[\s,;:'"-]+$/, '')
    .replace(/S\/B\.$/, 'S/B')
    .trim();
}

function scoreStoreLine(line: string, index: number, patterns: ReceiptPatterns, nameLetters: NameLetters): number {
  const letters = line.replace(nameLetters.notLetter, '').length;
  // Dots, brackets and ampersands belong to names ("MR. D.I.Y. (M) SDN BHD"), unlike logo noise.
  if (letters < 3 || calculateTextDensity(line.replace(/[.()&']/g, ''), nameLetters) < 0.7) return -Infinity;
  // A line that ends in a price is an item or a total: with the name unread, it must not stand in for it.
  if (PRICE_AT_END.test(line)) return -Infinity;
  if (MAIL_OR_WEB_ADDRESS.test(line)) return -Infinity;
  let score = -index * 0.35;
  if (patterns.legalForm.test(line)) score += 4;
  if (patterns.tradeWord.test(line)) score += 2;
  // TOTAL between words, with no amount on the line, is part of a name ("RELAIS TOTAL OULMES"), not a total line.
  const isNamedTotal =
    /\S\s+TOTAL\s+\S/.test(line) &&
    line === line.toUpperCase() &&
    !/\d/.test(line) &&
    !/\b(SUB|GRAND|NET|FINAL|RM|MYR|USD|AMOUNT|DUE|SALES?|ROUNDED|ROUNDING|INCL?|EXCL?|NETT)\b/.test(line) &&
    !patterns.notName.test(line.replace(/\bTOTAL\b/g, ' '));
  if (patterns.notName.test(line) && !isNamedTotal) score -= 4;
  if (patterns.place.test(line)) score -= 3;
  if (/\d{3,}/.test(line)) score -= 2;
  if (/\b\d{5}\b/.test(line)) score -= 2;
  // A line in brackets qualifies the name above it: "(TONYMOLY SHOP)", "(A MEMBER OF ...)".
  if (/^\(.*\)$/.test(line)) score -= 3;
  const upper = line.replace(nameLetters.notCapital, '').length;
  if (upper / letters > 0.8) score += 1;
  if (letters >= 6) score += 1;
  const words = line.split(' ').filter((word) => nameLetters.twoLetters.test(word));
  if (words.length === 0) score -= 3;
  // Rules and logos read as runs of one letter ("LLL", "IIII").
  if (words.length > 0 && words.every((word) => /^(.)\1+$/u.test(word.replace(nameLetters.notLetter, '')))) score -= 3;
  if (!nameLetters.threeLetters.test(line)) score -= 3;
  // OCR of logos yields short junk words; real names have mostly 2+ letter words.
  const shortWords = line.split(' ').filter((word) => word.replace(nameLetters.notLetter, '').length === 1).length;
  score -= shortWords * 0.7;
  return score;
}

/**
 * "RESTAURANT SDN BHD" needs the line above for its name; "MIZU MENTAI SDN. BHD." does not, and the line
 * above it is a brand or logo text ("SUSHI MENTAI - PANDAN INDAH", "POLY").
 */
function hasOnlyGenericWords(name: string, patterns: ReceiptPatterns, letters: NameLetters): boolean {
  // Dotted initials are a name of their own ("MR. D.I.Y."), and so are initials joined by & ("R&C", "F&B").
  const words = name
    .replace(patterns.legalForm, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((word) => letters.twoLetters.test(word) || /(?:[A-Za-z]\.){2,}|[A-Za-z]&[A-Za-z]/.test(word));
  return words.length <= 1 || words.every((word) => patterns.tradeWord.test(word));
}

export interface StoreInfo {
  store: Field<string>;
  address: Field<string>;
  /** Index of the last line used by the store name/address block. */
  headerEnd: number;
}

/** The store is one of the first prominent lines; Malaysian names end in SDN BHD, ENTERPRISE, etc. */
export function findStore(lines: readonly string[], vocabulary: ReceiptVocabulary = getVocabulary(DEFAULT_RECEIPT_LOCALE)): StoreInfo {
  const patterns = getPatterns(vocabulary);
  const letters = getNameLetters(vocabulary);
  const window = Math.min(lines.length, 14);
  let bestIndex = -1;
  let bestScore = -Infinity;
  const cleaned = lines.slice(0, window).map((line) => cleanStoreLine(line, vocabulary));
  for (let index = 0; index < window; index += 1) {
    const score = scoreStoreLine(cleaned[index] ?? '', index, patterns, letters);
    if (score > bestScore) {
      bestScore = score;
      bestIndex = index;
    }
  }
  if (bestIndex < 0 || bestScore < -2) {
    return { store: { value: null, confidence: 0 }, address: { value: null, confidence: 0 }, headerEnd: -1 };
  }
  let name = cleaned[bestIndex] ?? '';
  let lastIndex = bestIndex;
  // The line above, skipping one line of OCR junk (a rule or logo fragment) in between.
  const findPreviousIndex = (index: number) => [index - 1, index - 2].find((at) => at >= 0 && letters.threeLetters.test(cleaned[at] ?? ''));
  let previousIndex = findPreviousIndex(bestIndex);
  const previous = previousIndex === undefined ? undefined : cleaned[previousIndex];
  const next = cleaned[bestIndex + 1];
  const isNameLike = (line: string | undefined): line is string =>
    line !== undefined &&
    letters.capitalsLine.test(line) &&
    letters.threeCapitals.test(line) &&
    !patterns.notName.test(line) &&
    !patterns.place.test(line);
  // "THREE STOOGES" / "BISTRO & CAFE": a line of trade words alone describes the name printed above it.
  const isTradeOnly = (line: string) => {
    const words = line.split(/\s+/).filter((word) => letters.twoLetters.test(word));
    return words.length > 0 && words.every((word) => patterns.tradeWord.test(word));
  };
  const above = cleaned[bestIndex - 1];
  if (!patterns.legalForm.test(name) && isTradeOnly(name) && isNameLike(above) && !isTradeOnly(above) && !patterns.legalForm.test(above)) {
    name = above;
  } else if (patterns.legalFormAlone.test(name) && previous && letters.threeLetters.test(previous)) {
    name = `${previous} ${name}`;
  } else if (patterns.legalFormAlone.test(name) && isNameLike(next) && !patterns.legalForm.test(next)) {
    // A suffix the recogniser put first, above the line it ends ("BHD" / "LIGHTROOM GALLERY SDN").
    name = repairNameWords(`${next} ${name}`, vocabulary);
    lastIndex = bestIndex + 1;
  } else if (patterns.legalForm.test(name) && hasOnlyGenericWords(name, patterns, letters)) {
    // "LIAN CHI PU TIAN VEGETARIAN" / "RESTAURANT SDN BHD": a legal name broken over two lines, or three
    // ("AIK HUAT HARDWARE" / "ENTERPRISE (SETIA" / "ALAM) SDN BHD").
    for (let joined = 0; joined < 2 && previousIndex !== undefined && hasOnlyGenericWords(name, patterns, letters); joined += 1) {
      const line = cleaned[previousIndex];
      if (!isNameLike(line) || patterns.legalForm.test(line)) break;
      name = `${line} ${name}`;
      previousIndex = findPreviousIndex(previousIndex);
    }
  } else if (next && patterns.legalFormAlone.test(next) && !patterns.legalForm.test(name)) {
    name = `${name} ${next}`;
    lastIndex = bestIndex + 1;
  }
  // "THE COFFEE BEAN" / "& TEA LEAF (M) SDN. BHD.": a name line that starts with & continues the line above.
  if (/^\W*&/.test(lines[bestIndex] ?? '') && name === cleaned[bestIndex] && isNameLike(previous) && !patterns.legalForm.test(previous)) {
    name = `${previous} & ${name}`;
  }
  // "HOME MASTER HARDWARE" / "& ELECTRICAL": a name continued on the next line.
  const continuation = cleaned[lastIndex + 1];
  if (continuation && (/^&\s?[A-Z]/i.test(continuation) || /&$/.test(lines[lastIndex] ?? '')) && !patterns.notName.test(continuation)) {
    name = `${name}${/^&/.test(continuation) ? '' : ' &'} ${continuation}`;
    lastIndex += 1;
  }
  name = joinSplitWords(name, lines);
  const address = findAddress(lines, lastIndex + 1, patterns, letters);
  const confidence = Math.max(0.1, Math.min(0.95, 0.45 + bestScore * 0.08));
  return {
    store: { value: name, confidence: Number(confidence.toFixed(2)) },
    address: address.value,
    headerEnd: address.end,
  };
}

/**
 * A word the recogniser split in two ("ENTERPRISE (SET IA" / "ALAM) SDN BHD") is joined when the receipt prints it
 * whole elsewhere, as names of places often are in the address ("JALAN SETIA INDAH"). One part must be too short to
 * be a word of a name: "TONYMOLY VIVA CITY" is printed apart in a mall that writes itself "VIVACITY".
 */
function joinSplitWords(name: string, lines: readonly string[]): string {
  // Addresses of mail and web run words together ("SOONHUAT2000@HOTMAIL.COM", "facebook.com/premiostationery").
  const text = lines
    .join(' ')
    .replace(/\S*(?:@|www|\.com|\.my|\/)\S*/gi, ' ')
    .toUpperCase();
  const words = new Set(text.match(/(?<![A-Z0-9])[A-Z]{5,}(?![A-Z0-9])/g) ?? []);
  // The second word is looked at, not taken, so each gap between two words is tried.
  return name.replace(/(?<![A-Za-z])([A-Za-z]{2,}) (?=([A-Za-z]{2,})(?![A-Za-z]))/g, (gap: string, first: string, second: string) =>
    Math.min(first.length, second.length) <= 2 && words.has(`${first}${second}`.toUpperCase()) ? first : gap,
  );
}

function findAddress(
  lines: readonly string[],
  start: number,
  patterns: ReceiptPatterns,
  letters: NameLetters,
): { value: Field<string>; end: number } {
  const parts: string[] = [];
  let end = start - 1;
  for (let index = start; index < Math.min(lines.length, start + 6); index += 1) {
    const line = trimLineNoise(lines[index] ?? '', letters);
    // An item or its price ("1 27736 29.00 29.00") starts with a number, as addresses do.
    if (PRICE_AT_END.test(line) || ITEM_HEADER.test(line)) break;
    const isEnd = patterns.addressEnd.test(line) || DATE_OR_TIME.test(line);
    if (isEnd && parts.length > 0) break;
    if (isEnd || calculateTextDensity(line, letters) < 0.6) continue;
    const isAddressLike = patterns.addressWord.test(line) || /\b\d{5}\b/.test(line) || /^\d+[\s,]/.test(line);
    if (!isAddressLike && parts.length === 0) continue;
    if (!isAddressLike && parts.length >= 2) break;
    parts.push(line);
    end = index;
  }
  if (parts.length === 0) return { value: { value: null, confidence: 0 }, end };
  const hasPostcode = parts.some((part) => /\b\d{5}\b/.test(part));
  return { value: { value: parts.join(' '), confidence: hasPostcode ? 0.7 : 0.45 }, end };
}
