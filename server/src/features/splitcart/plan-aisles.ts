import type { Kysely } from 'kysely';
import type { TRecommendationPlan } from '@cartwise/contracts';
import { learnAisleOrder, sortByLearnedAisle, type AisleTick } from '@cartwise/contracts/domain/aisle-order';
import type { Database } from '../../db/schema';

/** Older trips than this many per store weigh under a thousandth of the newest: they are not read. */
const TRIPS_PER_STORE = 10;

/**
 * The household's (or, for a personal list, the shopper's) ticks at these stores, newest trips first, at most
 * TRIPS_PER_STORE trips a store. Read beside the plan's pricing, before the plan knows its stops.
 */
export async function readAisleTicks(
  db: Kysely<Database>,
  walkerId: string,
  storeIds: readonly string[],
): Promise<Map<string, AisleTick[]>> {
  const byStore = new Map<string, AisleTick[]>();
  if (storeIds.length === 0) return byStore;
  const rows = await db
    .selectFrom('aisle_ticks')
    .select(['store_id', 'product_id', 'category', 'trip_key', 'ticked_at'])
    .where('walker_id', '=', walkerId)
    .where('store_id', 'in', [...storeIds])
    .orderBy('ticked_at', 'desc')
    .limit(Math.min(5000, 200 * storeIds.length))
    .execute();
  const tripsByStore = new Map<string, Set<string>>();
  for (const row of rows) {
    const trips = tripsByStore.get(row.store_id) ?? new Set<string>();
    if (!trips.has(row.trip_key) && trips.size >= TRIPS_PER_STORE) continue;
    trips.add(row.trip_key);
    tripsByStore.set(row.store_id, trips);
    const tick = { tripKey: row.trip_key, productId: row.product_id, category: row.category, tickedAt: row.ticked_at };
    byStore.set(row.store_id, [...(byStore.get(row.store_id) ?? []), tick]);
  }
  return byStore;
}

/**
 * Each stop's lines in the order the walker goes through that store, learned from their ticks there; the stop
 * carries the order so shop mode places moved items too. A store they never ticked at keeps the plan's order.
 */
export function orderStopsByAisle(plan: TRecommendationPlan, ticksByStore: ReadonlyMap<string, AisleTick[]>): TRecommendationPlan {
  if (ticksByStore.size === 0) return plan;
  return {
    ...plan,
    stops: plan.stops.map((stop) => {
      const ticks = ticksByStore.get(stop.store.id);
      if (!ticks) return stop;
      const aisle = learnAisleOrder(ticks);
      return { ...stop, lines: sortByLearnedAisle(stop.lines, aisle), aisle };
    }),
  };
}
