import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** The chains whose loyalty card the shopper holds: their club-only promotions price the shopper's plans. */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('user_loyalty_chains')
    .addColumn('user_id', 'text', (c) => c.notNull().references('profiles.id').onDelete('cascade'))
    .addColumn('chain_id', 'text', (c) => c.notNull().references('store_chains.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_loyalty_chains_pk', ['user_id', 'chain_id'])
    .execute();
}
