import { QueryClient, onlineManager } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

export function createQueryClient(): QueryClient {
  // TanStack Query assumes online until an 'offline' event; a page opened (or reloaded) without signal never
  // gets one, so start from what the browser knows. Offline, changes pause and wait instead of failing.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Reads are tried even offline: the service worker answers from its copy of the last response.
        networkMode: 'offlineFirst',
        // Client errors (401, 404, validation) will not fix themselves; retry only server/network blips.
        retry: (failureCount, error) => failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
