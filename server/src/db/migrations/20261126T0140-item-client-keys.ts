import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * A key the browser makes for each item it adds: an add replayed after its answer was lost carries the same key, and
 * the server hands back the item it already made instead of adding it twice. Unique per list (per owner for the
 * pantry); items added without a key leave it null, which unique indexes do not compare.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('list_items').addColumn('client_key', 'text').execute();
  await db.schema.createIndex('list_items_client_key_idx').unique().on('list_items').columns(['list_id', 'client_key']).execute();
  await db.schema.alterTable('pantry_items').addColumn('client_key', 'text').execute();
  await db.schema.createIndex('pantry_items_client_key_idx').unique().on('pantry_items').columns(['user_id', 'client_key']).execute();
}
