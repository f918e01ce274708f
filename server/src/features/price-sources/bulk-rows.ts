// Multi-row statements for the import: one INSERT per slice of rows, and IN lists in slices, with the SQL text built
// once per (table, row count, dialect) rather than through the query builder, whose per-value nodes cost more than
// the database takes to store a feed row. On PostgreSQL the rows go as one array per column through unnest(): a
// handful of parameters instead of one per value, so neither side parses and binds thousands of them.
import { CompiledQuery, PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
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

/** Each table's column types on PostgreSQL (udt names: text, int4...), read once per process. */
const columnTypes = new Map<string, Map<string, string>>();

async function unnestText(db: Db, table: string, columns: readonly string[], suffix: string): Promise<string> {
  const key = `${table}|${columns.join(',')}|unnest|${suffix}`;
  const known = texts.get(key);
  if (known) return known;
  let types = columnTypes.get(table);
  if (!types) {
    const { rows } = await sql<{ column_name: string; udt_name: string }>`
      SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`.execute(
      db,
    );
    types = new Map(rows.map((row) => [row.column_name, row.udt_name]));
    columnTypes.set(table, types);
  }
  const arrays = columns.map((column, i) => {
    const type = types.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    return `$${i + 1}::${type}[]`;
  });
  const text = `INSERT INTO ${table} (${columns.join(', ')}) SELECT * FROM unnest(${arrays.join(', ')})${suffix}`;
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
  if (rows.length === 0) return;
  const postgres = isPostgres(db);
  if (postgres) {
    const arrays = columns.map((_, c) => rows.map((row) => row[c]));
    await db.executeQuery(CompiledQuery.raw(await unnestText(db, table, columns, suffix), arrays));
    return;
  }
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

/**
 * Inserts price_observations rows (value arrays in `columns` order) with their price_summaries and store_totals. On
 * SQLite the row triggers are turned off for these INSERTs on this connection only (cartwise_defer_totals, see
 * migration 20261201T2340) and both tables get one grouped upsert per chunk instead of two per row; PostgreSQL's
 * statement triggers already group them. Call it inside the chunk's transaction: a failure rolls back all three.
 */
export async function insertPriceRows(db: Db, columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  if (isPostgres(db)) return insertRows(db, 'price_observations', columns, rows);
  const [store, product, day] = ['store_id', 'product_id', 'observed_on'].map((column) => columns.indexOf(column));
  const summaries = new Map<string, [string, string, number, string]>();
  const stores = new Map<string, number>();
  for (const row of rows) {
    const storeId = row[store!] as string;
    const productId = row[product!] as string;
    const observedOn = row[day!] as string;
    const key = `${storeId}|${productId}`;
    const known = summaries.get(key);
    if (known) {
      known[2] += 1;
      if (observedOn > known[3]) known[3] = observedOn;
    } else summaries.set(key, [storeId, productId, 1, observedOn]);
    stores.set(storeId, (stores.get(storeId) ?? 0) + 1);
  }
  await db.executeQuery(CompiledQuery.raw('SELECT cartwise_defer_totals(1)'));
  try {
    await insertRows(db, 'price_observations', columns, rows);
  } finally {
    await db.executeQuery(CompiledQuery.raw('SELECT cartwise_defer_totals(0)'));
  }
  await insertRows(
    db,
    'price_summaries',
    ['store_id', 'product_id', 'observation_count', 'latest_observed_on'],
    [...summaries.values()],
    SUMMARY_UPSERT,
  );
  await insertRows(db, 'store_totals', ['store_id', 'observation_count'], [...stores], STORE_TOTAL_UPSERT);
}

const SUMMARY_UPSERT = ` ON CONFLICT (store_id, product_id) DO UPDATE SET
  observation_count = price_summaries.observation_count + excluded.observation_count,
  latest_observed_on = MAX(price_summaries.latest_observed_on, excluded.latest_observed_on)`;
const STORE_TOTAL_UPSERT = ` ON CONFLICT (store_id) DO UPDATE SET observation_count = store_totals.observation_count + excluded.observation_count`;
