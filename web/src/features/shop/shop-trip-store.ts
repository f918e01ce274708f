import { z } from 'zod';
import { ZRecommendationPlan, type TRecommendationPlan } from '@cartwise/contracts';
import type { ShopMoves } from '@cartwise/contracts/domain/shop-trip';

/**
 * A trip in progress: the plan as it was when the shopper started, and the "not here" moves made since. Kept in
 * localStorage so shop mode reopens as it was left, without signal, after a reload or a closed tab; ticks are list
 * changes and go through the offline outbox instead.
 */
export interface SavedTrip {
  plan: TRecommendationPlan;
  moves: ShopMoves;
  /** The server's record of this plan (POST /api/lists/:id/plans), which End trip finishes to count the saving. */
  planId?: string;
}

const KEY_PREFIX = 'cartwise:shop-trip:';

const ZSavedTrip = z.object({
  plan: ZRecommendationPlan,
  moves: z.record(z.string(), z.object({ storeId: z.string().nullable(), triedStoreIds: z.array(z.string()) })),
  planId: z.string().optional(),
});

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The saved trip of a list; null when there is none or it was saved in a shape this version does not read. */
export function readTrip(listId: string): SavedTrip | null {
  const text = storage()?.getItem(KEY_PREFIX + listId);
  if (!text) return null;
  try {
    const parsed = ZSavedTrip.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveTrip(listId: string, trip: SavedTrip): void {
  try {
    storage()?.setItem(KEY_PREFIX + listId, JSON.stringify(trip));
  } catch {
    // A full or blocked storage only costs the trip's memory across reloads; shop mode itself still works.
  }
}

/** Remembers the server's id of the trip's plan once its record lands (it is made after shop mode opens). */
export function attachPlanId(listId: string, planId: string): void {
  const trip = readTrip(listId);
  if (trip) saveTrip(listId, { ...trip, planId });
}

export function endTrip(listId: string): void {
  storage()?.removeItem(KEY_PREFIX + listId);
}

/** Sign-out: one shopper's trips are not shown to the next on a shared phone. */
export function clearTrips(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key) => key?.startsWith(KEY_PREFIX));
  for (const key of keys) if (key) store.removeItem(key);
}
