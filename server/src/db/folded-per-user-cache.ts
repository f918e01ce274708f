import { sql, type Expression, type Kysely } from 'kysely';
import { markReusable } from '../http/reusable-response';
import { getCacheTrust, type TrustToken } from './cache-trust';
import { MAX_CACHED_USERS, createKeyReader, readUserDataVersion, toVersionKey, type VersionedTable } from './per-user-cache';
import { noteSettled } from './settled-value';
import type { Database } from './schema';

type Db = Kysely<Database>;

/** The columns every folded statement returns: the user's data version and the sum of the shared tables' counters. */
export interface VersionedRow {
  version: number | string;
  tables_version: number | string | null;
}

/**
 * The start of a folded statement: the user's version row (version, tables_version), to select the value's columns
 * beside, so the value and the versions it is cached under come from one statement and one snapshot.
 */
export function selectWithVersions(db: Db, userId: string, tables: readonly VersionedTable[]) {
  return db
    .selectFrom('user_data_versions')
    .select('version')
    .select((eb) => {
      const sum: Expression<number | string | null> =
        tables.length === 0
          ? sql<number>`0`
          : eb
              .selectFrom('table_versions')
              .select((inner) => inner.fn.sum<number | string | null>('version').as('s'))
              .where('name', 'in', [...tables])
              .$asScalar();
      return eb.fn.coalesce(sum, sql<number>`0`).as('tables_version');
    })
    .where('user_id', '=', userId);
}

export interface FoldedRead<D, A extends unknown[], R extends VersionedRow, T> {
  /** One statement (selectWithVersions): the versions and the value's columns. No row when the user has no versions. */
  select: (deps: D, userId: string, ...args: A) => Promise<R[]>;
  /** The same rows at once when SQLite can answer (precompiled-query.ts `now`), else undefined. */
  selectNow: (deps: D, userId: string, ...args: A) => R[] | undefined;
  toValue: (row: R, ...args: A) => T;
}

interface Entry<T> {
  key: string;
  argsKey: string;
  value: Promise<T>;
  /** Taken before the statement that last confirmed `key`: while current, the versions need not be read. */
  token: TrustToken | null;
}

/**
 * Like cachePerUser, but a build reads the versions the key needs in the value's own statement, so a write can never
 * be cached under a version newer than the data it saw, and a first visit (or a new day) is one round trip. A repeat
 * visit reads the versions alone, as cachePerUser does, and rebuilds only when they moved (a repeat visit that sent
 * the whole statement with its columns gated by CASE cost SQLite the whole build, and PostgreSQL its planning): one
 * statement, or none while the database's trust says nothing was written.
 */
export function cachePerUserFolded<D extends { db: Db }, A extends unknown[], R extends VersionedRow, T>(
  read: FoldedRead<D, A, R, T>,
  keyOf: (...args: A) => string = () => '',
  tables: readonly VersionedTable[] = [],
): (deps: D, userId: string, ...args: A) => Promise<T> {
  const byDb = new WeakMap<Db, Map<string, Entry<T>>>();
  const { readKey, readKeyNow } = createKeyReader(tables);
  const getEntries = (db: Db): Map<string, Entry<T>> => {
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, (entries = new Map<string, Entry<T>>()));
    return entries;
  };
  const keep = (db: Db, userId: string, argsKey: string, row: R, token: TrustToken | null, args: A): Promise<T> => {
    const entries = getEntries(db);
    const value = noteSettled(Promise.resolve(markReusable(read.toValue(row, ...args))));
    entries.delete(userId);
    entries.set(userId, { key: toVersionKey(row.version, row.tables_version), argsKey, value, token });
    // Map keeps insertion order: the first key is the entry built longest ago.
    if (entries.size > MAX_CACHED_USERS) entries.delete(entries.keys().next().value as string);
    return value;
  };
  const build = (deps: D, userId: string, argsKey: string, token: TrustToken | null, args: A): Promise<T> => {
    const [row] = read.selectNow(deps, userId, ...args) ?? [];
    if (row) return keep(deps.db, userId, argsKey, row, token, args);
    return read.select(deps, userId, ...args).then(async ([found]) => {
      if (found) return keep(deps.db, userId, argsKey, found, token, args);
      // No version row yet: made before anything is read under it (readUserDataVersion), then built.
      await readUserDataVersion(deps.db, userId);
      const [created] = await read.select(deps, userId, ...args);
      if (!created) throw new Error('per-user cache: no data version row');
      return keep(deps.db, userId, argsKey, created, token, args);
    });
  };
  const reuseOrBuild = (deps: D, userId: string, base: Entry<T>, key: string, token: TrustToken | null, args: A): Promise<T> => {
    if (key !== base.key) return build(deps, userId, base.argsKey, token, args);
    if (getEntries(deps.db).get(userId) === base) base.token = token;
    return base.value;
  };
  return (deps, userId, ...args) => {
    const trust = getCacheTrust(deps.db);
    try {
      const argsKey = keyOf(...args);
      const cached = byDb.get(deps.db)?.get(userId);
      const base = cached?.argsKey === argsKey ? cached : undefined;
      if (base && trust?.isCurrent(base.token, userId)) return base.value;
      const token = trust?.snapshot(userId) ?? null;
      if (!base) return build(deps, userId, argsKey, token, args);
      // A repeat visit on SQLite is answered without a promise of its own: the cached one is handed back.
      const key = readKeyNow(deps.db, userId);
      if (key !== undefined) return reuseOrBuild(deps, userId, base, key, token, args);
      return readKey(deps.db, userId).then((read) => reuseOrBuild(deps, userId, base, read, token, args));
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
  };
}
