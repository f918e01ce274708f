import { createContext, useContext } from 'react';
import {
  FALLBACK_FORMAT,
  formatDate,
  formatMoney,
  formatMoneyCents,
  formatNumber,
  formatQuantity,
  formatUnitPrice,
  type DateStyle,
  type FormatSettings,
} from './format';

export const PREFERENCES_KEY = ['settings', 'preferences'] as const;

export interface Formatters {
  settings: FormatSettings;
  money: (amount: number) => string;
  cents: (cents: number) => string;
  number: (value: number, maximumFractionDigits?: number) => string;
  date: (value: string | Date | null | undefined, style?: DateStyle) => string;
  unitPrice: (amount: number, per: string) => string;
  quantity: (quantity: number, unit?: string | null) => string;
}

export function bindFormatters(settings: FormatSettings): Formatters {
  return {
    settings,
    money: (amount) => formatMoney(amount, settings),
    cents: (cents) => formatMoneyCents(cents, settings),
    number: (value, digits) => formatNumber(value, settings, digits),
    date: (value, style) => formatDate(value, settings, style),
    unitPrice: (amount, per) => formatUnitPrice(amount, per, settings),
    quantity: (quantity, unit) => formatQuantity(quantity, unit, settings),
  };
}

/** Before preferences load (and on public pages): the browser's locale, US dollars. */
export function browserDefaults(): FormatSettings {
  const locale = typeof navigator === 'undefined' ? FALLBACK_FORMAT.locale : (navigator.language ?? FALLBACK_FORMAT.locale);
  return { ...FALLBACK_FORMAT, locale };
}

export const FormatContext = createContext<Formatters>(bindFormatters(browserDefaults()));

/** Money, numbers, dates and unit prices in the shopper's currency, locale and unit system. */
export function useFormat(): Formatters {
  return useContext(FormatContext);
}
