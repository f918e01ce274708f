import { PostgresAdapter, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * PostgreSQL finds a plan's price per (product, store) pair with one LIMIT 1 descent each: regular prices before
 * deal prices, newest day first, latest recorded first. This index holds that order, so each pair reads one entry
 * and one row, however many observations it has. SQLite answers the same question with a grouped MAX over
 * price_observations_lookup_idx in-process, so it does not pay for a second index on every price write.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await db.schema
    .createIndex('price_observations_latest_idx')
    .on('price_observations')
    .columns(['product_id', 'store_id', 'is_deal', 'observed_on desc', 'created_at desc', 'id desc'])
    .execute();
}
