import type { Kysely } from 'kysely';
import type { Database, Profile } from '../../db/schema';

export type BillingProfile = Pick<
  Profile,
  | 'id'
  | 'email'
  | 'role'
  | 'trial_ends_at'
  | 'paid_until'
  | 'stripe_customer_id'
  | 'stripe_subscription_id'
  | 'is_cancelling'
  | 'is_payment_failing'
  | 'billing_event_at'
  | 'locale'
>;

const BILLING_COLUMNS = [
  'id',
  'email',
  'role',
  'trial_ends_at',
  'paid_until',
  'stripe_customer_id',
  'stripe_subscription_id',
  'is_cancelling',
  'is_payment_failing',
  'billing_event_at',
  'locale',
] as const;

export function findBillingProfile(db: Kysely<Database>, userId: string): Promise<BillingProfile | undefined> {
  return db.selectFrom('profiles').select(BILLING_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export function findBillingProfileByCustomer(db: Kysely<Database>, customerId: string): Promise<BillingProfile | undefined> {
  return db.selectFrom('profiles').select(BILLING_COLUMNS).where('stripe_customer_id', '=', customerId).executeTakeFirst();
}

/** Records a webhook event id; false when it was already recorded (a replay or a second delivery). */
export async function recordBillingEvent(
  db: Kysely<Database>,
  event: { id: string; type: string; userId: string | null; receivedAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('billing_events')
    .values({ id: event.id, type: event.type, user_id: event.userId, received_at: event.receivedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}
