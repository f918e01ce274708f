import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Taken before a cached read asks the database for its versions: while the token is current, the versions read under
 * it still hold, so the read may skip asking (docs/decisions/0008-trusted-cache-versions.md).
 */
export interface TrustToken {
  readonly epoch: number;
  readonly userMark: number;
}

/**
 * When a cached read may trust the data versions it last read instead of reading them again. Every write this
 * process sends raises the epoch (before and after it runs, commits included), so a write on this instance always
 * shows on the next read. Writes by others raise it too once they are known: SQLite's `data_version` on a timer, or
 * PostgreSQL's notices, which name the user (or table) whose version moved. Nothing is trusted while those notices
 * cannot arrive (the listener is not connected, or this handle has none).
 */
export interface CacheTrust {
  /** A token for a version read about to start, or null when nothing may be trusted now. */
  snapshot: (userId?: string) => TrustToken | null;
  /** True when no write may have happened since `token` was taken (for this user, when one is named). */
  isCurrent: (token: TrustToken | null, userId?: string) => boolean;
  /** A write may have happened: every token taken before is stale. */
  noteWrite: () => void;
  /** A notice from the database: `u:<user id>` (that user's data version moved) or `t:<table>` (a shared table). */
  applyNotice: (payload: string) => void;
  /** Whether notices from other writers are arriving; any change makes every earlier token stale. */
  setListening: (isListening: boolean) => void;
  readonly isListening: boolean;
}

/** Beyond this many users with a notice, the marks are cleared and the epoch raised instead (bounded memory). */
const MAX_USER_MARKS = 100_000;

export function createCacheTrust(options: { isListening: boolean }): CacheTrust {
  let epoch = 0;
  let isListening = options.isListening;
  const userMarks = new Map<string, number>();
  const getUserMark = (userId: string | undefined) => (userId === undefined ? 0 : (userMarks.get(userId) ?? 0));
  // Arrow functions: the methods are handed around on their own (to the driver wrapper, the event bus).
  return {
    snapshot: (userId) => {
      return isListening ? { epoch, userMark: getUserMark(userId) } : null;
    },
    isCurrent: (token, userId) => {
      return token !== null && isListening && token.epoch === epoch && token.userMark === getUserMark(userId);
    },
    noteWrite: () => {
      epoch++;
    },
    applyNotice: (payload) => {
      if (payload.startsWith('u:')) {
        const userId = payload.slice(2);
        if (userMarks.size >= MAX_USER_MARKS && !userMarks.has(userId)) {
          userMarks.clear();
          epoch++;
          return;
        }
        userMarks.set(userId, getUserMark(userId) + 1);
        return;
      }
      // A shared table (or a notice this version does not know): anything cached may depend on it.
      epoch++;
    },
    setListening: (value) => {
      epoch++;
      isListening = value;
    },
    get isListening() {
      return isListening;
    },
  };
}

const trusts = new WeakMap<Kysely<Database>, CacheTrust>();

export function registerCacheTrust(db: Kysely<Database>, trust: CacheTrust): void {
  trusts.set(db, trust);
}

/** The trust of a database handle opened by openDatabase; undefined for any other (a transaction's): never trusted. */
export function getCacheTrust(db: Kysely<Database>): CacheTrust | undefined {
  return trusts.get(db);
}

const WRITE_VERB = /\b(insert|update|delete|merge|replace)\b/i;

/**
 * A statement that cannot change data: anything else (writes, DDL, begin/commit, pragmas) raises the epoch. A `WITH`
 * statement can write only through a verb it names (a data-modifying CTE or main statement); the same word in a
 * function call (`replace()`) or a name only costs a needless raise, never a stale read.
 */
export function isReadOnlySql(sqlText: string): boolean {
  if (/^\s*select\b/i.test(sqlText)) return true;
  return /^\s*with\b/i.test(sqlText) && !WRITE_VERB.test(sqlText);
}
