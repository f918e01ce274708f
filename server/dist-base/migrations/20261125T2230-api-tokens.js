// server/src/db/migrations/20261125T2230-api-tokens.ts
async function up(db) {
  await db.schema.createTable("api_tokens").addColumn("id", "text", (c) => c.primaryKey()).addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade")).addColumn("name", "text", (c) => c.notNull()).addColumn("token_hash", "text", (c) => c.notNull().unique()).addColumn("token_prefix", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addColumn("last_used_at", "text").execute();
  await db.schema.createIndex("api_tokens_user_id_idx").on("api_tokens").column("user_id").execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2230-api-tokens.js.map
