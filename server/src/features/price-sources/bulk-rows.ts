// Multi-row statements for the import: one INSERT per slice of rows, and IN lists in slices, with the SQL text built
// once per (table, row count, dialect) rather than through the query builder, whose per-value nodes cost more than
// the database takes to store a feed row.
import { CompiledQuery, PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: under SQLite's 32,766 and PostgreSQL's 65,535 parameters for the widest table. */
const INSERT_SLICE = 1000;
/** Values per IN list. */
export const IN_SLICE = 900;

const texts = new Map<string, string>();

function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function insertText(table: string, columns: readonly string[], rows: number, postgres: boolean, suffix: string): string {
  const key = `${table}|${columns.join(',')}|${rows}|${postgres}|${suffix}`;
  let text = texts.get(key);
  if (text) return text;
  const tuples: string[] = [];
  let n = 0;
  for (let r = 0; r < rows; r++) tuples.push(`(${columns.map(() => (postgres ? `$${++n}` : '?')).join(', ')})`);
  text = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${suffix}`;
  if (texts.size > 200) texts.clear();
  texts.set(key, text);
  return text;
}

/** Inserts rows given as value arrays in `columns` order. `suffix` e.g. ' ON CONFLICT DO NOTHING'. */
export async function insertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  suffix = '',
): Promise<void> {
  const postgres = isPostgres(db);
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    const slice = rows.slice(start, start + INSERT_SLICE);
    const parameters: unknown[] = [];
    for (const row of slice) for (const value of row) parameters.push(value);
    await db.executeQuery(CompiledQuery.raw(insertText(table, columns, slice.length, postgres, suffix), parameters));
  }
}

/** Runs `query` once per slice of `values`, concatenating the rows. */
export async function selectIn<V, R>(values: readonly V[], query: (slice: V[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let start = 0; start < values.length; start += IN_SLICE) out.push(...(await query(values.slice(start, start + IN_SLICE))));
  return out;
}
