import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/ids';
import { measureTrip, parseTripLines, toPaidKey, type PaidPrices } from './trip-lines';
import { addDaysIso } from '@cartwise/contracts';

type Db = Kysely<Database>;

/** A receipt belongs to a trip's days: from the day before it started to the day after it finished (time zones). */
function isOnTripDays(purchasedOn: string, usedOn: string, finishedAt: string): boolean {
  return purchasedOn >= addDaysIso(usedOn, -1) && purchasedOn <= addDaysIso(finishedAt.slice(0, 10), 1);
}

/** What the trip's matched receipts say was paid for each product at each store (a product's lines summed). */
export async function readPaidPrices(db: Db, planId: string): Promise<PaidPrices> {
  const rows = await db
    .selectFrom('trip_receipts')
    .innerJoin('receipt_items', 'receipt_items.receipt_id', 'trip_receipts.receipt_id')
    .select(['trip_receipts.store_id', 'receipt_items.product_id', 'receipt_items.price_cents', 'receipt_items.discount_cents'])
    .where('trip_receipts.plan_id', '=', planId)
    .where('receipt_items.product_id', 'is not', null)
    .execute();
  const paid = new Map<string, number>();
  for (const row of rows) {
    const key = toPaidKey(row.store_id, row.product_id!);
    paid.set(key, (paid.get(key) ?? 0) + Number(row.price_cents) - Number(row.discount_cents));
  }
  return paid;
}

/** Sets a finished trip's spent and saving again from its bought lines and matched receipts; null when unfinished. */
export async function repriceTrip(db: Db, planId: string) {
  const plan = await db
    .selectFrom('split_cart_plans')
    .select(['bought_json', 'best_single_trip_cents', 'savings_cap_cents'])
    .where('id', '=', planId)
    .where('finished_at', 'is not', null)
    .executeTakeFirst();
  if (!plan?.bought_json) return null;
  const paid = await readPaidPrices(db, planId);
  const trip = measureTrip(parseTripLines(plan.bought_json), plan.best_single_trip_cents, plan.savings_cap_cents ?? 0, paid);
  await db
    .updateTable('split_cart_plans')
    .set({ savings_cents: trip.savingsCents, spent_cents: trip.spentCents })
    .where('id', '=', planId)
    .execute();
  return trip;
}

/** The stores a finished trip bought at, each with the receipt matched there if any. */
async function readTripStores(db: Db, planId: string): Promise<Map<string, string | null>> {
  const plan = await db.selectFrom('split_cart_plans').select('bought_json').where('id', '=', planId).executeTakeFirst();
  const stores = new Map<string, string | null>(parseTripLines(plan?.bought_json ?? null).map((line) => [line.storeId, null]));
  const matched = await db.selectFrom('trip_receipts').select(['store_id', 'receipt_id']).where('plan_id', '=', planId).execute();
  for (const row of matched) stores.set(row.store_id, row.receipt_id);
  return stores;
}

/**
 * Just finished, or a store's receipt let go: the shopper's receipts saved for the trip's stores and days (not matched
 * to another trip, and not `exceptReceiptId`, one about to go) price it, the newest per store. Returns its figures.
 */
export async function matchTripReceipts(db: Db, userId: string, planId: string, exceptReceiptId?: string) {
  const plan = await db.selectFrom('split_cart_plans').select(['used_on', 'finished_at']).where('id', '=', planId).executeTakeFirst();
  if (!plan?.finished_at) return null;
  const stores = await readTripStores(db, planId);
  const open = [...stores.entries()].filter(([, receiptId]) => receiptId === null).map(([storeId]) => storeId);
  if (open.length === 0) return repriceTrip(db, planId);
  let query = db
    .selectFrom('receipts')
    .leftJoin('trip_receipts', 'trip_receipts.receipt_id', 'receipts.id')
    .select(['receipts.id', 'receipts.store_id', 'receipts.purchased_on'])
    .where('receipts.user_id', '=', userId)
    .where('receipts.store_id', 'in', open)
    .where('receipts.purchased_on', '>=', addDaysIso(plan.used_on, -1))
    .where('trip_receipts.plan_id', 'is', null);
  if (exceptReceiptId) query = query.where('receipts.id', '!=', exceptReceiptId);
  const receipts = await query.orderBy('receipts.created_at', 'desc').execute();
  for (const storeId of open) {
    const receipt = receipts.find(
      (r) => r.store_id === storeId && r.purchased_on && isOnTripDays(r.purchased_on, plan.used_on, plan.finished_at!),
    );
    if (receipt)
      await db
        .insertInto('trip_receipts')
        .values({ plan_id: planId, store_id: storeId, receipt_id: receipt.id, created_at: nowIso() })
        .execute();
  }
  return repriceTrip(db, planId);
}

/** Unmatches a receipt; returns the trip it priced, if any, repriced at planned prices for that store. */
async function unmatchReceipt(db: Db, receiptId: string): Promise<{ planId: string; userId: string } | null> {
  const match = await db
    .selectFrom('trip_receipts')
    .innerJoin('split_cart_plans', 'split_cart_plans.id', 'trip_receipts.plan_id')
    .select(['trip_receipts.plan_id', 'split_cart_plans.user_id'])
    .where('trip_receipts.receipt_id', '=', receiptId)
    .executeTakeFirst();
  if (!match) return null;
  await db.deleteFrom('trip_receipts').where('receipt_id', '=', receiptId).execute();
  await repriceTrip(db, match.plan_id);
  return { planId: match.plan_id, userId: match.user_id };
}

/**
 * A receipt is about to go: the trip it priced goes back to planned prices for that store, unless another of the
 * shopper's receipts from that store and those days is left to take its place.
 */
export async function releaseReceiptFromTrip(db: Db, receiptId: string): Promise<void> {
  const released = await unmatchReceipt(db, receiptId);
  if (released) await matchTripReceipts(db, released.userId, released.planId, receiptId);
}

/**
 * A receipt was saved or changed: it prices the shopper's finished trip that bought at its store on its days and
 * has no receipt there yet (the trip finished most recently, when several could take it). A trip it priced before
 * and no longer does takes another receipt of that store and those days, if one is left.
 */
export async function matchReceiptToTrip(db: Db, userId: string, receiptId: string): Promise<void> {
  const released = await unmatchReceipt(db, receiptId);
  await matchToOpenTrip(db, userId, receiptId);
  if (released) await matchTripReceipts(db, released.userId, released.planId);
}

async function matchToOpenTrip(db: Db, userId: string, receiptId: string): Promise<void> {
  const receipt = await db
    .selectFrom('receipts')
    .select(['store_id', 'purchased_on'])
    .where('id', '=', receiptId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!receipt?.store_id || !receipt.purchased_on) return;
  const plans = await db
    .selectFrom('split_cart_plans')
    .select(['id', 'used_on', 'finished_at', 'bought_json'])
    .where('user_id', '=', userId)
    .where('finished_at', 'is not', null)
    .where('used_on', '<=', addDaysIso(receipt.purchased_on, 1))
    .where('used_on', '>=', addDaysIso(receipt.purchased_on, -31))
    .orderBy('finished_at', 'desc')
    .execute();
  for (const plan of plans) {
    if (!plan.finished_at || !isOnTripDays(receipt.purchased_on, plan.used_on, plan.finished_at)) continue;
    if (!parseTripLines(plan.bought_json).some((line) => line.storeId === receipt.store_id)) continue;
    const taken = await db
      .selectFrom('trip_receipts')
      .select('receipt_id')
      .where('plan_id', '=', plan.id)
      .where('store_id', '=', receipt.store_id)
      .executeTakeFirst();
    if (taken) continue;
    await db
      .insertInto('trip_receipts')
      .values({ plan_id: plan.id, store_id: receipt.store_id, receipt_id: receiptId, created_at: nowIso() })
      .execute();
    await repriceTrip(db, plan.id);
    return;
  }
}
