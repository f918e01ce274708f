import { sql, type Kysely } from 'kysely';

type Db = Kysely<unknown>;

/**
 * Access tokens get scopes (`read`, `write`, `admin`, comma-separated) and a stamp of the password they were made
 * under, so a password change ends them. Tokens made before keep what they could do: read and write, and admin for
 * an operator's; their stamp is taken at their next use.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('api_tokens')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('read,write'))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('credential_stamp', 'text').execute();
  await sql`update api_tokens set scopes = 'read,write,admin'
    where user_id in (select id from profiles where role = 'admin')`.execute(db);
}
