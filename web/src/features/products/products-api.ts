import { useQuery } from '@tanstack/react-query';
import { ZProduct, ZProductHistory, ZProductList, type TCreateProduct } from '@cartwise/contracts';
import { apiGet, apiSend } from '../../lib/api-client';

/** Product autocomplete (also usable by lists): empty query lists nothing. */
export function useProductSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: ['products', 'search', q],
    queryFn: ({ signal }) => apiGet(`/api/products?q=${encodeURIComponent(q)}&limit=8`, ZProductList, signal),
    enabled: q.length >= 2,
    staleTime: 30_000,
  });
}

export function useProductHistory(id: string) {
  return useQuery({
    queryKey: ['products', 'history', id],
    queryFn: ({ signal }) => apiGet(`/api/products/${encodeURIComponent(id)}/history`, ZProductHistory, signal),
    retry: false,
  });
}

export function createProduct(input: TCreateProduct) {
  return apiSend('POST', '/api/products', input, ZProduct);
}
