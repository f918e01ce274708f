import type { TRecommendationQuery, TStoreComparison, TUsedPlan } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
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
 * Records that the shopper uses the plan for this list today: the server plans again so the figures are its own,
 * then keeps the plan's total and the baseline's. Using a plan for the same list again the same day replaces it.
 */
export async function recordUsedPlan(
  app: Deps<'db' | 'log'>,
  solver: SolverThread,
  userId: string,
  listId: string,
  query: TRecommendationQuery,
): Promise<TUsedPlan> {
  const { plan, comparisons, spendStoreId } = await planListWithComparisons(app, solver, userId, listId, query);
  if (!plan.isFeasible || plan.stops.length === 0) {
    throw new HttpError(422, 'empty_plan', 'This plan has nothing to buy yet: add prices or pick more stores first.');
  }
  const baseline = pickUsualBaseline(comparisons, spendStoreId);
  const usualTotalCents = baseline?.totalCents ?? plan.totalCents;
  const row = {
    id: createId(),
    user_id: userId,
    list_id: listId,
    list_name: plan.listName,
    plan_total_cents: plan.totalCents,
    usual_store_id: baseline?.store.id ?? null,
    usual_store_name: baseline?.store.name ?? null,
    usual_total_cents: usualTotalCents,
    savings_cents: Math.max(0, usualTotalCents - plan.totalCents),
    used_on: plan.date,
    created_at: nowIso(),
  };
  await app.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('split_cart_plans')
      .where('user_id', '=', userId)
      .where('list_id', '=', listId)
      .where('used_on', '=', row.used_on)
      .execute();
    await trx.insertInto('split_cart_plans').values(row).execute();
  });
  app.log.info({ listId, savingsCents: row.savings_cents, usualStoreId: row.usual_store_id }, 'split-cart plan used');
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

/** Split-cart savings and plan count for used_on in [from, to) (yyyy-mm-dd). */
export async function sumSplitCartSavings(
  app: Deps<'db'>,
  userId: string,
  from: string,
  to: string,
): Promise<{ savingsCents: number; plans: number }> {
  const row = await app.db
    .selectFrom('split_cart_plans')
    .select((eb) => [eb.fn.sum<number | string | null>('savings_cents').as('saved'), eb.fn.countAll<number | string>().as('plans')])
    .where('user_id', '=', userId)
    .where('used_on', '>=', from)
    .where('used_on', '<', to)
    .executeTakeFirst();
  return { savingsCents: Number(row?.saved ?? 0), plans: Number(row?.plans ?? 0) };
}
