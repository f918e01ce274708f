import { z } from 'zod';
import type { TFinishedTrip } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { nowIso } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';

/** One list item of a started plan: where it is bought, for how much, and what the best single store asks. */
const ZTripLine = z.object({
  itemId: z.string(),
  storeId: z.string(),
  tripCents: z.number().int(),
  plannedCents: z.number().int(),
  singleCents: z.number().int(),
});
export type TripLine = z.infer<typeof ZTripLine>;

/**
 * What a finished trip proves: the ticked lines at the best single store (with its one trip) minus the same lines
 * at their planned stores (with a trip to each store they came from), between 0 and the plan's own saving.
 */
export function measureTrip(lines: TripLine[], tickedIds: ReadonlySet<string>, singleTripCents: number | null, capCents: number) {
  const bought = lines.filter((line) => tickedIds.has(line.itemId));
  const trips = new Map(bought.map((line) => [line.storeId, line.tripCents]));
  const spentCents = bought.reduce((sum, line) => sum + line.plannedCents, 0) + [...trips.values()].reduce((a, b) => a + b, 0);
  const singleCents = bought.reduce((sum, line) => sum + line.singleCents, 0) + (bought.length > 0 ? (singleTripCents ?? 0) : 0);
  const savingsCents = singleTripCents === null ? 0 : Math.min(capCents, Math.max(0, singleCents - spentCents));
  return { savingsCents, spentCents, boughtCount: bought.length };
}

/** Ends a trip started with POST /api/lists/:id/plans and records the saving its ticked items prove. */
export async function finishTrip(app: Deps<'db' | 'log'>, userId: string, planId: string): Promise<TFinishedTrip> {
  const plan = await app.db
    .selectFrom('split_cart_plans')
    .select(['id', 'list_id', 'plan_total_cents', 'lines_json', 'best_single_trip_cents', 'savings_cap_cents', 'finished_at'])
    .where('id', '=', planId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!plan) throw notFound('Plan');
  if (plan.finished_at) throw new HttpError(409, 'trip_finished', 'This trip is already finished: its saving is counted once.');
  const lines = plan.lines_json ? z.array(ZTripLine).parse(JSON.parse(plan.lines_json)) : [];
  const ticked = plan.list_id
    ? await app.db.selectFrom('list_items').select('id').where('list_id', '=', plan.list_id).where('is_checked', '=', 1).execute()
    : [];
  const trip = measureTrip(lines, new Set(ticked.map((row) => row.id)), plan.best_single_trip_cents, plan.savings_cap_cents ?? 0);
  const result = await app.db
    .updateTable('split_cart_plans')
    .set({ finished_at: nowIso(), savings_cents: trip.savingsCents, spent_cents: trip.spentCents, bought_count: trip.boughtCount })
    .where('id', '=', planId)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  // Two finishes at once: only the first one counts.
  if (Number(result.numUpdatedRows) === 0)
    throw new HttpError(409, 'trip_finished', 'This trip is already finished: its saving is counted once.');
  app.log.info({ planId, savingsCents: trip.savingsCents, boughtCount: trip.boughtCount }, 'split-cart trip finished');
  return { ...trip, plannedCents: plan.plan_total_cents };
}
