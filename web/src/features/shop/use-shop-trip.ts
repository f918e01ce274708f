import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { markNotHere, restorePlanned } from '@cartwise/contracts/domain/shop-trip';
import { fetchPlan, INITIAL_PLAN_INPUTS } from '../splitcart/use-recommendations';
import { readTrip, saveTrip, type SavedTrip } from './shop-trip-store';

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
    markNotHere: (itemId: string) => trip && update({ plan: trip.plan, moves: markNotHere(trip.plan, trip.moves, itemId) }),
    /** Back to the store the plan chose. */
    restore: (itemId: string) => trip && update({ plan: trip.plan, moves: restorePlanned(trip.moves, itemId) }),
  };
}
