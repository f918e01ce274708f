import { beforeAll, describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { loadMatchCandidates, suggestProduct } from './product-linking';
import { MATCH_CANDIDATE_LIMIT } from './product-search.repo';

// Linking a receipt's lines loads what its lines can match through the word index, not the whole catalogue.
const t = registerTestApp();
const chainId = createId();
const ids = new Map<string, string>();

async function addProduct(name: string, brand: string | null = null): Promise<string> {
  const id = createId();
  await t.app.db
    .insertInto('products')
    .values({ id, name, brand, category: null, size_value: null, size_unit: null, created_at: nowIso() })
    .execute();
  ids.set(name, id);
  return id;
}

async function addAlias(productId: string, alias: string, chain: string | null): Promise<void> {
  await t.app.db
    .insertInto('product_aliases')
    .values({ id: createId(), product_id: productId, chain_id: chain, alias, created_by: null, created_at: nowIso() })
    .execute();
}

beforeAll(async () => {
  await t.app.db.insertInto('store_chains').values({ id: chainId, name: 'Northco', created_at: nowIso() }).execute();
  await addProduct('Whole Milk', 'Great Value');
  await addProduct('Horizon Organic 2% Milk');
  await addProduct('Quinoa Flakes');
  await addProduct('Saffron');
  const decoys = Array.from({ length: 400 }, (_, i) => ({
    id: createId(),
    name: `${['Value Milk', 'Whole Milk Drink', 'Organic Milk'][i % 3]} ${i + 1}`,
    brand: null,
    category: null,
    size_value: null,
    size_unit: null,
    created_at: nowIso(),
  }));
  await t.app.db.insertInto('products').values(decoys).execute();
  await addAlias(ids.get('Quinoa Flakes')!, 'zzq flk', chainId);
  await addAlias(ids.get('Horizon Organic 2% Milk')!, 'hzn org 2pct hg', chainId);
});

describe('loading match candidates for a receipt', () => {
  it('loads a bounded number of products per line and still links the right ones', async () => {
    const lines = [{ name: 'GV WHL MLK' }, { name: 'ZZQ FLK' }, { name: 'HZN ORG 2PCT' }, { name: 'SAFFRON 1G' }];
    const candidates = await loadMatchCandidates(t.app.db, lines, chainId, createId());
    expect(candidates.products.length).toBeLessThanOrEqual(lines.length * MATCH_CANDIDATE_LIMIT + 2);
    const linked = (name: string) => suggestProduct(candidates, name, chainId)?.product.name;
    expect(linked('GV WHL MLK')).toBe('Whole Milk');
    // Decided by this chain's aliases: the exact line, and the line without the size the receipt printed apart.
    expect(linked('ZZQ FLK')).toBe('Quinoa Flakes');
    expect(linked('HZN ORG 2PCT')).toBe('Horizon Organic 2% Milk');
    expect(linked('SAFFRON 1G')).toBe('Saffron');
  });

  it('includes the product the user chose for a line, whatever its name', async () => {
    const chosen = ids.get('Saffron')!;
    const candidates = await loadMatchCandidates(t.app.db, [{ name: 'MYSTERY ITEM', productId: chosen }], null, createId());
    expect(candidates.byId.get(chosen)?.name).toBe('Saffron');
  });
});
