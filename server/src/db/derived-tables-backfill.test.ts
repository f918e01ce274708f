import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { findMatchCandidateIds } from '../features/products';
import { registerTestApp } from '../test/test-app';
import { createId, nowIso } from './ids';
import { migrateToLatest } from './migrate';

// The price summary and product search migrations fill their tables from the data already there, as on an
// existing install: this undoes both migrations, writes rows the triggers do not see, and migrates again.
const t = registerTestApp();
const MIGRATIONS = ['20261126T0200-price-summaries', '20261126T0210-product-search'];

async function undoMigrations(): Promise<void> {
  const db = t.app.db;
  if (t.app.database.kind === 'postgres') {
    for (const fn of ['price_summaries_maintain', 'price_summaries_add_rows', 'price_summaries_remove_rows'])
      await sql`DROP FUNCTION ${sql.id(fn)}() CASCADE`.execute(db);
    await sql`DROP INDEX IF EXISTS products_search_trgm_idx`.execute(db);
  } else {
    for (const trigger of ['price_summaries_insert', 'price_summaries_delete', 'price_summaries_update'])
      await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
    for (const trigger of ['product_search_insert', 'product_search_delete', 'product_search_update'])
      await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
    await sql`DROP TABLE product_search`.execute(db);
  }
  await sql`DROP TABLE price_summaries`.execute(db);
  await sql`DELETE FROM kysely_migration WHERE name IN (${sql.join(MIGRATIONS)})`.execute(db);
}

describe('backfilling the derived tables', () => {
  it('summarises existing observations and indexes existing products', async () => {
    await undoMigrations();
    const db = t.app.db;
    const productId = createId();
    const storeId = createId();
    await db
      .insertInto('products')
      .values({
        id: productId,
        name: 'Backfill Basmati Rice',
        brand: null,
        category: null,
        size_value: null,
        size_unit: null,
        created_at: nowIso(),
      })
      .execute();
    await db
      .insertInto('store_locations')
      .values({ id: storeId, chain_id: null, name: 'Backfill Store', created_by: null, created_at: nowIso() })
      .execute();
    for (const observedOn of ['2026-01-01', '2026-03-05', '2026-02-01']) {
      await db
        .insertInto('price_observations')
        .values({
          id: createId(),
          product_id: productId,
          store_id: storeId,
          observed_on: observedOn,
          unit_price_cents: 300,
          size_value: null,
          size_unit: null,
          source: 'import',
          source_id: null,
          user_id: null,
          created_at: nowIso(),
        })
        .execute();
    }

    expect(await migrateToLatest(t.app.database, { allowUnorderedMigrations: true })).toEqual(MIGRATIONS);

    const summary = await db.selectFrom('price_summaries').selectAll().execute();
    expect(summary.map((row) => ({ ...row, observation_count: Number(row.observation_count) }))).toEqual([
      { store_id: storeId, product_id: productId, observation_count: 3, latest_observed_on: '2026-03-05' },
    ]);
    expect(await findMatchCandidateIds(db, 'basmati')).toEqual([productId]);
  });
});
