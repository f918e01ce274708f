// server/src/db/migrations/20261128T0705-account-suspension.ts
async function up(db) {
  await db.schema.alterTable("profiles").addColumn("suspended_at", "text").execute();
  await db.schema.alterTable("profiles").addColumn("suspended_reason", "text").execute();
  await db.schema.createIndex("profiles_last_seen_idx").on("profiles").column("last_seen_at").execute();
  await db.schema.createIndex("profiles_role_idx").on("profiles").columns(["role", "created_at"]).execute();
  await db.schema.createIndex("audit_log_target_idx").on("audit_log").columns(["target_type", "target_id", "created_at"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0705-account-suspension.js.map
