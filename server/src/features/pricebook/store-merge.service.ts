import type { TStoreMergeSummary } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { badRequest, notFound } from '../../http/errors';

/**
 * Merges one store location into another, in one transaction: receipts (and the name they show, where it was the
 * old store's), price observations, deals and shoppers' home-store picks move to `intoId`, then the old location is
 * deleted. Nothing is lost, unlike deleting a store, which drops its prices. Used for duplicates such as a misread
 * receipt header saved as a store of its own.
 */
export async function mergeStore(app: Deps<'db' | 'log'>, actorId: string, fromId: string, intoId: string): Promise<TStoreMergeSummary> {
  if (fromId === intoId) throw badRequest('A store cannot be merged into itself');
  const summary = await app.db.transaction().execute(async (trx) => {
    const stores = await trx
      .selectFrom('store_locations')
      .select(['id', 'name', 'chain_id', 'seller_id'])
      .where('id', 'in', [fromId, intoId])
      .execute();
    const from = stores.find((store) => store.id === fromId);
    const into = stores.find((store) => store.id === intoId);
    if (!from) throw notFound('Store');
    if (!into) throw badRequest('The store to merge into does not exist');

    const renamed = await trx
      .updateTable('receipts')
      .set({ store_id: intoId, store_name: into.name })
      .where('store_id', '=', fromId)
      .where((eb) => eb(eb.fn('lower', ['store_name']), '=', from.name.toLowerCase()))
      .executeTakeFirst();
    // A receipt whose shopper typed another name keeps it; it still joins the store's history.
    const relinked = await trx.updateTable('receipts').set({ store_id: intoId }).where('store_id', '=', fromId).executeTakeFirst();
    const prices = await trx.updateTable('price_observations').set({ store_id: intoId }).where('store_id', '=', fromId).executeTakeFirst();
    const deals = await trx.updateTable('deals').set({ store_id: intoId }).where('store_id', '=', fromId).executeTakeFirst();

    const pickers = await trx.selectFrom('user_home_stores').select('user_id').where('store_id', '=', fromId).execute();
    if (pickers.length > 0) {
      await trx
        .insertInto('user_home_stores')
        .values(pickers.map((row) => ({ user_id: row.user_id, store_id: intoId })))
        .onConflict((oc) => oc.columns(['user_id', 'store_id']).doNothing())
        .execute();
    }
    await trx.deleteFrom('user_home_stores').where('store_id', '=', fromId).execute();
    await trx.deleteFrom('store_locations').where('id', '=', fromId).execute();
    // The seller number the duplicate was read with now leads to the store it joined.
    if (from.seller_id && !into.seller_id)
      await trx.updateTable('store_locations').set({ seller_id: from.seller_id }).where('id', '=', intoId).execute();

    // A chain made for the duplicate alone (from its misread name) goes too; its remembered item names move along.
    const oldChainId = from.chain_id;
    if (oldChainId && oldChainId !== into.chain_id) {
      const remaining = await trx.selectFrom('store_locations').select('id').where('chain_id', '=', oldChainId).executeTakeFirst();
      if (!remaining) {
        await trx.updateTable('product_aliases').set({ chain_id: into.chain_id }).where('chain_id', '=', oldChainId).execute();
        await trx.deleteFrom('store_chains').where('id', '=', oldChainId).execute();
      }
    }

    const result: TStoreMergeSummary = {
      intoId,
      receipts: Number(renamed.numUpdatedRows) + Number(relinked.numUpdatedRows),
      prices: Number(prices.numUpdatedRows),
      deals: Number(deals.numUpdatedRows),
      homeStores: pickers.length,
    };
    await trx
      .insertInto('audit_log')
      .values({
        id: createId(),
        actor_id: actorId,
        action: 'store.merge',
        target_type: 'store',
        target_id: intoId,
        details: JSON.stringify({ fromId, fromName: from.name, intoName: into.name, ...result }),
        created_at: nowIso(),
      })
      .execute();
    return result;
  });
  app.log.info({ fromId, ...summary }, 'store merged');
  return summary;
}
