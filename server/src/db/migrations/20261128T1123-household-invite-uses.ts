import type { Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Invite codes get a use budget (`max_uses`, single-use unless the inviter asks for more) and a count of joins made
 * with them; codes made before this were reusable and become single-use. A membership remembers the invite that
 * admitted it, so removing the member revokes that code too.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('household_invites')
    .addColumn('max_uses', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('household_invites')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('household_invites_household_idx').on('household_invites').column('household_id').execute();
  await db.schema.alterTable('household_members').addColumn('invite_id', 'text').execute();
}
