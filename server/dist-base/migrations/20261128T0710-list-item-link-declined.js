// server/src/db/migrations/20261128T0710-list-item-link-declined.ts
async function up(db) {
  await db.schema.alterTable("list_items").addColumn("link_declined", "integer", (c) => c.notNull().defaultTo(0)).execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0710-list-item-link-declined.js.map
