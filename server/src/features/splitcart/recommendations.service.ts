import { performance } from 'node:perf_hooks';
import type { TRecommendationPlan, TRecommendationQuery, TStoreComparison } from '@cartwise/contracts';
import { roundLineCents, type SplitCartInstance } from '@cartwise/optimizer';
import type { Deps } from '../../app-types';
import { loadPlanInputs, type PlanInputs } from './plan-inputs';
import { priceListItems, type PricedList } from './plan-pricing';
import { toInstancePromotions } from './plan-promotions';
import { compareSingleStores, presentPlan } from './plan-presenter';
import { orderStopsByAisle, readAisleTicks } from './plan-aisles';
import * as repo from './recommendations.repo';
import { solveWithMinimumOrders } from './minimum-orders';
import type { SolverThread } from './solver-thread';
import { addDaysIso, getTodayIso } from '@cartwise/contracts';

// Leaving an item unbought costs far more than any real price, so the plan only does it when the store
// limit leaves no store that sells the item; it is then listed as not found.
const UNBOUGHT_PENALTY_CENTS = 1_000_000;
/**
 * Household lists finish in milliseconds; a list of hundreds of items over dozens of stores with one trip cost
 * and unrelated prices can need seconds to prove (bench/optimize, adv:same-trip-iid), so past this the shopper
 * gets the best plan found and how far from proven it is. The solve runs on a worker thread (solver-thread.ts).
 */
const SOLVE_TIME_LIMIT_MS = 2000;
/** The usual store is where the shopper spent most on receipts over this many days. */
export const USUAL_STORE_DAYS = 90;

export interface PlanWithComparisons {
  plan: TRecommendationPlan;
  /** Every candidate store's single-store total for the same items, fewest missing items first. */
  comparisons: TStoreComparison[];
  /** The store with the most receipt spend over USUAL_STORE_DAYS, before any home-store fallback. */
  spendStoreId: string | null;
  /** What each priced item costs at a store (no entry where the store has no price), for finishing a trip. */
  lineCentsAt: (storeId: string) => Map<string, number>;
}

/** The cheapest split of a list over the chosen stores: load, price, solve, present. */
export async function planList(
  app: Deps<'db' | 'log'>,
  solver: SolverThread,
  userId: string,
  listId: string,
  query: TRecommendationQuery,
): Promise<TRecommendationPlan> {
  return (await planListWithComparisons(app, solver, userId, listId, query)).plan;
}

/** planList plus what each single store would cost, for recording the plan's saving against the usual store. */
export async function planListWithComparisons(
  app: Deps<'db' | 'log'>,
  solver: SolverThread,
  userId: string,
  listId: string,
  query: TRecommendationQuery,
): Promise<PlanWithComparisons> {
  // The usual store depends only on the shopper, so it is read in the same round trip as the plan's inputs.
  const [inputs, spendStoreId] = await Promise.all([
    loadPlanInputs(app, userId, listId, query),
    repo.findUsualStoreId(app.db, userId, addDaysIso(getTodayIso(), -USUAL_STORE_DAYS)),
  ]);
  const [pricing, aisleTicks] = await Promise.all([
    priceListItems(app, inputs, userId),
    readAisleTicks(
      app.db,
      inputs.list.household_id ?? inputs.list.user_id,
      inputs.stores.map((store) => store.id),
    ),
  ]);
  const instance = buildInstance(inputs, pricing);
  const started = performance.now();
  const result = await solveWithMinimumOrders(solver, instance, inputs, pricing.priced, SOLVE_TIME_LIMIT_MS);
  const solverMs = Math.round((performance.now() - started) * 1000) / 1000;
  const presented = presentPlan(inputs, pricing, result, spendStoreId ?? inputs.homeIds[0] ?? null, solverMs);
  const plan = orderStopsByAisle(presented, aisleTicks);

  const context = {
    listId,
    items: pricing.priced.length,
    stores: inputs.stores.length,
    solverMs,
    nodes: result.isFeasible ? result.nodes : 0,
  };
  if (plan.isProven) app.log.debug(context, 'split-cart plan');
  else app.log.warn({ ...context, proofGapCents: plan.proofGapCents }, 'split-cart plan not proven cheapest within the time limit');
  const comparisons = pricing.priced.length > 0 ? compareSingleStores(inputs, pricing) : [];
  const lineCentsAt = (storeId: string) => {
    const cents = new Map<string, number>();
    for (const { item, offers } of pricing.priced) {
      const offer = offers.get(storeId);
      if (offer) cents.set(item.id, roundLineCents(item.quantity, offer.unitPriceCents));
    }
    return cents;
  };
  return { plan, comparisons, spendStoreId, lineCentsAt };
}

/** The solver's instance: priced items by stores, each offer a per-unit price, each store one trip cost, promotions. */
function buildInstance(inputs: PlanInputs, { priced, promotions }: PricedList): SplitCartInstance {
  return {
    format: 'splitcart/v1',
    K: inputs.maxStores,
    items: priced.map(({ item }) => ({ id: item.id, qty: item.quantity, penalty: UNBOUGHT_PENALTY_CENTS })),
    stores: inputs.stores.map((s) => ({ id: s.id, visitCost: s.tripCostCents })),
    offers: priced.flatMap(({ offers }, itemIndex) =>
      inputs.stores.flatMap((s, storeIndex) => {
        const offer = offers.get(s.id);
        return offer ? [[storeIndex, itemIndex, offer.unitPriceCents] as [number, number, number]] : [];
      }),
    ),
    promotions: toInstancePromotions(inputs, priced, promotions),
  };
}
