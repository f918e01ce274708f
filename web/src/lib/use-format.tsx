import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ZPreferences } from '@cartwise/contracts';
import { Spinner } from '../components/spinner';
import { apiGet } from './api-client';
import {
  FALLBACK_FORMAT,
  formatDate,
  formatMoney,
  formatMoneyCents,
  formatNumber,
  formatQuantity,
  formatUnitPrice,
  setActiveFormat,
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
function browserDefaults(): FormatSettings {
  const locale = typeof navigator === 'undefined' ? FALLBACK_FORMAT.locale : (navigator.language ?? FALLBACK_FORMAT.locale);
  return { ...FALLBACK_FORMAT, locale };
}

const FormatContext = createContext<Formatters>(bindFormatters(browserDefaults()));

/** Binds the formatters to the signed-in shopper's saved currency, locale and unit system. */
export function FormatProvider({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => apiGet('/api/settings/preferences', ZPreferences, signal),
    enabled: isSignedIn,
    staleTime: 5 * 60_000,
  });
  const data = isSignedIn ? preferences.data : undefined;
  const value = useMemo(() => {
    const settings = data ? { currency: data.currency, locale: data.locale, units: data.units } : browserDefaults();
    setActiveFormat(settings);
    return bindFormatters(settings);
  }, [data]);
  // Pages render once the shopper's settings are known, so nothing is first shown in the wrong currency.
  if (isSignedIn && preferences.isPending) return <Spinner isFullScreen />;
  return <FormatContext.Provider value={value}>{children}</FormatContext.Provider>;
}

/** Money, numbers, dates and unit prices in the shopper's currency, locale and unit system. */
export function useFormat(): Formatters {
  return useContext(FormatContext);
}
