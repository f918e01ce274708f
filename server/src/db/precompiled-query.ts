import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { readIfNoTransaction } from './database';
import type { Database } from './schema';

type Db = Kysely<Database>;
type Params = Record<string, string | number>;

interface Compiled {
  query: CompiledQuery;
  /** For each SQL parameter, the name of the caller's parameter it takes, or null for a constant of the query. */
  slots: (string | null)[];
}

const PLACEHOLDER = '\u0000precompiled:';

/**
 * A query built and compiled by Kysely once per database, then run with new parameter values. Building and compiling
 * a query object on every request costs more than SQLite takes to answer a small read, so the hottest reads (a
 * shopper's pantry, lists, dashboard) are declared with this. `build` receives stand-ins for the parameters: it must
 * use each only as a value (compared, inserted or limited with), never to decide the query's shape, since it runs
 * once. A parameter Kysely did not pass through as a SQL parameter makes the first run throw.
 */
export interface PrecompiledQuery<P, O> {
  (db: Db, params: P): Promise<O[]>;
  /** The rows at once when SQLite can answer without waiting (see readIfNoTransaction), else undefined. */
  now(db: Db, params: P): O[] | undefined;
}

export function precompile<P extends Params, O>(build: (db: Db, params: P) => Compilable<O>): PrecompiledQuery<P, O> {
  const byDb = new WeakMap<Db, Compiled>();
  const compile = (db: Db, names: string[]): Compiled => {
    const standIns = new Proxy({} as P, {
      get: (_target, key) => {
        const name = String(key);
        if (!names.includes(name)) names.push(name);
        return `${PLACEHOLDER}${name}`;
      },
    });
    const query = build(db, standIns).compile();
    const slots = query.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(PLACEHOLDER) ? value.slice(PLACEHOLDER.length) : null,
    );
    const missing = names.filter((name) => !slots.includes(name));
    if (missing.length > 0) throw new Error(`precompiled query does not pass ${missing.join(', ')} as a SQL parameter`);
    return { query, slots };
  };
  const prepare = (db: Db, params: P): CompiledQuery => {
    let compiled = byDb.get(db);
    if (!compiled) {
      compiled = compile(db, []);
      byDb.set(db, compiled);
    }
    const { query, slots } = compiled;
    return { ...query, parameters: slots.map((name, i) => (name === null ? query.parameters[i] : params[name])) };
  };
  const run = (db: Db, params: P): Promise<O[]> => {
    let query: CompiledQuery;
    try {
      query = prepare(db, params);
      const rows = readIfNoTransaction<O>(db, query);
      if (rows) return Promise.resolve(rows);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return db.executeQuery<O>(query).then((result) => result.rows);
  };
  return Object.assign(run, { now: (db: Db, params: P) => readIfNoTransaction<O>(db, prepare(db, params)) });
}
