import { useQuery } from '@tanstack/react-query';
import { appConfigApi, type TAppConfig } from '@cartwise/contracts';
import { callApi } from './api-client';

export const APP_CONFIG_KEY = ['app-config'] as const;

/**
 * The operator's feature flags and limits. Pages use it to explain a turned-off feature up front; while it
 * loads or if it fails, `data` is undefined and pages carry on as if everything were on, because the server
 * still refuses what is off with a clear message.
 */
export function useAppConfig() {
  return useQuery<TAppConfig>({
    queryKey: APP_CONFIG_KEY,
    queryFn: ({ signal }) => callApi(appConfigApi.get, { signal }),
    staleTime: 60_000,
  });
}
