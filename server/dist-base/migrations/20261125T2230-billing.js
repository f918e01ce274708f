// server/src/db/migrations/20261125T2230-billing.ts
async function up(db) {
  await db.schema.alterTable("profiles").addColumn("stripe_customer_id", "text").execute();
  await db.schema.alterTable("profiles").addColumn("stripe_subscription_id", "text").execute();
  await db.schema.alterTable("profiles").addColumn("billing_event_at", "text").execute();
  await db.schema.alterTable("profiles").addColumn("is_cancelling", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("profiles").addColumn("is_payment_failing", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("profiles_stripe_customer_id_idx").on("profiles").column("stripe_customer_id").execute();
  await db.schema.createTable("billing_events").addColumn("id", "text", (c) => c.primaryKey()).addColumn("type", "text", (c) => c.notNull()).addColumn("user_id", "text", (c) => c.references("profiles.id").onDelete("set null")).addColumn("received_at", "text", (c) => c.notNull()).execute();
  await db.schema.createTable("billing_reminders").addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade")).addColumn("kind", "text", (c) => c.notNull()).addColumn("trial_ends_at", "text", (c) => c.notNull()).addColumn("sent_at", "text", (c) => c.notNull()).addPrimaryKeyConstraint("billing_reminders_pk", ["user_id", "kind", "trial_ends_at"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2230-billing.js.map
