import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * One Stripe customer belongs to one account: the billing webhook finds the account by it. A customer id two
 * accounts share cannot say whose it is, so both lose it (the next checkout links it again).
 */
export async function up(db: Db): Promise<void> {
  await sql`update profiles set stripe_customer_id = null where stripe_customer_id in (
    select stripe_customer_id from profiles where stripe_customer_id is not null
    group by stripe_customer_id having count(*) > 1)`.execute(db);
  await db.schema.createIndex('profiles_stripe_customer_unique').on('profiles').column('stripe_customer_id').unique().execute();
}
