import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * An operator can suspend an account: it is signed out, refused at sign-in and its access tokens stop working until
 * reinstated. The operator's user list filters and sorts by last seen and by role at 10,000 accounts: indexes.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('profiles').addColumn('suspended_reason', 'text').execute();
  await db.schema.createIndex('profiles_last_seen_idx').on('profiles').column('last_seen_at').execute();
  await db.schema.createIndex('profiles_role_idx').on('profiles').columns(['role', 'created_at']).execute();
  // An account's page lists what operators did to it.
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id', 'created_at']).execute();
}
