import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsApi, ZPreferences, type TPreferences } from '@cartwise/contracts';
import { Spinner } from '../components/spinner';
import { callApi } from './api-client';
import { setActiveFormat } from './format';
import { takePrefetchedPreferences } from './preferences-prefetch';
import { FormatContext, PREFERENCES_KEY, bindFormatters, browserDefaults } from './use-format';

/** The answer main.tsx asked for at boot when it is a valid one, else an ordinary (checked) read. */
async function readPreferences(signal: AbortSignal): Promise<TPreferences> {
  const early = await takePrefetchedPreferences()?.catch(() => null);
  if (early?.ok) {
    const parsed = ZPreferences.safeParse(await early.json().catch(() => undefined));
    if (parsed.success) return parsed.data;
  }
  return callApi(settingsApi.preferences, { signal });
}

// Kept apart from useFormat so a component that only formats (Money) does not pull in the API client.
/** Binds the formatters to the signed-in shopper's saved currency, locale and unit system. */
export function FormatProvider({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => readPreferences(signal),
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
