// server/src/db/migrations/20261126T0210-product-search.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
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
export {
  up
};
//# sourceMappingURL=20261126T0210-product-search.js.map
