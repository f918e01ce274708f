// server/src/db/migrations/20261125T2241-created-at-indexes.ts
async function up(db) {
  await db.schema.createIndex("profiles_created_idx").on("profiles").column("created_at").execute();
  await db.schema.createIndex("receipts_created_idx").on("receipts").column("created_at").execute();
}
export {
  up
};
//# sourceMappingURL=20261125T2241-created-at-indexes.js.map
