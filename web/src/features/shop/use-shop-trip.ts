import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { markNotHere, restorePlanned } from '@cartwise/contracts/domain/shop-trip';
import { fetchPlan, INITIAL_PLAN_INPUTS, recordUsedPlan } from '../splitcart/use-recommendations';
import { attachPlanId, readTrip, saveTrip, type SavedTrip } from './shop-trip-store';

/** The saved trip as stored now (the plan's id may have arrived since the page read it), else the one on screen. */
function readLatest(listId: string, trip: SavedTrip): SavedTrip {
  return readTrip(listId) ?? trip;
}

/**
 * The trip shop mode walks: the one saved when the shopper started from the plan page, or else (opened from the
 * list, or the saved one is gone) a plan with the shopper's default stores, saved as the trip at once.
 */
export function useShopTrip(listId: string) {
  const [saved, setSaved] = useState<SavedTrip | null>(() => readTrip(listId));
  const fresh = useQuery({
    queryKey: ['shop-trip', listId],
    queryFn: async ({ signal }) => {
      const plan = await fetchPlan(listId, INITIAL_PLAN_INPUTS, signal);
      saveTrip(listId, { plan, moves: {} });
      // The server records the trip too, so finishing it can count what it saved; the trip works without it.
      void recordUsedPlan(listId, INITIAL_PLAN_INPUTS)
        .then((used) => attachPlanId(listId, used.id))
        .catch((error: unknown) => console.warn('Could not record the plan for savings', error));
      return plan;
    },
    enabled: saved === null,
    staleTime: Infinity,
  });
  const trip: SavedTrip | null = saved ?? (fresh.data ? { plan: fresh.data, moves: {} } : null);

  function update(next: SavedTrip) {
    saveTrip(listId, next);
    setSaved(next);
  }

  return {
    trip,
    isPending: trip === null && fresh.isPending,
    error: trip === null ? fresh.error : null,
    /** "Not here": on to the next cheapest planned store, or missing. */
    markNotHere: (itemId: string) => trip && update({ ...readLatest(listId, trip), moves: markNotHere(trip.plan, trip.moves, itemId) }),
    /** Back to the store the plan chose. */
    restore: (itemId: string) => trip && update({ ...readLatest(listId, trip), moves: restorePlanned(trip.moves, itemId) }),
  };
}
