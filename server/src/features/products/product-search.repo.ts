import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { normaliseProductName, toAliasKey } from '@cartwise/contracts/domain/product-matching';
import type { Db } from './products.repo';

/**
 * Enough for the best match of a name and a handful of close substitutes; the fuzzy matcher ranks only these, so
 * matching and pricing a name cost the same however many near-duplicates the catalogue holds.
 */
export const MATCH_CANDIDATE_LIMIT = 24;
const NUMBER = /^[\d.,]+[a-z]{0,3}$/;

export interface MatchCandidateRow {
  id: string;
  name: string;
  brand: string | null;
  category: string | null;
  size_value: number | null;
  size_unit: string | null;
  created_at: string;
}

/**
 * The word starts a product must share with the text to be a candidate: the first four letters of each word of
 * three letters or more, as typed and with till abbreviations expanded ("bananas" -> "bana", which also finds
 * "Banana"). Sizes and numbers do not count: the matcher ignores them too.
 */
export function toSearchPrefixes(text: string): string[] {
  const words = [...toAliasKey(text).split(' '), ...normaliseProductName(text).split(' ')];
  const prefixes = words.filter((word) => word.length >= 3 && !NUMBER.test(word)).map((word) => word.slice(0, 4));
  return [...new Set(prefixes)].slice(0, 12);
}

/** Product ids that share a word start with the text, best first, at most `limit`. */
export async function findMatchCandidateIds(db: Db, text: string, limit = MATCH_CANDIDATE_LIMIT): Promise<string[]> {
  return ((await findMatchCandidates(db, [text], limit)).get(text) ?? []).map((row) => row.id);
}

/**
 * For each text, the products sharing a word start with it, best first, at most `limit` each, all in one
 * statement. SQLite asks the FTS5 index (product_search, ranked by bm25); PostgreSQL matches the lower-cased name and
 * brand with LIKE patterns that the pg_trgm index answers, ranked by how many prefixes match, then by the shorter
 * name. Equally ranked products come oldest first, as the fuzzy matcher breaks its own ties.
 */
export async function findMatchCandidates(
  db: Db,
  texts: string[],
  limit = MATCH_CANDIDATE_LIMIT,
): Promise<Map<string, MatchCandidateRow[]>> {
  const found = new Map<string, MatchCandidateRow[]>(texts.map((text) => [text, []]));
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const searches = [...found.keys()].flatMap((text, index) => {
    const prefixes = toSearchPrefixes(text);
    if (prefixes.length === 0) return [];
    const search = isPostgres ? searchPostgres(index, prefixes, limit) : searchSqlite(index, prefixes, limit);
    return [sql`SELECT * FROM (${search}) AS c${sql.raw(String(index))}`];
  });
  if (searches.length === 0) return found;
  const result = await sql<MatchCandidateRow & { text_index: number }>`${sql.join(searches, sql` UNION ALL `)}`.execute(db);
  const byIndex = [...found.values()];
  // UNION ALL returns each search's rows together, in that search's order.
  for (const { text_index, ...row } of result.rows) byIndex[Number(text_index)]!.push(row);
  return found;
}

const COLUMNS = sql`p.id, p.name, p.brand, p.category, p.size_value, p.size_unit, p.created_at`;

function searchSqlite(index: number, prefixes: string[], limit: number): RawBuilder<unknown> {
  const query = prefixes.map((prefix) => `"${prefix}"*`).join(' OR ');
  return sql`
    SELECT ${sql.lit(index)} AS text_index, ${COLUMNS}
    FROM product_search JOIN products AS p ON p.id = product_search.product_id
    WHERE product_search MATCH ${query} ORDER BY product_search.rank, p.created_at, p.id LIMIT ${limit}
  `;
}

function searchPostgres(index: number, prefixes: string[], limit: number): RawBuilder<unknown> {
  const haystack = sql`lower(p.name || ' ' || coalesce(p.brand, ''))`;
  const patterns = prefixes.map((prefix) => `%${prefix}%`);
  const matches = patterns.map((pattern) => sql`(${haystack} LIKE ${pattern})`);
  const hits = sql.join(
    patterns.map((pattern) => sql`CASE WHEN ${haystack} LIKE ${pattern} THEN 1 ELSE 0 END`),
    sql` + `,
  );
  return sql`
    SELECT ${sql.lit(index)} AS text_index, ${COLUMNS} FROM products AS p WHERE ${sql.join(matches, sql` OR `)}
    ORDER BY ${hits} DESC, length(p.name), p.created_at, p.id LIMIT ${limit}
  `;
}
