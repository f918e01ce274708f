// server/src/db/migrations/20261128T1123-household-invite-uses.ts
async function up(db) {
  await db.schema.alterTable("household_invites").addColumn("max_uses", "integer", (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable("household_invites").addColumn("uses", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex("household_invites_household_idx").on("household_invites").column("household_id").execute();
  await db.schema.alterTable("household_members").addColumn("invite_id", "text").execute();
}
export {
  up
};
//# sourceMappingURL=20261128T1123-household-invite-uses.js.map
