import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * A word index over product names and brands, so matching a free-text item ("bananas") fetches a few candidates
 * instead of reading the whole catalogue into the fuzzy matcher.
 *
 * SQLite: an FTS5 table (product_search) with prefix indexes, kept by triggers on products and filled from the
 * catalogue. It stores the product id rather than sharing the products rowid, which VACUUM may renumber.
 *
 * PostgreSQL: a pg_trgm GIN index on the lower-cased name and brand, which answers the search's LIKE patterns. A
 * server without the extension (or without the right to create it) still works: the same query scans the products
 * table, so the migration carries on rather than failing.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      DO $$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm;
        CREATE INDEX products_search_trgm_idx ON products USING gin ((lower(name || ' ' || coalesce(brand, ''))) gin_trgm_ops);
      EXCEPTION WHEN others THEN
        RAISE NOTICE 'pg_trgm is not available (%): product search scans the catalogue', SQLERRM;
      END $$
    `.execute(db);
    return;
  }
  await sql`
    CREATE VIRTUAL TABLE product_search USING fts5(
      product_id UNINDEXED, name, brand, tokenize = 'unicode61 remove_diacritics 2', prefix = '3 4'
    )
  `.execute(db);
  await sql`
    CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
      INSERT INTO product_search (product_id, name, brand) VALUES (new.id, new.name, coalesce(new.brand, ''));
    END
  `.execute(db);
  await sql`
    CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
      DELETE FROM product_search WHERE product_id = old.id;
    END
  `.execute(db);
  await sql`
    CREATE TRIGGER product_search_update AFTER UPDATE OF id, name, brand ON products BEGIN
      DELETE FROM product_search WHERE product_id = old.id;
      INSERT INTO product_search (product_id, name, brand) VALUES (new.id, new.name, coalesce(new.brand, ''));
    END
  `.execute(db);
  await sql`INSERT INTO product_search (product_id, name, brand) SELECT id, name, coalesce(brand, '') FROM products`.execute(db);
}
