import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { productsApi, type TProduct } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

const DEBOUNCE_MS = 200;

/** Products whose name matches what the shopper is typing (at least 2 letters), for linking list items. */
export function useProductSuggestions(text: string): TProduct[] {
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
  return query.length >= 2 ? (result.data?.products ?? []) : [];
}

export function describeProduct(product: TProduct): string {
  const size = product.sizeValue && product.sizeUnit ? `${product.sizeValue} ${product.sizeUnit}` : null;
  return [product.brand, size].filter(Boolean).join(' · ');
}
