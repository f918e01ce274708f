// server/src/db/migrations/20261128T0856-api-token-scopes.ts
import { sql } from "kysely";
async function up(db) {
  await db.schema.alterTable("api_tokens").addColumn("scopes", "text", (c) => c.notNull().defaultTo("read,write")).execute();
  await db.schema.alterTable("api_tokens").addColumn("credential_stamp", "text").execute();
  await sql`update api_tokens set scopes = 'read,write,admin'
    where user_id in (select id from profiles where role = 'admin')`.execute(db);
}
export {
  up
};
//# sourceMappingURL=20261128T0856-api-token-scopes.js.map
