// Bearer tokens as a way to sign in: their hash, their owner, and the password stamp that ends them. Making, listing
// and revoking tokens is the api-tokens feature's.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ZApiTokenScope, type TApiTokenScope } from '@cartwise/contracts';
import type { Database } from '../db/schema';
import { nowIso } from '../db/ids';

export function hashAccessToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * What a token is tied to: the account's password as it was when the token was made. Any way the password changes
 * (change, reset, a first password) changes the stamp, and the token stops working.
 */
function stampCredential(passwordHash: string | null): string {
  return passwordHash ? crypto.createHash('sha256').update(passwordHash).digest('hex') : 'none';
}

export async function readCredentialStamp(db: Kysely<Database>, userId: string): Promise<string> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return stampCredential(row?.password ?? null);
}

export function parseScopes(text: string): TApiTokenScope[] {
  return text.split(',').flatMap((part) => {
    const scope = ZApiTokenScope.safeParse(part.trim());
    return scope.success ? [scope.data] : [];
  });
}

export interface AccessTokenOwner {
  tokenId: string;
  scopes: TApiTokenScope[];
  userId: string;
  email: string;
  role: string;
  /** Suspended by an operator: the token is refused until the account is reinstated. */
  isSuspended: boolean;
}

/** The owner of the token with this hash, or undefined for an unknown or revoked token, or one the password outlived. */
export async function findAccessTokenOwner(db: Kysely<Database>, tokenHash: string): Promise<AccessTokenOwner | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .innerJoin('profiles', 'profiles.id', 'api_tokens.user_id')
    .select([
      'api_tokens.id as tokenId',
      'profiles.id as userId',
      'profiles.email',
      'profiles.role',
      'profiles.suspended_at',
      'api_tokens.last_used_at',
      'api_tokens.scopes',
      'api_tokens.credential_stamp',
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const stamp = await readCredentialStamp(db, row.userId);
  if (row.credential_stamp === null) {
    // Made before stamps: tied to the password it is first used under.
    await db.updateTable('api_tokens').set({ credential_stamp: stamp }).where('id', '=', row.tokenId).execute();
  } else if (row.credential_stamp !== stamp) {
    await db.deleteFrom('api_tokens').where('id', '=', row.tokenId).execute();
    return undefined;
  }
  // Written at most once a minute per token: the caller resolves a token once per cache period anyway.
  const now = nowIso();
  if (row.last_used_at === null || Date.parse(row.last_used_at) < Date.now() - 60_000) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.tokenId).execute();
  }
  return {
    tokenId: row.tokenId,
    scopes: parseScopes(row.scopes),
    userId: row.userId,
    email: row.email,
    role: row.role,
    isSuspended: row.suspended_at !== null,
  };
}
