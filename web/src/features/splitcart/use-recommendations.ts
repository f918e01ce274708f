import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZRecommendationPlan, splitCartApi, type TRecommendationPlan, type TUsedPlan } from '@cartwise/contracts';
import { apiGet, callApi } from '../../lib/api-client';

export interface PlanInputs {
  /** null until the shopper changes the selection: the server then uses their home stores. */
  storeIds: string[] | null;
  tripCostCents: number | null;
  maxStores: '1' | '2' | '3' | '4' | 'any';
  isStaleIncluded: boolean;
}

/** The server's defaults: the shopper's home stores, their trip cost, any number of stores, stale prices included. */
export const INITIAL_PLAN_INPUTS: PlanInputs = { storeIds: null, tripCostCents: null, maxStores: 'any', isStaleIncluded: true };

export function buildPlanPath(listId: string, inputs: PlanInputs): string {
  const params = new URLSearchParams();
  if (inputs.storeIds) params.set('storeIds', inputs.storeIds.join(','));
  if (inputs.tripCostCents !== null) params.set('tripCostCents', String(inputs.tripCostCents));
  params.set('maxStores', inputs.maxStores);
  params.set('includeStale', String(inputs.isStaleIncluded));
  return `/api/lists/${listId}/recommendations?${params.toString()}`;
}

/**
 * Tells the server the shopper is using this plan (it plans again with the same inputs and keeps the plan's
 * total beside their usual store's), so the dashboard's "Money saved" counts it.
 */
export function recordUsedPlan(listId: string, inputs: PlanInputs): Promise<TUsedPlan> {
  return callApi(splitCartApi.usePlan, {
    params: { id: listId },
    query: {
      storeIds: inputs.storeIds ? inputs.storeIds.join(',') : undefined,
      tripCostCents: inputs.tripCostCents ?? undefined,
      maxStores: inputs.maxStores,
      includeStale: inputs.isStaleIncluded ? 'true' : 'false',
    },
  });
}

/** Re-plans whenever an input changes; the previous plan stays on screen while the new one loads. */
export function useRecommendations(listId: string, inputs: PlanInputs) {
  return useQuery<TRecommendationPlan>({
    queryKey: ['recommendations', listId, inputs],
    queryFn: () => apiGet(buildPlanPath(listId, inputs), ZRecommendationPlan),
    placeholderData: keepPreviousData,
  });
}
