import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { splitCartApi, type TRecommendationPlan, type TUsedPlan } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

export interface PlanInputs {
  /** null until the shopper changes the selection: the server then uses their home stores. */
  storeIds: string[] | null;
  tripCostCents: number | null;
  maxStores: '1' | '2' | '3' | '4' | 'any';
  isStaleIncluded: boolean;
}

/** The server's defaults: the shopper's home stores, their trip cost, any number of stores, stale prices included. */
export const INITIAL_PLAN_INPUTS: PlanInputs = { storeIds: null, tripCostCents: null, maxStores: 'any', isStaleIncluded: true };

/** Fetches the plan for the inputs through the split-cart route; the query keeps the order the server reads. */
export function fetchPlan(listId: string, inputs: PlanInputs, signal?: AbortSignal): Promise<TRecommendationPlan> {
  const query = {
    ...(inputs.storeIds ? { storeIds: inputs.storeIds.join(',') } : {}),
    ...(inputs.tripCostCents !== null ? { tripCostCents: String(inputs.tripCostCents) } : {}),
    maxStores: inputs.maxStores,
    includeStale: inputs.isStaleIncluded ? ('true' as const) : ('false' as const),
  };
  return callApi(splitCartApi.recommendations, { params: { id: listId }, query, signal });
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
    queryFn: () => fetchPlan(listId, inputs),
    placeholderData: keepPreviousData,
  });
}
