// server/src/db/migrations/20261128T0857-unique-stripe-customer.ts
import { sql } from "kysely";
async function up(db) {
  await sql`update profiles set stripe_customer_id = null where stripe_customer_id in (
    select stripe_customer_id from profiles where stripe_customer_id is not null
    group by stripe_customer_id having count(*) > 1)`.execute(db);
  await db.schema.createIndex("profiles_stripe_customer_unique").on("profiles").column("stripe_customer_id").unique().execute();
}
export {
  up
};
//# sourceMappingURL=20261128T0857-unique-stripe-customer.js.map
