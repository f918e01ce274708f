import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * A store read or typed on a private receipt that matches no known store is the shopper's own until an operator
 * approves it or enough shoppers save receipts at it (store_confirmations); only then do others see it. Stores already
 * known stay public. `phone` lets a read receipt match a store by the number printed on it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('store_locations')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('store_locations').addColumn('phone', 'text').execute();
  await db.schema
    .createTable('store_confirmations')
    .addColumn('store_id', 'text', (c) => c.notNull().references('store_locations.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_confirmations_pk', ['store_id', 'user_id'])
    .execute();
}
