// server/src/db/migrations/20261128T0820-push-subscriptions.ts
async function up(db) {
  await db.schema.createTable("push_subscriptions").addColumn("id", "text", (c) => c.primaryKey()).addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade")).addColumn("endpoint", "text", (c) => c.notNull().unique()).addColumn("p256dh", "text", (c) => c.notNull()).addColumn("auth", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
  await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").column("user_id").execute();
  await db.schema.createTable("push_preferences").addColumn("user_id", "text", (c) => c.primaryKey().references("profiles.id").onDelete("cascade")).addColumn("list_changes", "integer", (c) => c.notNull().defaultTo(1)).addColumn("deal_alerts", "integer", (c) => c.notNull().defaultTo(1)).addColumn("trial_reminders", "integer", (c) => c.notNull().defaultTo(1)).addColumn("updated_at", "text", (c) => c.notNull()).execute();
  await db.schema.createTable("push_vapid_keys").addColumn("id", "text", (c) => c.primaryKey()).addColumn("public_key", "text", (c) => c.notNull()).addColumn("private_key", "text", (c) => c.notNull()).addColumn("created_at", "text", (c) => c.notNull()).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0820-push-subscriptions.js.map
