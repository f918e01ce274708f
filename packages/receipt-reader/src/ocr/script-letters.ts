/**
 * Letters and digits as the page steps count them: ASCII ones, which the thresholds were measured with on English
 * receipts (accented Latin letters were never counted, and still are not), and the letters of every script other than
 * Latin, so that a Hebrew page or line is not taken for an empty one.
 */
const ASCII_OR_OTHER_SCRIPT_LETTER = /[A-Za-z]|(?![\p{Script=Latin}\p{Script=Common}])\p{L}/gu;
const ASCII_OR_OTHER_SCRIPT_ALPHANUMERIC = /[A-Za-z0-9]|(?![\p{Script=Latin}\p{Script=Common}])\p{L}/gu;

export function countLetters(text: string): number {
  return text.match(ASCII_OR_OTHER_SCRIPT_LETTER)?.length ?? 0;
}

export function countAlphanumerics(text: string): number {
  return text.match(ASCII_OR_OTHER_SCRIPT_ALPHANUMERIC)?.length ?? 0;
}
