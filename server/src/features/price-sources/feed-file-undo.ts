// Takes back what a file wrote before it failed part-way (a database error in its write pass), so nothing of the
// file stays: its new price rows (the summaries follow through their triggers), the promotions it created, and the
// terms and products of the promotions it replaced. Each step is a short statement of its own, like the writes.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/ids';
import type { Database } from '../../db/schema';
import { insertRows, IN_SLICE } from './bulk-rows';
import { readPromotionSignature, type FileChanges } from './feed-writer';

const DELETE_SLICE = 2000;

export interface FileWrites {
  source: string;
  /** When the file's first chunk was written: its price rows were created at or after it. */
  since: string;
  storeIds: readonly string[];
  changes: FileChanges;
}

/** Deletes the price rows of `source` created since `since` at each store, a slice per statement. */
async function deletePriceRows(db: Kysely<Database>, input: FileWrites): Promise<void> {
  for (const storeId of input.storeIds) {
    for (;;) {
      const result = await db
        .deleteFrom('price_observations')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('price_observations')
            .select('id')
            .where('store_id', '=', storeId)
            .where('source', '=', input.source)
            .where('created_at', '>=', input.since)
            .limit(DELETE_SLICE),
        )
        .executeTakeFirst();
      await yieldToEventLoop();
      if (Number(result.numDeletedRows) < DELETE_SLICE) break;
    }
  }
}

async function deletePromotions(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += IN_SLICE) {
    const slice = ids.slice(start, start + IN_SLICE);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('promotion_products').where('promotion_id', 'in', slice).execute();
      await trx.deleteFrom('promotions').where('id', 'in', slice).execute();
    });
    await yieldToEventLoop();
  }
}

async function restorePromotions(db: Kysely<Database>, replaced: ReadonlyMap<string, string>): Promise<void> {
  for (const [id, signature] of replaced) {
    const { values, productIds } = readPromotionSignature(signature);
    await db.transaction().execute(async (trx) => {
      const restored = await trx
        .updateTable('promotions')
        .set({ ...values, updated_at: nowIso() })
        .where('id', '=', id)
        .returning('store_id')
        .executeTakeFirst();
      await trx.deleteFrom('promotion_products').where('promotion_id', '=', id).execute();
      if (!restored) return;
      await insertRows(
        trx,
        'promotion_products',
        ['promotion_id', 'product_id', 'store_id'],
        productIds.map((productId) => [id, productId, restored.store_id]),
      );
    });
  }
}

export async function undoFileWrites(db: Kysely<Database>, input: FileWrites): Promise<void> {
  await deletePriceRows(db, input);
  await deletePromotions(db, [...input.changes.createdPromotionIds]);
  await restorePromotions(db, input.changes.replacedPromotions);
}
