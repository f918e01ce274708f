import { useQuery } from '@tanstack/react-query';
import { storesApi } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

/** Every store location Cartwise knows (GET /api/stores), for pickers and suggestions; shared under one query key. */
export function useStores() {
  return useQuery({ queryKey: ['stores'], queryFn: ({ signal }) => callApi(storesApi.list, { signal }) });
}
