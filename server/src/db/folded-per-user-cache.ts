import type { ExpressionBuilder, Kysely } from 'kysely';
import { markReusable } from '../http/reusable-response';
import { getCacheTrust, type TrustToken } from './cache-trust';
import { MAX_CACHED_USERS, readUserDataVersion, type VersionedTable } from './per-user-cache';
import { noteSettled } from './settled-value';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** The versions a cached value was built under; NO_VERSION when nothing is cached, so the statement builds it. */
// A type, not an interface: precompiled parameters are a plain record.
export type VersionParams = {
  userId: string;
  knownVersion: number;
  knownTables: number;
};

export const NO_VERSION = -1;

/** The columns every folded statement returns: the user's data version and the sum of the shared tables' counters. */
export interface VersionedRow {
  version: number | string;
  tables_version: number | string | null;
}

/**
 * The start of a folded statement: a CTE `v` with the user's version row (version, tables_version), to select the
 * value's columns from, each wrapped in `whenVersionsMoved` so the database computes them only when the versions
 * differ from the known ones. Materialised, so the shared tables' sum is computed once and not once per column.
 */
export function withVersions(db: Db, p: VersionParams, tables: readonly VersionedTable[]) {
  return db
    .with(
      (cte) => cte('v').materialized(),
      (qb) =>
        qb
          .selectFrom('user_data_versions')
          .select('version')
          .select((eb) =>
            tables.length === 0
              ? eb.lit(0).as('tables_version')
              : eb.fn
                  .coalesce(
                    eb
                      .selectFrom('table_versions')
                      .select((inner) => inner.fn.sum<number | string>('version').as('s'))
                      .where('name', 'in', [...tables]),
                    eb.lit(0),
                  )
                  .as('tables_version'),
          )
          .where('user_id', '=', p.userId),
    )
    .selectFrom('v');
}

/** True in the folded statement when the versions read differ from the ones the cached value was built under. */
export function whenVersionsMoved(eb: ExpressionBuilder<{ v: { version: number; tables_version: number } }, 'v'>, p: VersionParams) {
  return eb.or([eb('v.version', '<>', p.knownVersion), eb('v.tables_version', '<>', p.knownTables)]);
}

export interface FoldedRead<D, A extends unknown[], R extends VersionedRow, T> {
  /** One statement: the versions and, when they moved from `params`' known ones, the value's columns. */
  select: (deps: D, params: VersionParams, ...args: A) => Promise<R[]>;
  /** The same rows at once when SQLite can answer (precompiled-query.ts `now`), else undefined. */
  selectNow: (deps: D, params: VersionParams, ...args: A) => R[] | undefined;
  /** The value from a row whose versions moved (its value columns are filled). */
  toValue: (row: R, ...args: A) => T;
}

interface Entry<T> {
  argsKey: string;
  version: number;
  tables: number;
  value: Promise<T>;
  /** Taken before the statement that last confirmed the versions: while current, they need not be read. */
  token: TrustToken | null;
}

/**
 * Like cachePerUser, but a rebuild is one statement: the versions the key needs come back with the value, read in
 * the same statement and so the same snapshot. A write can then never be cached under a version newer than the data
 * (which would serve stale data until the next write), and PostgreSQL answers a rebuild in one round trip instead of
 * two. A repeat visit sends the same statement with the cached versions: the value's columns are not computed
 * (CASE), so it costs what a version read costs; none is sent while the database's trust says nothing was written.
 */
export function cachePerUserFolded<D extends { db: Db }, A extends unknown[], R extends VersionedRow, T>(
  read: FoldedRead<D, A, R, T>,
  keyOf: (...args: A) => string = () => '',
): (deps: D, userId: string, ...args: A) => Promise<T> {
  const byDb = new WeakMap<Db, Map<string, Entry<T>>>();
  const getEntries = (db: Db): Map<string, Entry<T>> => {
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, (entries = new Map<string, Entry<T>>()));
    return entries;
  };
  const settle = (db: Db, userId: string, args: A, argsKey: string, base: Entry<T> | undefined, row: R, token: TrustToken | null) => {
    const entries = getEntries(db);
    const version = Number(row.version);
    const tables = Number(row.tables_version ?? 0);
    if (base && base.version === version && base.tables === tables) {
      // The cached value holds for these versions even if a newer build replaced it meanwhile.
      if (entries.get(userId) === base) base.token = token;
      return base.value;
    }
    const value = noteSettled(Promise.resolve(markReusable(read.toValue(row, ...args))));
    entries.delete(userId);
    entries.set(userId, { argsKey, version, tables, value, token });
    // Map keeps insertion order: the first key is the entry built longest ago.
    if (entries.size > MAX_CACHED_USERS) entries.delete(entries.keys().next().value as string);
    return value;
  };
  return (deps, userId, ...args) => {
    const trust = getCacheTrust(deps.db);
    let token: TrustToken | null = null;
    let argsKey: string;
    let base: Entry<T> | undefined;
    let params: VersionParams;
    try {
      argsKey = keyOf(...args);
      const cached = byDb.get(deps.db)?.get(userId);
      base = cached?.argsKey === argsKey ? cached : undefined;
      if (base && trust?.isCurrent(base.token, userId)) return base.value;
      token = trust?.snapshot(userId) ?? null;
      params = { userId, knownVersion: base?.version ?? NO_VERSION, knownTables: base?.tables ?? NO_VERSION };
      // A repeat visit on SQLite is answered without a promise of its own: the cached one is handed back.
      const [row] = read.selectNow(deps, params, ...args) ?? [];
      if (row) return settle(deps.db, userId, args, argsKey, base, row, token);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return read.select(deps, params, ...args).then(async ([row]) => {
      if (row) return settle(deps.db, userId, args, argsKey, base, row, token);
      // No version row yet: made before anything is read under it (readUserDataVersion), then built.
      await readUserDataVersion(deps.db, userId);
      const [created] = await read.select(deps, { userId, knownVersion: NO_VERSION, knownTables: NO_VERSION }, ...args);
      if (!created) throw new Error('per-user cache: no data version row');
      return settle(deps.db, userId, args, argsKey, undefined, created, token);
    });
  };
}
