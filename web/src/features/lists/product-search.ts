import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { productsApi, type TProduct } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

const DEBOUNCE_MS = 200;

function useSuggestionQuery(text: string) {
  const [query, setQuery] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const result = useQuery({
    queryKey: ['products', 'suggest', query],
    queryFn: () => callApi(productsApi.search, { query: { q: query, limit: 6 } }),
    enabled: query.length >= 2,
    staleTime: 60_000,
  });
  return { query, products: query.length >= 2 ? (result.data?.products ?? []) : [] };
}

/** Products whose name matches what the shopper is typing (at least 2 letters), closest first, for linking list items. */
export function useProductSuggestions(text: string): TProduct[] {
  return useSuggestionQuery(text).products;
}

/**
 * The closest suggestion for exactly this text (the server ranks them), which Enter takes; null while the
 * suggestions still answer an earlier text, or when there are none (the server then links the name itself).
 */
export function useClosestProduct(text: string): TProduct | null {
  const { query, products } = useSuggestionQuery(text);
  return query === text.trim() ? (products[0] ?? null) : null;
}

export function describeProduct(product: TProduct): string {
  const size = product.sizeValue && product.sizeUnit ? `${product.sizeValue} ${product.sizeUnit}` : null;
  return [product.brand, size].filter(Boolean).join(' · ');
}
