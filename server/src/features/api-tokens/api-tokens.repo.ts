import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ZApiTokenScope, type TApiToken, type TApiTokenScope } from '@cartwise/contracts';
import type { Database } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';

const TOKEN_PREFIX = 'cw_';

/** A new token: `cw_` and 32 random bytes (base64url). Only its hash is stored. */
export function generateAccessToken(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
}

export function hashAccessToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * What a token is tied to: the account's password as it was when the token was made. Any way the password changes
 * (change, reset, a first password) changes the stamp, and the token stops working.
 */
export function stampCredential(passwordHash: string | null): string {
  return passwordHash ? crypto.createHash('sha256').update(passwordHash).digest('hex') : 'none';
}

async function readCredentialStamp(db: Kysely<Database>, userId: string): Promise<string> {
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

interface TokenRow {
  id: string;
  name: string;
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  scopes: string;
}

function toApiToken(row: TokenRow): TApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.token_prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    scopes: parseScopes(row.scopes),
  };
}

export async function listAccessTokens(db: Kysely<Database>, userId: string): Promise<TApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'token_prefix', 'created_at', 'last_used_at', 'scopes'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map(toApiToken);
}

export async function countAccessTokens(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_tokens')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAccessToken(
  db: Kysely<Database>,
  userId: string,
  name: string,
  scopes: readonly TApiTokenScope[],
): Promise<{ token: TApiToken; secret: string }> {
  const secret = generateAccessToken();
  const row = {
    id: createId(),
    user_id: userId,
    name,
    token_hash: hashAccessToken(secret),
    token_prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
    created_at: nowIso(),
    last_used_at: null,
    scopes: [...new Set(scopes)].join(','),
    credential_stamp: await readCredentialStamp(db, userId),
  };
  await db.insertInto('api_tokens').values(row).execute();
  return { token: toApiToken(row), secret };
}

/** Deletes one of the user's tokens; false when the user has no token with this id. */
export async function deleteAccessToken(db: Kysely<Database>, userId: string, tokenId: string): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Ends every token of the user ("sign out everywhere"); the caller announces the change. */
export async function deleteAllAccessTokens(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute();
}
