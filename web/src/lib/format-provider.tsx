import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsApi } from '@cartwise/contracts';
import { Spinner } from '../components/spinner';
import { callApi } from './api-client';
import { setActiveFormat } from './format';
import { FormatContext, PREFERENCES_KEY, bindFormatters, browserDefaults } from './use-format';

// Kept apart from useFormat so a component that only formats (Money) does not pull in the API client.
/** Binds the formatters to the signed-in shopper's saved currency, locale and unit system. */
export function FormatProvider({ isSignedIn, children }: { isSignedIn: boolean; children: ReactNode }) {
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => callApi(settingsApi.preferences, { signal }),
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
