import type { Kysely } from 'kysely';
import { markReusable } from '../http/reusable-response';
import { getCacheTrust, type CacheTrust, type TrustToken } from './cache-trust';
import { precompile } from './precompiled-query';
import { noteSettled } from './settled-value';
import type { Database } from './schema';

type Db = Kysely<Database>;

const MAX_USERS = 10_000;

interface Entry<T> {
  /** The user's data version and the caller's own key (e.g. the day) the value was built for. */
  key: string;
  /** The caller's own key alone. */
  argsKey: string;
  value: Promise<T>;
  /** Taken before the version read that last confirmed `key`: while current, the versions need not be read. */
  token: TrustToken | null;
}

const selectVersion = precompile((db, p: { userId: string }) =>
  db.selectFrom('user_data_versions').select('version').where('user_id', '=', p.userId),
);

/**
 * The user's data version: raised by the database, in the writing transaction, on every write to a row the user
 * sees (migration 20261126T0150-user-data-versions). Made on first use, before anything is read under it, so no
 * write after that can go unnoticed; a write still in flight when it is made holds the insert until it commits.
 */
export async function readUserDataVersion(db: Db, userId: string): Promise<number> {
  const [row] = await selectVersion(db, { userId });
  if (row) return Number(row.version);
  await db
    .insertInto('user_data_versions')
    .values({ user_id: userId, version: 0 })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const [created] = await selectVersion(db, { userId });
  return Number(created?.version ?? 0);
}

/** Shared tables whose write counters (migration 20261126T0130-table-versions) a cached read can also depend on. */
export type VersionedTable = 'deals' | 'store_locations' | 'store_chains';

/**
 * The user's data version and the sum of the shared tables' counters in one statement, so a cached read that also
 * depends on shared data (the deals a dashboard's savings count) still costs one round trip. Null when the user
 * has no version row yet.
 */
function selectVersions(tables: readonly VersionedTable[]) {
  return precompile((db, p: { userId: string }) =>
    db
      .selectFrom('user_data_versions')
      .select('version')
      .select((eb) =>
        eb
          .selectFrom('table_versions')
          .select((inner) => inner.fn.sum<number | string | null>('version').as('v'))
          .where('name', 'in', [...tables])
          .as('tables_version'),
      )
      .where('user_id', '=', p.userId),
  );
}

/**
 * A read of one user's own data (pantry, lists, dashboard), remembered per user and rebuilt when their data version
 * moves, or one of `tables` changes: a repeat visit costs one primary-key read instead of the queries behind the
 * page, and none while the database's trust (db/cache-trust.ts) says nothing was written since that read. The
 * versions are read before the value is built, so a write landing in between makes the next call rebuild it. Each
 * database (each test app) has its own entries; at most MAX_USERS users are kept, the longest unchanged dropped first.
 */
export function cachePerUser<D extends { db: Db }, A extends unknown[], T>(
  load: (deps: D, userId: string, ...args: A) => Promise<T>,
  keyOf: (...args: A) => string = () => '',
  options: { tables?: readonly VersionedTable[] } = {},
): (deps: D, userId: string, ...args: A) => Promise<T> {
  const byDb = new WeakMap<Db, Map<string, Entry<T>>>();
  const tables = options.tables ?? [];
  const readVersions = tables.length > 0 ? selectVersions(tables) : null;
  const readKey = async (db: Db, userId: string): Promise<string> => {
    if (!readVersions) return String(await readUserDataVersion(db, userId));
    const [row] = await readVersions(db, { userId });
    if (row) return `${row.version}.${row.tables_version ?? 0}`;
    await readUserDataVersion(db, userId);
    const [created] = await readVersions(db, { userId });
    return `${created?.version ?? 0}.${created?.tables_version ?? 0}`;
  };
  /** The key at once when SQLite can answer and the user's version row exists, else undefined. */
  const readKeyNow = (db: Db, userId: string): string | undefined => {
    if (!readVersions) {
      const [row] = selectVersion.now(db, { userId }) ?? [];
      return row ? String(Number(row.version)) : undefined;
    }
    const [row] = readVersions.now(db, { userId }) ?? [];
    return row ? `${row.version}.${row.tables_version ?? 0}` : undefined;
  };
  const getEntries = (db: Db): Map<string, Entry<T>> => {
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, (entries = new Map<string, Entry<T>>()));
    return entries;
  };
  const serve = (deps: D, userId: string, args: A, version: string, argsKey: string, token: TrustToken | null): Promise<T> => {
    const entries = getEntries(deps.db);
    const key = `${version}/${argsKey}`;
    const cached = entries.get(userId);
    if (cached?.key === key) {
      cached.token = token;
      return cached.value;
    }
    const value = noteSettled(load(deps, userId, ...args).then(markReusable));
    const entry: Entry<T> = { key, argsKey, value, token };
    // Map keeps insertion order: the first key is the entry built longest ago.
    entries.delete(userId);
    entries.set(userId, entry);
    if (entries.size > MAX_USERS) entries.delete(entries.keys().next().value as string);
    // A failed read is not kept: the next call tries again.
    value.catch(() => {
      if (entries.get(userId) === entry) entries.delete(userId);
    });
    return value;
  };
  const findTrusted = (trust: CacheTrust | undefined, db: Db, userId: string, argsKey: string): Promise<T> | undefined => {
    const cached = trust && byDb.get(db)?.get(userId);
    return cached && cached.argsKey === argsKey && trust.isCurrent(cached.token, userId) ? cached.value : undefined;
  };
  // A repeat visit on SQLite is answered without a promise of its own: the cached one is handed back.
  return (deps, userId, ...args) => {
    const trust = getCacheTrust(deps.db);
    let token: TrustToken | null = null;
    let argsKey: string;
    try {
      argsKey = keyOf(...args);
      const value = findTrusted(trust, deps.db, userId, argsKey);
      if (value) return value;
      token = trust?.snapshot(userId) ?? null;
      const version = readKeyNow(deps.db, userId);
      if (version !== undefined) return serve(deps, userId, args, version, argsKey, token);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return readKey(deps.db, userId).then((version) => serve(deps, userId, args, version, argsKey, token));
  };
}
