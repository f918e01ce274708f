import type { TPlanStore, TRecommendationQuery } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { HttpError, notFound } from '../../http/errors';
import { assertFeatureEnabled } from '../../platform/operator-settings';
import { getStaleDays } from '../pricebook';
import * as repo from './recommendations.repo';

/** Everything a plan is computed from: the list, its open items, the stores to consider and the shopper's settings. */
export interface PlanInputs {
  list: { id: string; name: string };
  items: repo.PlanListItem[];
  stores: repo.PlanStoreRow[];
  homeIds: string[];
  today: string;
  staleDays: number;
  includeStale: boolean;
  tripCostCents: number;
  maxStores: number | null;
}

/** Checks the feature flag and the list's owner, then reads the list, the stores and the settings the plan uses. */
export async function loadPlanInputs(app: Deps<'db'>, userId: string, listId: string, query: TRecommendationQuery): Promise<PlanInputs> {
  await assertFeatureEnabled(app, 'split_cart', 'Split-cart recommendations are turned off for now. Your list still works as usual.');
  const list = await repo.findOwnedList(app.db, listId, userId);
  if (!list) throw notFound('List');
  const homeIds = await repo.findHomeStoreIds(app.db, userId);
  const requestedIds = query.storeIds ?? (homeIds.length > 0 ? homeIds : null);
  const stores = await repo.findStores(app.db, userId, requestedIds);
  if (query.storeIds && stores.length !== new Set(query.storeIds).size)
    throw new HttpError(400, 'bad_request', 'Unknown store in storeIds');
  return {
    list,
    items: await repo.findOpenItems(app.db, listId),
    stores,
    homeIds,
    today: query.date ?? new Date().toISOString().slice(0, 10),
    staleDays: await getStaleDays(app),
    includeStale: query.includeStale !== 'false',
    tripCostCents: query.tripCostCents ?? (await repo.findTripCostCents(app.db, userId)),
    maxStores: !query.maxStores || query.maxStores === 'any' ? null : Number(query.maxStores),
  };
}

export function toPlanStore(store: repo.PlanStoreRow, homeIds: readonly string[]): TPlanStore {
  return { ...store, isHome: homeIds.includes(store.id) };
}
