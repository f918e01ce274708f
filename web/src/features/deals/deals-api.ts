import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZApiError,
  ZDeal,
  ZDealList,
  ZDealProductList,
  ZDealStoreList,
  ZDealsForYou,
  type TDeal,
  type TDealListQuery,
} from '@cartwise/contracts';
import { APP_CONFIG_KEY } from '../../lib/app-config';
import { ApiError, apiGet, isApiError } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';

export const DEALS_KEY = ['deals'] as const;

function toQueryString(query: TDealListQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '' && value !== 'false') params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function useDeals(query: TDealListQuery) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'list', query],
    queryFn: ({ signal }) => apiGet(`/api/deals${toQueryString(query)}`, ZDealList, signal),
    placeholderData: (previous) => previous,
  });
}

export function useDeal(id: string) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'one', id],
    queryFn: ({ signal }) => apiGet(`/api/deals/${encodeURIComponent(id)}`, ZDeal, signal),
  });
}

export function useDealsForYou() {
  return useQuery({ queryKey: [...DEALS_KEY, 'for-you'], queryFn: ({ signal }) => apiGet('/api/deals/for-you', ZDealsForYou, signal) });
}

export function useDealStores(isEnabled: boolean) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'stores'],
    queryFn: ({ signal }) => apiGet('/api/deals/stores', ZDealStoreList, signal),
    enabled: isEnabled,
  });
}

export function useDealProducts(isEnabled: boolean) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'products'],
    queryFn: ({ signal }) => apiGet('/api/deals/products', ZDealProductList, signal),
    enabled: isEnabled,
  });
}

/** Sends the deal form as multipart so the optional shelf-tag photo travels with it. */
export async function submitDealForm(form: FormData): Promise<TDeal> {
  let response: Response;
  try {
    response = await fetch('/api/deals', { method: 'POST', body: form, credentials: 'include', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError(0, 'Network error: check your connection and try again', 'network_error');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = ZApiError.safeParse(body);
    if (error.success) throw new ApiError(response.status, error.data.message, error.data.error, error.data.issues ?? []);
    throw new ApiError(response.status, response.statusText || `Request failed (${response.status})`, 'http_error');
  }
  const deal = ZDeal.safeParse(body);
  if (!deal.success) throw new ApiError(response.status, 'Unexpected response from server', 'bad_response');
  return deal.data;
}

export function useSubmitDeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDealForm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEALS_KEY }),
    // Turned off while the dialog was open: reload the flags so the dialog explains it instead of the form.
    onError: (error) => {
      if (isApiError(error) && error.code === 'feature_disabled') void queryClient.invalidateQueries({ queryKey: APP_CONFIG_KEY });
    },
  });
}

/** Formats a yyyy-mm-dd date for people, e.g. "30 Nov 2026"; calendar dates carry no time zone. */
export function formatDealDate(date: string): string {
  return formatDate(date, getActiveFormat());
}

export function describeStore(deal: TDeal): string {
  if (!deal.store) return 'Unknown store';
  return deal.store.city ? `${deal.store.name}, ${deal.store.city}` : deal.store.name;
}

export interface DealGroup {
  chain: string;
  deals: TDeal[];
}

/** Groups deals by store chain, "Unknown" for stores without one, chains in alphabetical order and Unknown last. */
export function groupDealsByChain(deals: readonly TDeal[]): DealGroup[] {
  const groups = new Map<string, TDeal[]>();
  for (const deal of deals) {
    const chain = deal.store?.chainName ?? 'Unknown';
    groups.set(chain, [...(groups.get(chain) ?? []), deal]);
  }
  return [...groups.entries()]
    .map(([chain, items]) => ({ chain, deals: items }))
    .sort((a, b) => (a.chain === 'Unknown' ? 1 : b.chain === 'Unknown' ? -1 : a.chain.localeCompare(b.chain)));
}

export function formatDealCount(count: number): string {
  return `${count} active ${count === 1 ? 'deal' : 'deals'}`;
}
