import { splitReceiptLines } from './text-lines';

/** Header lines that state a registration: GST/VAT/tax number, company registration, "GST ID", "Co. No.". */
const REGISTRATION_LABEL = /GST|VAT|TAX|REG|\bID\b|\bCO\.?\s?NO/i;
/** Registration numbers are 8 digits or more (12 for Malaysian GST); shorter runs on those lines are too often dates. */
const REGISTRATION_NUMBER = /(?<!\d)\d{8,15}(?!\d)/;
/** Sellers print their registration with the name and address, above the items. */
const HEADER_LINES = 25;

/**
 * The seller's registration number as the header prints it, digits only, or null. Two receipts with the same number
 * come from the same seller, however differently their names were read. Digit groups split by a space or dash are one
 * number ("001 658 445 824").
 */
export function findSellerId(text: string): string | null {
  for (const line of splitReceiptLines(text).slice(0, HEADER_LINES)) {
    if (!REGISTRATION_LABEL.test(line)) continue;
    const number = REGISTRATION_NUMBER.exec(line.replace(/(?<=\d)[\s-](?=\d)/g, ''));
    if (number) return number[0];
  }
  return null;
}
