import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/** The operator analytics count sign-ups and receipts per week of the last twelve: a range on created_at. */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('profiles_created_idx').on('profiles').column('created_at').execute();
  await db.schema.createIndex('receipts_created_idx').on('receipts').column('created_at').execute();
}
