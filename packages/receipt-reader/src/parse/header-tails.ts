import { DATE_IN_LINE } from './dates';
import { ASCII_NAME_LETTERS, type NameLetters } from './name-letters';

/** How to reach the store, never its name: "tanchayyee@gmail.com", "www.premiostationery.com.my". */
export const MAIL_OR_WEB_ADDRESS = /[\w.+-]+@[\w-]+\.\w|\b(?:WWW\.|HTTPS?:\/\/)/i;

/**
 * What a header line can carry after the name when the page read runs two printed pieces together: a company, tax or
 * phone number ("KEDAI ABC CO. NO: 123456-X", "ABC TRADING (GST REG NO: 001234567890)", "ABC TEL: 03-1234 5678"), the
 * document's title ("ABC ENTERPRISE TAX INVOICE"), a date, an email or a web address. From there on the line is no
 * part of the name. A number's label needs a number after it (or nothing, the number cut off), so CO. in "AEON CO. (M)
 * BHD" stays.
 */
const HEADER_TAILS = [
  /\s*[([]?\s*\b(?:CO(?:MPANY)?\.?\s?(?:REG(?:ISTRATION)?\.?\s?)?NO|ROC|REG(?:ISTRATION)?\.?\s?NO|(?:GST|SST)\s?(?:REG(?:ISTRATION)?\.?\s?)?(?:NO|ID)|TEL|PHONE|FAX)\b\.?\s*[:.]?\s*(?:(?=[^A-Za-z]*\d).*)?$/i,
  /\s*[-|(]?\s*\b(?:TAX\s?INVOICE|(?:OFFICIAL\s)?RECEIPT|CASH\s?BILL|INVOICE)\b.*$/i,
  new RegExp(`\\s*(?:${DATE_IN_LINE.source}).*$`),
  new RegExp(`\\s*(?:${MAIL_OR_WEB_ADDRESS.source}).*$`, 'i'),
];
/** The document's title run into the start of the name's line: "TAX INVOICE ABC SDN BHD". */
const TITLE_BEFORE_NAME = /^\W*(?:TAX\s?INVOICE|CASH\s?BILL|(?:OFFICIAL\s)?RECEIPT)\s*[-:|]?\s+(?=[A-Za-z])/i;

/** The name's own part of a header line that the page read ran together with other header pieces. */
export function dropHeaderTail(line: string, letters: NameLetters = ASCII_NAME_LETTERS): string {
  const withoutTitle = line.replace(TITLE_BEFORE_NAME, '');
  const end = Math.min(...HEADER_TAILS.map((tail) => tail.exec(withoutTitle)?.index ?? withoutTitle.length));
  const name = withoutTitle.slice(0, end);
  return letters.twoLetters.test(name) ? name : withoutTitle;
}
