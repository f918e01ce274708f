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
export function precompile<P extends Params, O>(build: (db: Db, params: P) => Compilable<O>): (db: Db, params: P) => Promise<O[]> {
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
  return (db, params) => {
    let compiled = byDb.get(db);
    if (!compiled) {
      try {
        compiled = compile(db, []);
      } catch (err) {
        return Promise.reject(err instanceof Error ? err : new Error(String(err)));
      }
      byDb.set(db, compiled);
    }
    const { query, slots } = compiled;
    const run = { ...query, parameters: slots.map((name, i) => (name === null ? query.parameters[i] : params[name])) };
    try {
      const rows = readIfNoTransaction<O>(db, run);
      if (rows) return Promise.resolve(rows);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return db.executeQuery<O>(run).then((result) => result.rows);
  };
}
