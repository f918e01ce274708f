import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TApiToken } from '@cartwise/contracts';
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

export interface AccessTokenOwner {
  tokenId: string;
  userId: string;
  email: string;
  role: string;
  /** Suspended by an operator: the token is refused until the account is reinstated. */
  isSuspended: boolean;
}

/** The owner of the token with this hash, or undefined for an unknown or revoked token. */
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
    ])
    .where('api_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  // Written at most once a minute per token: the caller resolves a token once per cache period anyway.
  const now = nowIso();
  if (row.last_used_at === null || Date.parse(row.last_used_at) < Date.now() - 60_000) {
    await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.tokenId).execute();
  }
  return { tokenId: row.tokenId, userId: row.userId, email: row.email, role: row.role, isSuspended: row.suspended_at !== null };
}

type TokenRow = Pick<Database['api_tokens'], 'id' | 'name' | 'token_prefix' | 'created_at' | 'last_used_at'>;

function toApiToken(row: TokenRow): TApiToken {
  return { id: row.id, name: row.name, prefix: row.token_prefix, created_at: row.created_at, last_used_at: row.last_used_at };
}

export async function listAccessTokens(db: Kysely<Database>, userId: string): Promise<TApiToken[]> {
  const rows = await db
    .selectFrom('api_tokens')
    .select(['id', 'name', 'token_prefix', 'created_at', 'last_used_at'])
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

export async function insertAccessToken(db: Kysely<Database>, userId: string, name: string): Promise<{ token: TApiToken; secret: string }> {
  const secret = generateAccessToken();
  const row = {
    id: createId(),
    user_id: userId,
    name,
    token_hash: hashAccessToken(secret),
    token_prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
    created_at: nowIso(),
    last_used_at: null,
  };
  await db.insertInto('api_tokens').values(row).execute();
  return { token: toApiToken(row), secret };
}

/** Deletes one of the user's tokens; false when the user has no token with this id. */
export async function deleteAccessToken(db: Kysely<Database>, userId: string, tokenId: string): Promise<boolean> {
  const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
