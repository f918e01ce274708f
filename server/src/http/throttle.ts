import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A fixed-window limit: at most `max` hits per `windowSeconds`. */
export interface ThrottleRule {
  windowSeconds: number;
  max: number;
}

export interface ThrottleResult {
  isAllowed: boolean;
  hits: number;
  /** Seconds until the window (or a block) ends. */
  retryAfterSeconds: number;
}

/** Failed sign-ins an account takes before it is held back, and how the hold grows with each further failure. */
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
const FIRST_DELAY_SECONDS = 30;
const MAX_DELAY_SECONDS = 15 * 60;
/** Failures are forgotten after this long without another one. */
const FAILURE_MEMORY_SECONDS = 15 * 60;

const toMs = (value: number | string | null): number | null => (value === null ? null : Number(value));

/**
 * Counts one hit (or `cost` hits) against `key` and says whether it is within the rule. One upsert, so concurrent requests on any
 * instance each see their own count; a window that has ended starts again at 1.
 */
export async function consumeThrottle(
  db: Kysely<Database>,
  key: string,
  rule: ThrottleRule,
  { now = Date.now(), cost = 1 }: { now?: number; cost?: number } = {},
): Promise<ThrottleResult> {
  const windowMs = rule.windowSeconds * 1000;
  const cutoff = now - windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: cost, window_start: now, blocked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN ${cost} ELSE rate_limits.hits + ${cost} END`,
        window_start: sql<number>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN ${now} ELSE rate_limits.window_start END`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  const windowEnds = Number(row.window_start) + windowMs;
  return { isAllowed: hits <= rule.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)) };
}

/** Seconds the key is still held back for, or 0. */
export async function readBlockSeconds(db: Kysely<Database>, key: string, now = Date.now()): Promise<number> {
  const row = await db.selectFrom('rate_limits').select('blocked_until').where('key', '=', key).executeTakeFirst();
  const until = toMs(row?.blocked_until ?? null);
  return until !== null && until > now ? Math.ceil((until - now) / 1000) : 0;
}

/**
 * Records a failure (a wrong password) for `key`. From the tenth failure in a row the key is held back, 30 s
 * and then twice as long after each further failure, up to 15 minutes; the count is forgotten after 15 quiet
 * minutes or on success (clearThrottle).
 */
export async function recordFailure(db: Kysely<Database>, key: string, now = Date.now()): Promise<number> {
  const cutoff = now - FAILURE_MEMORY_SECONDS * 1000;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, hits: 1, window_start: now, blocked_until: null })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`CASE WHEN rate_limits.window_start <= ${cutoff} THEN 1 ELSE rate_limits.hits + 1 END`,
        window_start: now,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  const failures = Number(row.hits);
  if (failures < ACCOUNT_FAILURES_BEFORE_DELAY) return failures;
  const delaySeconds = Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - ACCOUNT_FAILURES_BEFORE_DELAY, 10));
  await db
    .updateTable('rate_limits')
    .set({ blocked_until: now + delaySeconds * 1000 })
    .where('key', '=', key)
    .execute();
  return failures;
}

export async function clearThrottle(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Drops counters whose window ended long ago, so the table holds only live keys. */
export async function pruneThrottles(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const dayAgo = now - 24 * 60 * 60 * 1000;
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', dayAgo)
    .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<', now)]))
    .execute();
}
