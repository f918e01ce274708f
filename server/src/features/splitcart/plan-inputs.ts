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

/**
 * Checks the feature flag and the list's owner, then reads the list, the stores and the settings the plan uses. The
 * reads do not depend on each other, so they go to the database together: one round trip on PostgreSQL.
 */
export async function loadPlanInputs(app: Deps<'db'>, userId: string, listId: string, query: TRecommendationQuery): Promise<PlanInputs> {
  const [, list, homeIds, visibleStores, items, staleDays, tripCostCents, currency] = await Promise.all([
    assertFeatureEnabled(app, 'split_cart', 'Split-cart recommendations are turned off for now. Your list still works as usual.'),
    repo.findOwnedList(app.db, listId, userId),
    repo.findHomeStoreIds(app.db, userId),
    // Without storeIds, the shopper's home stores, or every store they may see when they have none.
    repo.findStores(app.db, userId, query.storeIds ?? 'home'),
    repo.findOpenItems(app.db, listId),
    getStaleDays(app),
    query.tripCostCents ?? repo.findTripCostCents(app.db, userId),
    repo.findShopperCurrency(app.db, userId),
  ]);
  // The list's items were read alongside, but nothing of them is returned unless the list is the caller's.
  if (!list) throw notFound('List');
  if (query.storeIds && visibleStores.length !== new Set(query.storeIds).size)
    throw new HttpError(400, 'bad_request', 'Unknown store in storeIds');
  // One currency per plan: totals never add one currency to another. A store of unknown currency may be used.
  const inCurrency = visibleStores.filter((store) => store.currency === null || store.currency === currency);
  const stores = inCurrency.map(({ currency: _currency, ...store }) => store);
  if (query.storeIds && inCurrency.length !== visibleStores.length)
    throw new HttpError(400, 'bad_request', `A store in storeIds prices in another currency than yours (${currency})`);
  return {
    list,
    items,
    stores,
    homeIds,
    today: query.date ?? new Date().toISOString().slice(0, 10),
    staleDays,
    includeStale: query.includeStale !== 'false',
    tripCostCents,
    maxStores: !query.maxStores || query.maxStores === 'any' ? null : Number(query.maxStores),
  };
}

export function toPlanStore(store: repo.PlanStoreRow, homeIds: readonly string[]): TPlanStore {
  return { ...store, isHome: homeIds.includes(store.id) };
}
