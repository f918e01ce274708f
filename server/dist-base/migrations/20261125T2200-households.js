// server/src/db/migrations/20261125T2200-households.ts
async function up(db) {
  await db.schema.createTable("households").addColumn("id", "text", (c) => c.primaryKey()).addColumn("name", "text", (c) => c.notNull()).addColumn("owner_id", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createTable("household_members").addColumn("household_id", "text", (c) => c.notNull().references("households.id").onDelete("cascade")).addColumn("user_id", "text", (c) => c.notNull()).addColumn("role", "text", (c) => c.notNull().defaultTo("member")).addColumn("joined_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("household_members_pk", ["household_id", "user_id"]).execute();
  await db.schema.createIndex("household_members_user_idx").on("household_members").column("user_id").execute();
  await db.schema.createTable("household_invites").addColumn("id", "text", (c) => c.primaryKey()).addColumn("household_id", "text", (c) => c.notNull().references("households.id").onDelete("cascade")).addColumn("code", "text", (c) => c.notNull().unique()).addColumn("created_by", "text", (c) => c.notNull()).addColumn("expires_at", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.alterTable("shopping_lists").addColumn("household_id", "text").execute();
  await db.schema.createIndex("shopping_lists_household_idx").on("shopping_lists").column("household_id").execute();
  await db.schema.alterTable("pantry_items").addColumn("household_id", "text").execute();
  await db.schema.createIndex("pantry_items_household_idx").on("pantry_items").column("household_id").execute();
  await db.schema.alterTable("receipts").addColumn("household_id", "text").execute();
  await db.schema.createIndex("receipts_household_idx").on("receipts").column("household_id").execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2200-households.js.map
