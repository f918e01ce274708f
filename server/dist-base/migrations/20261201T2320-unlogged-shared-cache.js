// server/src/db/migrations/20261201T2320-unlogged-shared-cache.ts
import { PostgresAdapter, sql } from "kysely";
async function up(db) {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`ALTER TABLE shared_cache SET UNLOGGED`.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261201T2320-unlogged-shared-cache.js.map
