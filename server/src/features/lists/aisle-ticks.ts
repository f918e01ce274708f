import { z } from 'zod';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import type { ListItemView, ShoppingListRow } from './lists.repo';

const ZPlannedStores = z.array(z.object({ storeId: z.string() }).passthrough());

/** Whose aisle order a tick teaches: the household's when the list is shared, else its shopper's. */
export function toWalkerId(list: Pick<ShoppingListRow, 'household_id' | 'user_id'>): string {
  return list.household_id ?? list.user_id;
}

/**
 * A tick "at" a store: the store must be one of the trip's (the list's newest unfinished plan), or, with no trip
 * under way, a store Cartwise knows. Answers the trip the tick belongs to.
 */
export async function checkTickStore(app: Deps<'db'>, listId: string, storeId: string): Promise<{ tripKey: string }> {
  const plan = await app.db
    .selectFrom('split_cart_plans')
    .select(['id', 'lines_json'])
    .where('list_id', '=', listId)
    .where('finished_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (plan?.lines_json) {
    const stores = new Set(ZPlannedStores.parse(JSON.parse(plan.lines_json)).map((line) => line.storeId));
    if (!stores.has(storeId)) throw new HttpError(422, 'store_not_in_plan', 'That store is not one of this trip’s stores.');
    return { tripKey: plan.id };
  }
  const store = await app.db.selectFrom('store_locations').select('id').where('id', '=', storeId).executeTakeFirst();
  if (!store) throw notFound('Store');
  return { tripKey: `${listId}:${nowIso().slice(0, 10)}` };
}

/** Remembers where in the walk a product was ticked; an item linked to no product teaches nothing. */
export async function recordAisleTick(
  app: Deps<'db'>,
  list: ShoppingListRow,
  item: ListItemView,
  storeId: string,
  tripKey: string,
): Promise<void> {
  if (!item.product_id) return;
  const product = await app.db.selectFrom('products').select('category').where('id', '=', item.product_id).executeTakeFirst();
  await app.db
    .insertInto('aisle_ticks')
    .values({
      id: createId(),
      walker_id: toWalkerId(list),
      store_id: storeId,
      product_id: item.product_id,
      category: item.category || product?.category || null,
      trip_key: tripKey,
      ticked_at: nowIso(),
    })
    .execute();
}
