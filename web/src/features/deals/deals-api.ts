import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dealsApi, type TDeal, type TDealListQuery } from '@cartwise/contracts';
import { APP_CONFIG_KEY } from '../../lib/app-config';
import { callApi, isApiError } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';

export const DEALS_KEY = ['deals'] as const;

/** The filters the shopper set: blank text and unticked boxes ("false") are left out of the URL. */
function toSetFilters(query: TDealListQuery): TDealListQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '' && value !== 'false'));
}

export function useDeals(query: TDealListQuery) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'list', query],
    queryFn: ({ signal }) => callApi(dealsApi.list, { query: toSetFilters(query), signal }),
    placeholderData: (previous) => previous,
  });
}

export function useDeal(id: string) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'one', id],
    queryFn: ({ signal }) => callApi(dealsApi.detail, { params: { id }, signal }),
  });
}

export function useDealsForYou() {
  return useQuery({ queryKey: [...DEALS_KEY, 'for-you'], queryFn: ({ signal }) => callApi(dealsApi.forYou, { signal }) });
}

export function useDealStores(isEnabled: boolean) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'stores'],
    queryFn: ({ signal }) => callApi(dealsApi.stores, { signal }),
    enabled: isEnabled,
  });
}

export function useDealProducts(isEnabled: boolean) {
  return useQuery({
    queryKey: [...DEALS_KEY, 'products'],
    queryFn: ({ signal }) => callApi(dealsApi.products, { signal }),
    enabled: isEnabled,
  });
}

/** Sends the deal form as multipart so the optional shelf-tag photo travels with it. */
export function submitDealForm(form: FormData): Promise<TDeal> {
  return callApi(dealsApi.create, { form });
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
