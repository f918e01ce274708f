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
  // Day and month both 31 or less, so an address's "JALAN SS 2/72-74" is no date.
  /\s*\b(?:[0-2]?\d|3[01])([/.-])(?:[0-2]?\d|3[01])\1(?:\d{4}|\d{2})\b.*$/,
  /\s*[\w.+-]+@[\w-]+\.\w.*$/,
  /\s*\b(?:WWW\.|HTTPS?:\/\/)\S*.*$/i,
];
/** The document's title run into the start of the name's line: "TAX INVOICE ABC SDN BHD". */
const TITLE_BEFORE_NAME = /^\W*(?:TAX\s?INVOICE|CASH\s?BILL|(?:OFFICIAL\s)?RECEIPT)\s*[-:|]?\s+(?=[A-Za-z])/i;

/** The name's own part of a header line that the page read ran together with other header pieces. */
export function dropHeaderTail(line: string): string {
  const withoutTitle = line.replace(TITLE_BEFORE_NAME, '');
  const end = Math.min(...HEADER_TAILS.map((tail) => tail.exec(withoutTitle)?.index ?? withoutTitle.length));
  const name = withoutTitle.slice(0, end);
  return /[A-Za-z]{2}/.test(name) ? name : withoutTitle;
}
