import type { TRecommendationQuery, TStoreComparison, TUsedPlan } from '@cartwise/contracts';
import { sql, type Kysely } from 'kysely';
import type { TripLine } from './trip-lines';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';
import { HttpError } from '../../http/errors';
import { planListWithComparisons } from './recommendations.service';
import type { SolverThread } from './solver-thread';

/**
 * What the shopper would have paid without the plan: their usual store (most receipt spend over the last 90
 * days) when it sells every priced item; otherwise the plan's most expensive single-store alternative, the
 * store they might just as well have walked into. Stores missing an item are no alternative at all.
 */
export function pickUsualBaseline(comparisons: TStoreComparison[], spendStoreId: string | null): TStoreComparison | null {
  const complete = comparisons.filter((c) => c.missingCount === 0);
  const usual = complete.find((c) => c.store.id === spendStoreId);
  if (usual) return usual;
  return complete.reduce<TStoreComparison | null>((worst, c) => (!worst || c.totalCents > worst.totalCents ? c : worst), null);
}

/**
 * Records that the shopper starts a trip with the plan for this list: the server plans again so the figures are its
 * own, then keeps the plan's lines (with each item's price at the plan's best single store) for finishing the
 * trip. Starting counts nothing; each trip is its own row, so finished trips add up.
 */
export async function recordUsedPlan(
  app: Deps<'db' | 'log'>,
  solver: SolverThread,
  userId: string,
  listId: string,
  query: TRecommendationQuery,
): Promise<TUsedPlan> {
  const { plan, comparisons, spendStoreId, lineCentsAt } = await planListWithComparisons(app, solver, userId, listId, query);
  if (!plan.isFeasible || plan.stops.length === 0) {
    throw new HttpError(422, 'empty_plan', 'This plan has nothing to buy yet: add prices or pick more stores first.');
  }
  const baseline = pickUsualBaseline(comparisons, spendStoreId);
  const usualTotalCents = baseline?.totalCents ?? plan.totalCents;
  const best = plan.savingsVsBestSingleCents !== null ? plan.bestSingleStore : null;
  const singleCents = best ? lineCentsAt(best.store.id) : new Map<string, number>();
  const lines: TripLine[] = plan.stops.flatMap((stop) =>
    stop.lines.map((line) => ({
      itemId: line.itemId,
      productId: line.productId,
      storeId: stop.store.id,
      tripCents: stop.tripCostCents,
      plannedCents: line.lineCents,
      singleCents: singleCents.get(line.itemId) ?? line.lineCents,
    })),
  );
  const row = {
    id: createId(),
    user_id: userId,
    list_id: listId,
    list_name: plan.listName,
    plan_total_cents: plan.totalCents,
    usual_store_id: baseline?.store.id ?? null,
    usual_store_name: baseline?.store.name ?? null,
    usual_total_cents: usualTotalCents,
    savings_cents: 0,
    used_on: plan.date,
    created_at: nowIso(),
    lines_json: JSON.stringify(lines),
    // The comparison's total is every priced item at that store plus its one trip.
    best_single_trip_cents: best ? best.totalCents - [...singleCents.values()].reduce((a, b) => a + b, 0) : null,
    savings_cap_cents: best ? Math.max(0, plan.savingsVsBestSingleCents ?? 0) : 0,
  };
  await app.db.insertInto('split_cart_plans').values(row).execute();
  app.log.info({ listId, planId: row.id, usualStoreId: row.usual_store_id }, 'split-cart plan used');
  return {
    id: row.id,
    listId,
    usedOn: row.used_on,
    totalCents: row.plan_total_cents,
    usualStoreName: row.usual_store_name,
    usualTotalCents: row.usual_total_cents,
    savingsCents: row.savings_cents,
  };
}

/**
 * Split-cart savings and finished-trip count for used_on in each [start, end) (yyyy-mm-dd), as one row with columns
 * `saved<i>` and `plans<i>` per period, over the rows of `span` (which covers every period): the dashboard asks for
 * this month and this year. Read it with toSplitCartSavings.
 */
export function selectSplitCartSavings(
  db: Kysely<Database>,
  userId: string,
  periods: readonly { start: string; end: string }[],
  span: { start: string; end: string },
) {
  return db
    .selectFrom('split_cart_plans')
    .select(() =>
      periods.flatMap((p, i) => [
        sql<number | string | null>`sum(case when used_on >= ${p.start} and used_on < ${p.end} then savings_cents end)`.as(`saved${i}`),
        sql<number | string | null>`sum(case when used_on >= ${p.start} and used_on < ${p.end} then 1 else 0 end)`.as(`plans${i}`),
      ]),
    )
    .where('user_id', '=', userId)
    .where('used_on', '>=', span.start)
    .where('used_on', '<', span.end)
    .where('finished_at', 'is not', null);
}

/** The savings and trip count of each of `periodCount` periods from a row of selectSplitCartSavings. */
export function toSplitCartSavings(row: object | null | undefined, periodCount: number): { savingsCents: number; plans: number }[] {
  const figures = (row ?? {}) as Record<string, number | string | null>;
  return Array.from({ length: periodCount }, (_, i) => ({
    savingsCents: Number(figures[`saved${i}`] ?? 0),
    plans: Number(figures[`plans${i}`] ?? 0),
  }));
}
