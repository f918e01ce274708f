import type { TPlanStore, TRecommendationQuery } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { HttpError, notFound } from '../../http/errors';
import { featureDisabled, readSettingsOf } from '../../platform/operator-settings';
import { chooseDefaultStores, isInCurrency, toPlanStoreRow } from './plan-stores';
import * as repo from './recommendations.repo';
import { getTodayIso } from '@cartwise/contracts';

/** Everything a plan is computed from: the list, its open items, the stores to consider and the shopper's settings. */
export interface PlanInputs {
  list: { id: string; name: string; user_id: string; household_id: string | null };
  items: repo.PlanListItem[];
  stores: repo.PlanStoreRow[];
  homeIds: string[];
  today: string;
  /** The shopper's currency: the only one the plan's stores price in (or they do not say). */
  currency: string;
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
  const [settings, owned, homeIds, visibleStores, travel] = await Promise.all([
    readSettingsOf(app, { features: ['split_cart'], integers: ['stale_price_days'] }),
    repo.findOwnedListWithItems(app.db, listId, userId),
    repo.findHomeStoreIds(app.db, userId),
    // Without storeIds the database narrows the stores to the home stores or radius; the exact rule follows below.
    query.storeIds ? repo.findStores(app.db, userId, query.storeIds) : repo.findDefaultPlanStores(app.db, userId),
    repo.findTravelProfile(app.db, userId),
  ]);
  if (!settings.isFeatureEnabled('split_cart'))
    throw featureDisabled('Split-cart recommendations are turned off for now. Your list still works as usual.');
  if (!owned) throw notFound('List');
  const { list, items } = owned;
  const staleDays = settings.getInteger('stale_price_days');
  if (query.storeIds && visibleStores.length !== new Set(query.storeIds).size)
    throw new HttpError(400, 'bad_request', 'Unknown store in storeIds');
  // One currency per plan: totals never add one currency to another. A store of unknown currency may be used.
  if (query.storeIds && !visibleStores.every((store) => isInCurrency(store, travel.currency)))
    throw new HttpError(400, 'bad_request', `A store in storeIds prices in another currency than yours (${travel.currency})`);
  const chosen = query.storeIds ? visibleStores : chooseDefaultStores(visibleStores, homeIds, travel);
  const tripCostCents = query.tripCostCents ?? travel.tripCostCents;
  return {
    list,
    items,
    stores: chosen.map((store) => toPlanStoreRow(store, travel, tripCostCents)),
    homeIds,
    today: query.date ?? getTodayIso(),
    currency: travel.currency,
    staleDays,
    includeStale: query.includeStale !== 'false',
    tripCostCents,
    maxStores: !query.maxStores || query.maxStores === 'any' ? null : Number(query.maxStores),
  };
}

export function toPlanStore(store: repo.PlanStoreRow, homeIds: readonly string[]): TPlanStore {
  return {
    id: store.id,
    name: store.name,
    chainName: store.chainName,
    address: store.address,
    isHome: homeIds.includes(store.id),
    isOnline: store.isOnline,
    distanceKm: store.distanceKm,
    minOrderCents: store.minOrderCents,
  };
}
