import type { Kysely } from 'kysely';

export interface QueryCount {
  /** Statements sent to the database. */
  queries: number;
  /** Waits on the database one after another: a statement sent while none is in flight starts a new round trip. */
  roundTrips: number;
  sql: string[];
}

interface Executor {
  executeQuery(query: { sql: string }, ...rest: unknown[]): Promise<unknown>;
}

/**
 * Counts the statements `run` sends through `db` (and its transactions), and how many of them had to wait for an
 * earlier one: statements sent together (Promise.all on PostgreSQL's pool) share one round trip.
 */
export async function countQueries<DB>(db: Kysely<DB>, run: () => Promise<unknown>): Promise<QueryCount> {
  let owner: object | null = db.getExecutor();
  while (owner && !Object.prototype.hasOwnProperty.call(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner) as object | null;
  if (!owner) throw new Error('no executeQuery on the Kysely executor');
  const target = owner as Executor;
  const original = target.executeQuery;
  const count: QueryCount = { queries: 0, roundTrips: 0, sql: [] };
  let inFlight = 0;
  target.executeQuery = async function (this: Executor, query, ...rest) {
    count.queries += 1;
    count.sql.push(query.sql);
    if (inFlight === 0) count.roundTrips += 1;
    inFlight += 1;
    try {
      return await original.call(this, query, ...rest);
    } finally {
      inFlight -= 1;
    }
  };
  try {
    await run();
  } finally {
    target.executeQuery = original;
  }
  return count;
}
