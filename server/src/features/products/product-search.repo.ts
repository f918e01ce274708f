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
 * three letters or more, folded (foldText), as typed, and with till abbreviations expanded ("bananas" -> "bana",
 * which also finds "Banana"). Sizes and numbers do not count: the matcher ignores them too.
 */
export function toSearchPrefixes(text: string): string[] {
  // Also as typed, accents kept: PostgreSQL's lower() folds case but not accents ("käse" finds "Käse").
  const asTyped = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const words = [...toAliasKey(text).split(' '), ...normaliseProductName(text).split(' '), ...asTyped];
  const prefixes = words.filter((word) => word.length >= 3 && !NUMBER.test(word)).map((word) => word.slice(0, 4));
  return [...new Set(prefixes)].slice(0, 12);
}

/** Public product ids that share a word start with the text, best first, at most `limit`. */
export async function findMatchCandidateIds(db: Db, text: string, limit = MATCH_CANDIDATE_LIMIT): Promise<string[]> {
  return ((await findMatchCandidates(db, [text], limit)).get(text) ?? []).map((row) => row.id);
}

/** Public products, and the viewer's own: filtered before the limit so nobody's private products crowd out others'. */
function toVisibility(viewerId: string | null): RawBuilder<unknown> {
  return viewerId === null ? sql`p.owner_user_id IS NULL` : sql`(p.owner_user_id IS NULL OR p.owner_user_id = ${viewerId})`;
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
  viewerId: string | null = null,
): Promise<Map<string, MatchCandidateRow[]>> {
  const found = new Map<string, MatchCandidateRow[]>(texts.map((text) => [text, []]));
  const searches = [...found.keys()]
    .map((text, index) => ({ index, prefixes: toSearchPrefixes(text) }))
    .filter((search) => search.prefixes.length > 0);
  if (searches.length === 0) return found;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const visible = toVisibility(viewerId);
  const statement = isPostgres ? searchPostgres(searches, limit, visible) : searchSqlite(searches, limit, visible);
  const result = await statement.execute(db);
  const byIndex = [...found.values()];
  // Rows come grouped by text, each text's best first.
  for (const { text_index, ...row } of result.rows) byIndex[Number(text_index)]!.push(row);
  return found;
}

interface Search {
  index: number;
  prefixes: string[];
}

const COLUMNS = sql`p.id, p.name, p.brand, p.category, p.size_value, p.size_unit, p.created_at`;
type CandidateRow = MatchCandidateRow & { text_index: number };

/** One FTS5 query per text, joined with UNION ALL, which returns each query's rows together and in its order. */
function searchSqlite(searches: Search[], limit: number, visible: RawBuilder<unknown>): RawBuilder<CandidateRow> {
  const queries = searches.map(({ index, prefixes }) => {
    const query = prefixes.map((prefix) => `"${prefix}"*`).join(' OR ');
    return sql`SELECT * FROM (
      SELECT ${sql.lit(index)} AS text_index, ${COLUMNS}
      FROM product_search JOIN products AS p ON p.id = product_search.product_id
      WHERE product_search MATCH ${query} AND ${visible} ORDER BY product_search.rank, p.created_at, p.id LIMIT ${limit}
    ) AS ${sql.raw(`c${index}`)}`;
  });
  return sql<CandidateRow>`${sql.join(queries, sql` UNION ALL `)}`;
}

/**
 * Every (text, prefix) pair is a row of a VALUES list joined to products on LIKE, so PostgreSQL runs one trigram
 * index scan per prefix (a nested loop) and reads only the products that match. A LIKE per text over the whole
 * table, as separate subqueries, was planned as a scan of every product each, lower-casing each name again.
 */
function searchPostgres(searches: Search[], limit: number, visible: RawBuilder<unknown>): RawBuilder<CandidateRow> {
  const pairs = searches.flatMap(({ index, prefixes }) => prefixes.map((prefix) => sql`(${sql.lit(index)}, ${`%${prefix}%`}::text)`));
  return sql<CandidateRow>`
    SELECT text_index, id, name, brand, category, size_value, size_unit, created_at FROM (
      SELECT q.text_index, ${COLUMNS}, row_number() OVER (
        PARTITION BY q.text_index ORDER BY count(*) DESC, length(p.name), p.created_at, p.id
      ) AS rank
      FROM (VALUES ${sql.join(pairs)}) AS q (text_index, pattern)
      JOIN products AS p ON lower(p.name || ' ' || coalesce(p.brand, '')) LIKE q.pattern
      WHERE ${visible}
      GROUP BY q.text_index, p.id
    ) AS ranked
    WHERE rank <= ${limit}
    ORDER BY text_index, rank
  `;
}
