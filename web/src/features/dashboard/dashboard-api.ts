import { useQuery } from '@tanstack/react-query';
import { dashboardApi, dealsApi } from '@cartwise/contracts';
import { callApi, isApiError } from '../../lib/api-client';

export const DASHBOARD_KEY = ['dashboard'] as const;

export function useDashboard() {
  return useQuery({ queryKey: DASHBOARD_KEY, queryFn: ({ signal }) => callApi(dashboardApi.get, { signal }) });
}

/**
 * How many deals match what the shopper buys. Optional: when the deals feature is not there (404)
 * or fails, the dashboard simply leaves the tile out, so this resolves to null instead of throwing.
 */
export function useDealsForYouCount() {
  return useQuery({
    queryKey: ['deals', 'for-you', 'count'],
    queryFn: async ({ signal }) => {
      try {
        const result = await callApi(dealsApi.forYou, { signal });
        return result.items.length;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        console.warn('Deals for you unavailable', error);
        return null;
      }
    },
    retry: false,
  });
}
