import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TApiToken, TApiTokenScope } from '@cartwise/contracts';
import type { Database } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';
import { hashAccessToken, parseScopes, readCredentialStamp } from '../../auth/access-tokens';

const TOKEN_PREFIX = 'cw_';

/** A new token: `cw_` and 32 random bytes (base64url). Only its hash is stored. */
export function generateAccessToken(): string {
  return TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
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
