import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Delivery and distance. A store may have a place (lat/lon), be online (it delivers: its delivery fee is its trip
 * cost) and ask a minimum order, below which a plan never uses it. A shopper may set a home point, a radius that
 * picks their candidate stores, and a trip cost per km from home to each store.
 */
export async function up(db: Db): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  const storeColumns: [string, 'double precision' | 'integer'][] = [
    ['lat', 'double precision'],
    ['lon', 'double precision'],
    ['delivery_fee_cents', 'integer'],
    ['min_order_cents', 'integer'],
  ];
  for (const [name, type] of storeColumns) await db.schema.alterTable('store_locations').addColumn(name, type).execute();
  await db.schema
    .alterTable('store_locations')
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const profileColumns: [string, 'double precision' | 'integer'][] = [
    ['home_lat', 'double precision'],
    ['home_lon', 'double precision'],
    ['store_radius_km', 'double precision'],
    ['trip_cost_per_km_cents', 'integer'],
  ];
  for (const [name, type] of profileColumns) await db.schema.alterTable('profiles').addColumn(name, type).execute();
}
