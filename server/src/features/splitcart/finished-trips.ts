import type { TTripSaving } from '@cartwise/contracts';
import type { Kysely } from 'kysely';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { parseTripLines } from './trip-lines';

/** A trip's own columns: selected and grouped by, beside the count of receipts matched to it. */
const TRIP_COLUMNS = [
  'split_cart_plans.id',
  'split_cart_plans.list_id',
  'split_cart_plans.list_name',
  'split_cart_plans.used_on',
  'split_cart_plans.finished_at',
  'split_cart_plans.spent_cents',
  'split_cart_plans.plan_total_cents',
  'split_cart_plans.savings_cents',
  'split_cart_plans.bought_count',
] as const;

/** The shopper's finished trips started in [from, to) (yyyy-mm-dd), newest first: the split-cart savings' ledger. */
export async function listFinishedTrips(app: Deps<'db'>, userId: string, from: string, to: string): Promise<TTripSaving[]> {
  const rows = await app.db
    .selectFrom('split_cart_plans')
    .leftJoin('trip_receipts', 'trip_receipts.plan_id', 'split_cart_plans.id')
    .select((eb) => [...TRIP_COLUMNS, eb.fn.count<number | string>('trip_receipts.receipt_id').as('receipt_count')])
    .where('split_cart_plans.user_id', '=', userId)
    .where('split_cart_plans.used_on', '>=', from)
    .where('split_cart_plans.used_on', '<', to)
    .where('split_cart_plans.finished_at', 'is not', null)
    .groupBy([...TRIP_COLUMNS])
    .orderBy('split_cart_plans.finished_at', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    listId: row.list_id,
    listName: row.list_name,
    usedOn: row.used_on,
    finishedAt: row.finished_at ?? row.used_on,
    spentCents: Number(row.spent_cents ?? 0),
    plannedCents: Number(row.plan_total_cents),
    savingsCents: Number(row.savings_cents),
    boughtCount: Number(row.bought_count ?? 0),
    receiptCount: Number(row.receipt_count),
  }));
}

/** The shopper's trips finished in [from, to) (ISO dates or date-times) with their bought lines (sumTripSpend). */
export function selectTripsFinishedIn(db: Kysely<Database>, userId: string, from: string, to: string) {
  return db
    .selectFrom('split_cart_plans')
    .select(['id', 'bought_json'])
    .where('user_id', '=', userId)
    .where('finished_at', '>=', from)
    .where('finished_at', '<', to);
}

/** The stores a receipt was matched to on each of those trips (sumTripSpend). */
export function selectReceiptedTripStores(db: Kysely<Database>, userId: string, from: string, to: string) {
  return db
    .selectFrom('trip_receipts')
    .select(['plan_id', 'store_id'])
    .where('plan_id', 'in', selectTripsFinishedIn(db, userId, from, to).clearSelect().select('id'));
}

/**
 * What those trips spent at the stores no receipt was matched to: each such store's bought lines at their planned
 * prices and its trip cost. A store with a matched receipt is left out, as that receipt's total counts already.
 */
export function sumTripSpend(
  trips: readonly { id: string; bought_json: string | null }[],
  receipted: readonly { plan_id: string; store_id: string }[],
): number {
  const matched = new Set(receipted.map((row) => `${row.plan_id}|${row.store_id}`));
  let total = 0;
  for (const trip of trips) {
    const visited = new Set<string>();
    for (const line of parseTripLines(trip.bought_json)) {
      if (matched.has(`${trip.id}|${line.storeId}`)) continue;
      total += line.plannedCents + (visited.has(line.storeId) ? 0 : line.tripCents);
      visited.add(line.storeId);
    }
  }
  return total;
}
