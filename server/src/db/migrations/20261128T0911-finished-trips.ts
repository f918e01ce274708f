import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Finished trips. Starting a plan counts nothing: the plan keeps its lines (each list item's planned store and
 * price, and its price at the plan's best single store), that store's trip cost and the plan's saving against
 * it, and finishing the trip records what the ticked items cost, how many there were and the saving they prove.
 * Plans used before this change have no lines and count nothing until finished.
 */
export async function up(db: Db): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  const columns: [string, 'text' | 'integer'][] = [
    ['lines_json', 'text'],
    ['best_single_trip_cents', 'integer'],
    ['savings_cap_cents', 'integer'],
    ['finished_at', 'text'],
    ['spent_cents', 'integer'],
    ['bought_count', 'integer'],
  ];
  for (const [name, type] of columns) await db.schema.alterTable('split_cart_plans').addColumn(name, type).execute();
}
