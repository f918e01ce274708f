import { PostgresAdapter, sql } from 'kysely';
import { normaliseProductName, toAliasKey } from '@cartwise/contracts/domain/product-matching';
import type { Db } from './products.repo';

/** Enough for the best match and every close substitute of a name; the fuzzy matcher ranks only these. */
export const MATCH_CANDIDATE_LIMIT = 200;
const NUMBER = /^[\d.,]+[a-z]{0,3}$/;

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

/**
 * Product ids that share a word start with the text, best first, at most `limit`. SQLite asks the FTS5 index
 * (product_search, ranked by bm25); PostgreSQL matches the lower-cased name and brand with LIKE patterns that the
 * pg_trgm index answers, ranked by how many prefixes match, then by the shorter name.
 */
export async function findMatchCandidateIds(db: Db, text: string, limit = MATCH_CANDIDATE_LIMIT): Promise<string[]> {
  const prefixes = toSearchPrefixes(text);
  if (prefixes.length === 0) return [];
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const haystack = sql`lower(name || ' ' || coalesce(brand, ''))`;
    const patterns = prefixes.map((prefix) => `%${prefix}%`);
    const matches = patterns.map((pattern) => sql`(${haystack} LIKE ${pattern})`);
    const hits = sql.join(
      patterns.map((pattern) => sql`CASE WHEN ${haystack} LIKE ${pattern} THEN 1 ELSE 0 END`),
      sql` + `,
    );
    const result = await sql<{ id: string }>`
      SELECT id FROM products WHERE ${sql.join(matches, sql` OR `)}
      ORDER BY ${hits} DESC, length(name), id LIMIT ${limit}
    `.execute(db);
    return result.rows.map((row) => row.id);
  }
  const query = prefixes.map((prefix) => `"${prefix}"*`).join(' OR ');
  const result = await sql<{ product_id: string }>`
    SELECT product_id FROM product_search WHERE product_search MATCH ${query} ORDER BY rank LIMIT ${limit}
  `.execute(db);
  return result.rows.map((row) => row.product_id);
}
