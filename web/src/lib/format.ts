/**
 * The web app's side of the Intl helpers in contracts: the signed-in shopper's settings, kept for code
 * that formats outside React render.
 */
import { FALLBACK_FORMAT, type FormatSettings } from '@cartwise/contracts/domain/format';

export * from '@cartwise/contracts/domain/format';

/**
 * The signed-in shopper's settings, for helpers called outside React render (column renderers, labels).
 * FormatProvider sets it before its children render and holds them until the preferences are known.
 */
let activeFormat: FormatSettings = FALLBACK_FORMAT;

export function setActiveFormat(settings: FormatSettings): void {
  activeFormat = settings;
}

export function getActiveFormat(): FormatSettings {
  return activeFormat;
}
