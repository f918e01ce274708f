import { useQuery } from '@tanstack/react-query';
import { productsApi, type TCreateProduct } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

/** Product autocomplete (also usable by lists): empty query lists nothing. */
export function useProductSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['products', 'search', q],
    queryFn: ({ signal }) => callApi(productsApi.search, { query: { q, limit: 8 }, signal }),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}

export function useProductHistory(id: string) {
  return useQuery({
    queryKey: ['products', 'history', id],
    queryFn: ({ signal }) => callApi(productsApi.history, { params: { id }, signal }),
    retry: false,
  });
}

export function createProduct(input: TCreateProduct) {
  return callApi(productsApi.create, { body: input });
}
