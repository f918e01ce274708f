import type { TFinishedTrip } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { nowIso } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import { measureTrip, parseTripLines } from './trip-lines';
import { matchTripReceipts } from './trip-receipts';

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
  const lines = parseTripLines(plan.lines_json);
  const ticked = plan.list_id
    ? await app.db.selectFrom('list_items').select('id').where('list_id', '=', plan.list_id).where('is_checked', '=', 1).execute()
    : [];
  const tickedIds = new Set(ticked.map((row) => row.id));
  const bought = lines.filter((line) => tickedIds.has(line.itemId));
  const trip = measureTrip(bought, plan.best_single_trip_cents, plan.savings_cap_cents ?? 0);
  const result = await app.db
    .updateTable('split_cart_plans')
    .set({
      finished_at: nowIso(),
      savings_cents: trip.savingsCents,
      spent_cents: trip.spentCents,
      bought_count: trip.boughtCount,
      bought_json: JSON.stringify(bought),
    })
    .where('id', '=', planId)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  // Two finishes at once: only the first one counts.
  if (Number(result.numUpdatedRows) === 0)
    throw new HttpError(409, 'trip_finished', 'This trip is already finished: its saving is counted once.');
  app.log.info({ planId, savingsCents: trip.savingsCents, boughtCount: trip.boughtCount }, 'split-cart trip finished');
  // A receipt saved before the trip was finished prices it at once.
  const repriced = await matchTripReceipts(app.db, userId, planId);
  return { ...(repriced ?? trip), plannedCents: plan.plan_total_cents };
}
