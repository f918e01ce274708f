import crypto from 'node:crypto';
import type { App, Deps } from '../app-types';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

let counter = 0;
export const VERIFICATION_SUBJECT = 'Confirm your email address for Cartwise';

/**
 * Signs a new shopper up through the real API and returns their session cookie. The address counts as verified
 * (as if the emailed link were opened) unless `isEmailVerified` is false.
 */
export async function createUser(
  app: App,
  options: { role?: 'user' | 'admin'; email?: string; name?: string; isEmailVerified?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const email = options.email ?? `shopper${counter}-${crypto.randomBytes(3).toString('hex')}@example.test`;
  const password = 'correct-horse-battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { email, password, name: options.name ?? `Shopper ${counter}` },
  });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  const cookie = toCookieHeader(response.headers['set-cookie']);
  const profile = await app.db.selectFrom('profiles').select('id').where('email', '=', email.toLowerCase()).executeTakeFirstOrThrow();
  if (options.isEmailVerified !== false) {
    await markEmailVerified(app, profile.id);
    // The verification mail counts as opened: tests that count a shopper's mail see only what came after.
    await app.db
      .deleteFrom('outbox_messages')
      .where('recipient', '=', email.toLowerCase())
      .where('subject', '=', VERIFICATION_SUBJECT)
      .execute();
  }
  if (options.role === 'admin') {
    await app.db.updateTable('profiles').set({ role: 'admin' }).where('id', '=', profile.id).execute();
  }
  return { id: profile.id, email, password, cookie };
}

export function createAdmin(app: App): Promise<TestUser> {
  return createUser(app, { role: 'admin' });
}

export function toCookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export function asUser(user: TestUser): { cookie: string } {
  return { cookie: user.cookie };
}

/** What opening the emailed verification link does to better-auth's user row (a boolean column on PostgreSQL, 0/1 on SQLite). */
export async function markEmailVerified(app: Deps<'database' | 'db'>, userId: string): Promise<void> {
  await app.db
    .updateTable('user')
    .set({ emailVerified: app.database.kind === 'postgres' ? true : 1 })
    .where('id', '=', userId)
    .execute();
}
