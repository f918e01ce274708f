import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { nowIso } from '../db/ids';

const USAGE = 'Usage: npm run admin -- promote <email>\n       npm run admin -- demote <email>';

export interface CliResult {
  exitCode: number;
  message: string;
}

/** `promote` / `demote` an account by email, in profiles.role (the one place roles live). */
export async function runAdminCommand(db: Kysely<Database>, args: string[]): Promise<CliResult> {
  const [command, rawEmail] = args;
  if ((command !== 'promote' && command !== 'demote') || !rawEmail) return { exitCode: 2, message: USAGE };
  const email = rawEmail.trim().toLowerCase();
  const profile = await db.selectFrom('profiles').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
  if (!profile) return { exitCode: 1, message: `No account with the email ${email}. Sign up in the app first, then run this again.` };

  const role = command === 'promote' ? 'admin' : 'user';
  if (profile.role === role)
    return { exitCode: 0, message: `${email} is already ${role === 'admin' ? 'an admin' : 'a regular user'}; nothing changed.` };
  if (role === 'user') {
    const admins = await db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) return { exitCode: 1, message: `${email} is the last admin; promote someone else first.` };
  }
  await db.updateTable('profiles').set({ role, updated_at: nowIso() }).where('id', '=', profile.id).execute();
  await db
    .insertInto('audit_log')
    .values({
      id: crypto.randomUUID(),
      actor_id: null,
      action: 'user.role_changed',
      target_type: 'user',
      target_id: profile.id,
      details: JSON.stringify({ email, from: profile.role, to: role, via: 'cli' }),
      created_at: nowIso(),
    })
    .execute();
  return {
    exitCode: 0,
    message:
      role === 'admin'
        ? `${email} is now an admin. They see the operator area at /admin after their next page load.`
        : `${email} is no longer an admin.`,
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle);
    const result = await runAdminCommand(handle.db, process.argv.slice(2));
    (result.exitCode === 0 ? console.log : console.error)(result.message);
    process.exitCode = result.exitCode;
  } catch (err) {
    console.error(`admin command failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
