import { listSearchWords, type ShopperSignal, addDaysIso, toIsoDay } from '@cartwise/contracts';
import { toContainsPattern, type Db } from './deals.repo';

/** How far back purchases count as "what they buy". */
export const RECENT_PURCHASE_DAYS = 90;
const MAX_SIGNALS_PER_USER = 3000;

export interface UserSignal extends ShopperSignal {
  userId: string;
}

function purchaseCutoff(now: Date): { date: string; iso: string } {
  const date = addDaysIso(toIsoDay(now), -RECENT_PURCHASE_DAYS);
  return { date, iso: `${date}T00:00:00.000Z` };
}

/** What one shopper bought recently, has on open lists and keeps in the pantry. */
export async function listUserSignals(db: Db, userId: string, now = new Date()): Promise<ShopperSignal[]> {
  const cutoff = purchaseCutoff(now);
  const [bought, listed, kept] = await Promise.all([
    db
      .selectFrom('receipt_items as ri')
      .innerJoin('receipts as r', 'r.id', 'ri.receipt_id')
      .select(['ri.name', 'ri.product_id'])
      .where('r.user_id', '=', userId)
      .where((eb) =>
        eb.or([eb('r.purchased_on', '>=', cutoff.date), eb.and([eb('r.purchased_on', 'is', null), eb('r.created_at', '>=', cutoff.iso)])]),
      )
      .orderBy('r.created_at', 'desc')
      .limit(MAX_SIGNALS_PER_USER)
      .execute(),
    db
      .selectFrom('list_items as li')
      .innerJoin('shopping_lists as l', 'l.id', 'li.list_id')
      .select(['li.name', 'li.product_id'])
      .where('l.user_id', '=', userId)
      .where('li.is_checked', '=', 0)
      .limit(MAX_SIGNALS_PER_USER)
      .execute(),
    db.selectFrom('pantry_items').select(['name', 'product_id']).where('user_id', '=', userId).limit(MAX_SIGNALS_PER_USER).execute(),
  ]);
  return [
    ...bought.map((r) => ({ source: 'receipt' as const, name: r.name, productId: r.product_id })),
    ...listed.map((r) => ({ source: 'list' as const, name: r.name, productId: r.product_id })),
    ...kept.map((r) => ({ source: 'pantry' as const, name: r.name, productId: r.product_id })),
  ];
}

/**
 * Every shopper's rows that could match a deal, narrowed in SQL by product id or a word stem of the title;
 * the exact fuzzy scoring then happens in matchDealToSignals.
 */
export async function listCandidateSignals(
  db: Db,
  deal: { title: string; productId: string | null },
  now = new Date(),
): Promise<UserSignal[]> {
  const words = listSearchWords(deal.title).map(toContainsPattern);
  if (words.length === 0 && !deal.productId) return [];
  const cutoff = purchaseCutoff(now);
  const bought = await db
    .selectFrom('receipt_items as ri')
    .innerJoin('receipts as r', 'r.id', 'ri.receipt_id')
    .select(['r.user_id', 'ri.name', 'ri.product_id'])
    .where((eb) =>
      eb.or([eb('r.purchased_on', '>=', cutoff.date), eb.and([eb('r.purchased_on', 'is', null), eb('r.created_at', '>=', cutoff.iso)])]),
    )
    .where((eb) =>
      eb.or([
        ...(deal.productId ? [eb('ri.product_id', '=', deal.productId)] : []),
        ...words.map((w) => eb(eb.fn('lower', ['ri.name']), 'like', w)),
      ]),
    )
    .execute();
  const listed = await db
    .selectFrom('list_items as li')
    .innerJoin('shopping_lists as l', 'l.id', 'li.list_id')
    .select(['l.user_id', 'li.name', 'li.product_id'])
    .where('li.is_checked', '=', 0)
    .where((eb) =>
      eb.or([
        ...(deal.productId ? [eb('li.product_id', '=', deal.productId)] : []),
        ...words.map((w) => eb(eb.fn('lower', ['li.name']), 'like', w)),
      ]),
    )
    .execute();
  const kept = await db
    .selectFrom('pantry_items as p')
    .select(['p.user_id', 'p.name', 'p.product_id'])
    .where((eb) =>
      eb.or([
        ...(deal.productId ? [eb('p.product_id', '=', deal.productId)] : []),
        ...words.map((w) => eb(eb.fn('lower', ['p.name']), 'like', w)),
      ]),
    )
    .execute();
  return [
    ...bought.map((r) => ({ userId: r.user_id, source: 'receipt' as const, name: r.name, productId: r.product_id })),
    ...listed.map((r) => ({ userId: r.user_id, source: 'list' as const, name: r.name, productId: r.product_id })),
    ...kept.map((r) => ({ userId: r.user_id, source: 'pantry' as const, name: r.name, productId: r.product_id })),
  ];
}
