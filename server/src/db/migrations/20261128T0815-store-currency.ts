import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * The ISO 4217 currency a store prices in. A plan compares only stores in the shopper's currency, never adding
 * shekels to dollars; null (a store from a receipt or an import that did not say) is taken to be in any currency.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('store_locations').addColumn('currency', 'text').execute();
}
