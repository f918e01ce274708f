// server/src/db/migrations/20261128T0915-user-loyalty-chains.ts
async function up(db) {
  await db.schema.createTable("user_loyalty_chains").addColumn("user_id", "text", (c) => c.notNull().references("profiles.id").onDelete("cascade")).addColumn("chain_id", "text", (c) => c.notNull().references("store_chains.id").onDelete("cascade")).addPrimaryKeyConstraint("user_loyalty_chains_pk", ["user_id", "chain_id"]).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0915-user-loyalty-chains.js.map
