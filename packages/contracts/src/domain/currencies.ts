// Every ISO 4217 currency the runtime's Intl knows (about 300 codes, historic ones included): a source may bring
// any of them and a shopper may pick any of them, shown by name in the shopper's language.

function listCurrencies(): readonly string[] {
  try {
    return Intl.supportedValuesOf('currency');
  } catch {
    return [];
  }
}

/** The codes, sorted; empty only on a runtime without Intl.supportedValuesOf, where any three letters pass. */
export const CURRENCY_CODES: readonly string[] = listCurrencies();
const KNOWN = new Set(CURRENCY_CODES);

/** Three capital letters that the runtime knows as a currency. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && (KNOWN.size === 0 || KNOWN.has(code));
}

/** "ILS · Israeli New Shekel" in the shopper's language; the bare code when the runtime has no name for it. */
export function describeCurrency(code: string, locale: string): string {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(code);
    return name ? `${code} · ${name}` : code;
  } catch {
    return code;
  }
}
