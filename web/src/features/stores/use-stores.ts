import { useQuery } from '@tanstack/react-query';
import { ZStoreList } from '@cartwise/contracts';
import { apiGet } from '../../lib/api-client';

/** Every store location Cartwise knows (GET /api/stores), for pickers and suggestions; shared under one query key. */
export function useStores() {
  return useQuery({ queryKey: ['stores'], queryFn: ({ signal }) => apiGet('/api/stores', ZStoreList, signal) });
}
