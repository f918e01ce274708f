import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** Spend by category looks up the deals of each receipt line's product: an index lookup, not a scan of every deal. */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('deals_product_idx').on('deals').columns(['product_id', 'status']).execute();
}
