import { beforeAll, describe, expect, it } from 'vitest';
import { matchProduct, scoreProductName } from '@cartwise/contracts/domain/product-matching';
import { sql } from 'kysely';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { findMatchCandidateIds, findMatchCandidates, toSearchPrefixes, MATCH_CANDIDATE_LIMIT } from './product-search.repo';

// The word index (FTS5 on SQLite, pg_trgm-backed LIKE on PostgreSQL) narrows the catalogue before fuzzy matching.
const t = registerTestApp();
const KINDS = ['Organic', 'Whole', 'Light', 'Fresh', 'Greek', 'Family', 'Value', 'Smoked'];
const NOUNS = ['Milk', 'Bananas', 'Coffee', 'Eggs', 'Olive Oil', 'Pasta', 'Yogurt', 'Honey', 'Spinach', 'Oats', 'Bread'];

async function addProduct(name: string, brand: string | null = null): Promise<string> {
  const id = createId();
  await t.app.db
    .insertInto('products')
    .values({ id, name, brand, category: null, size_value: null, size_unit: null, created_at: nowIso() })
    .execute();
  return id;
}

beforeAll(async () => {
  for (let i = 0; i < 400; i++) await addProduct(`${KINDS[i % KINDS.length]} ${NOUNS[(i * 7) % NOUNS.length]} ${i + 1}`);
  await addProduct('Banana');
  await addProduct('Whole Milk', 'Great Value');
  await addProduct('Rolled Oats');
});

async function loadCatalogue() {
  return t.app.db.selectFrom('products').select(['id', 'name', 'brand']).orderBy('created_at').orderBy('id').execute();
}

describe('product search for matching', () => {
  it('turns a typed name into word starts, as typed and with till abbreviations expanded, sizes left out', () => {
    expect(toSearchPrefixes('Bananas 2 kg')).toEqual(['bana']);
    expect(toSearchPrefixes('GV WHL MLK')).toEqual(['whl', 'mlk', 'grea', 'valu', 'whol', 'milk']);
    expect(toSearchPrefixes('a 12')).toEqual([]);
  });

  it('finds singular and plural names and brands, and never more than the limit', async () => {
    const catalogue = await loadCatalogue();
    const nameOf = (id: string) => catalogue.find((p) => p.id === id)!.name;
    const bananas = (await findMatchCandidateIds(t.app.db, 'bananas')).map(nameOf);
    expect(bananas).toContain('Banana');
    expect(bananas.every((name) => /banana/i.test(name))).toBe(true);
    const greatValue = (await findMatchCandidateIds(t.app.db, 'great value')).map(nameOf);
    expect(greatValue).toContain('Whole Milk');
    expect(await findMatchCandidateIds(t.app.db, 'milk', 5)).toHaveLength(5);
    expect(await findMatchCandidateIds(t.app.db, 'zzzz unknown')).toEqual([]);
  });

  it('gives the fuzzy matcher the same best match as the whole catalogue, and the closest substitutes up to the limit', async () => {
    const catalogue = await loadCatalogue();
    for (const typed of ['bananas', 'whole milk', 'greek yogurt', 'olive oil', 'oats', 'GV WHL MLK', 'smoked coffee', 'honey']) {
      const ids = new Set(await findMatchCandidateIds(t.app.db, typed));
      const candidates = catalogue.filter((p) => ids.has(p.id));
      expect(matchProduct(typed, null, candidates, []), typed).toEqual(matchProduct(typed, null, catalogue, []));
      const close = (products: typeof catalogue) => products.filter((p) => scoreProductName(p.name, typed) >= 0.75).map((p) => p.id);
      const closeInCatalogue = close(catalogue);
      expect(close(candidates).length, typed).toBe(Math.min(MATCH_CANDIDATE_LIMIT, closeInCatalogue.length));
      expect(closeInCatalogue, typed).toEqual(expect.arrayContaining(close(candidates)));
    }
  });

  it('answers several names in one statement, each bounded by the limit however many products share its words', async () => {
    const found = await findMatchCandidates(t.app.db, ['milk', 'bananas', 'zzzz unknown', '12']);
    expect([...found.keys()]).toEqual(['milk', 'bananas', 'zzzz unknown', '12']);
    // About 36 of the 400 generated products are milk; the database ranks them and hands over the limit.
    expect(found.get('milk')).toHaveLength(MATCH_CANDIDATE_LIMIT);
    expect(found.get('bananas')!.map((p) => p.name)).toContain('Banana');
    expect(found.get('zzzz unknown')).toEqual([]);
    expect(found.get('12')).toEqual([]);
  });

  it('follows products being added, renamed and deleted', async () => {
    const id = await addProduct('Quinoa Flakes');
    expect(await findMatchCandidateIds(t.app.db, 'quinoa')).toEqual([id]);
    await t.app.db.updateTable('products').set({ name: 'Buckwheat Flakes' }).where('id', '=', id).execute();
    expect(await findMatchCandidateIds(t.app.db, 'quinoa')).toEqual([]);
    expect(await findMatchCandidateIds(t.app.db, 'buckwheat')).toEqual([id]);
    await t.app.db.deleteFrom('products').where('id', '=', id).execute();
    expect(await findMatchCandidateIds(t.app.db, 'buckwheat')).toEqual([]);
  });

  it('is backed by an index on each database', async () => {
    const index =
      t.app.database.kind === 'postgres'
        ? sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE indexname = 'products_search_trgm_idx'`
        : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name = 'product_search'`;
    expect((await index.execute(t.app.db)).rows).toHaveLength(1);
  });
});
