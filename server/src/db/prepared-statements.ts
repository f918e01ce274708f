import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Distinct SQL texts one connection keeps prepared; texts past it run unnamed (parsed and planned on every run). */
export const STATEMENTS_PER_CONNECTION = 500;
/** Texts counted towards their second run; past it the counts start again (one-off texts are many). */
const MAX_COUNTED_TEXTS = 10_000;
/** Texts given a name; past it new texts stay unnamed, so the map stays bounded whatever the app sends. */
const MAX_NAMED_TEXTS = 5_000;

type QueryFn = (...args: unknown[]) => unknown;

/** A parameterless text PostgreSQL can prepare: one read, no statement separator anywhere (even in a literal). */
function isSingleRead(text: string): boolean {
  return /^\s*(select|with)\b/i.test(text) && !text.includes(';');
}

/**
 * Errors a prepared statement can meet that its text would not: another instance's migration changed a table a
 * `SELECT *` reads ("cached plan must not change result type", 0A000), or the session lost its statements (a
 * pooler in front, 26000). The statement is run again unnamed, and prepared anew next time.
 */
const RETRY_UNNAMED = new Set(['0A000', '26000']);

function hasCode(err: unknown): err is { code: string } {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string';
}

/**
 * Kysely sends every statement unnamed, so PostgreSQL parses, analyses and plans it on every run: for the small reads
 * behind a page that costs more than running them (the dashboard's eight reads took 2.6x as long unnamed as
 * prepared). SQLite keeps its prepared statements by SQL text (database.ts); this does the same on PostgreSQL: from
 * a text's second run, each pooled connection prepares it under a name derived from the text (once per connection)
 * and then only binds and executes it, and PostgreSQL may keep a generic plan after five runs, as for any prepared
 * statement. Texts with parameters are named, and parameterless ones that are a single read (a `SELECT` or `WITH`
 * without a `;`: the operator pages' counts and store lists): other parameterless texts can hold several statements
 * (migrations), which a prepared statement cannot, and transaction control gains nothing.
 */
export function prepareRepeatedStatements(pool: pg.Pool): void {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string): string | null => {
    const known = names.get(text);
    if (known) return known;
    if (names.size >= MAX_NAMED_TEXTS) return null;
    if (!runs.has(text)) {
      if (runs.size >= MAX_COUNTED_TEXTS) runs.clear();
      runs.set(text, 1);
      return null;
    }
    runs.delete(text);
    const name = `cw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as QueryFn;
    const namingQuery: QueryFn = (first, ...rest) => {
      const values = rest[0];
      if (typeof first === 'string' && rest.length === 1 && Array.isArray(values) && (values.length > 0 || isSingleRead(first))) {
        const name = nameOf(first);
        if (name && (prepared.has(name) || prepared.size < STATEMENTS_PER_CONNECTION)) {
          prepared.add(name);
          return (query({ name, text: first, values }) as Promise<unknown>).catch(async (err: unknown) => {
            if (!hasCode(err) || !RETRY_UNNAMED.has(err.code)) throw err;
            prepared.delete(name);
            // pg keeps the name as parsed on this connection: forget it on both sides before it is prepared again.
            await (query(`DEALLOCATE ${name}`) as Promise<unknown>).catch(() => undefined);
            delete (client as unknown as { connection: { parsedStatements: Record<string, unknown> } }).connection.parsedStatements[name];
            // Inside a transaction the failed statement has aborted it: the retry fails too, and the first error is the one to report.
            return (query(first, values) as Promise<unknown>).catch(() => {
              throw err;
            });
          });
        }
      }
      return query(first, ...rest);
    };
    client.query = namingQuery as typeof client.query;
  });
}
