import { findClearMatch, type LinkableProduct } from '@cartwise/contracts/domain/item-linking';
import { toAliasKey } from '@cartwise/contracts/domain/product-matching';
import { findMatchCandidates, type MatchCandidateRow } from './product-search.repo';
import type { Db } from './products.repo';

/** Oldest first: of two equally close products the one the catalogue had first wins, as in the plan. */
function byCatalogueOrder(a: MatchCandidateRow, b: MatchCandidateRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function toLinkableProduct(row: MatchCandidateRow): LinkableProduct {
  return { id: row.id, name: row.name, brand: row.brand, sizeValue: row.size_value, sizeUnit: row.size_unit };
}

/**
 * The products a typed item may mean: what the word index finds for its name, plus the products a catalogue-wide
 * alias (one no chain owns) names with exactly these words. Two statements, bounded by the index's candidate limit.
 */
async function loadItemCandidates(db: Db, names: string[]) {
  const found = await findMatchCandidates(db, names);
  const keys = [...new Set(names.map(toAliasKey).filter(Boolean))];
  const aliasRows =
    keys.length === 0
      ? []
      : await db
          .selectFrom('product_aliases as a')
          .innerJoin('products as p', 'p.id', 'a.product_id')
          .select(['a.alias', 'p.id', 'p.name', 'p.brand', 'p.category', 'p.size_value', 'p.size_unit', 'p.created_at'])
          .where('a.chain_id', 'is', null)
          .where('a.user_id', 'is', null)
          .where('p.owner_user_id', 'is', null)
          .where('a.alias', 'in', keys)
          .execute();
  return { found, aliasRows };
}

/**
 * For each typed name, the product it clearly means (findClearMatch), or nothing when no product or several are
 * about as close: the shopper links those.
 */
export async function linkTypedItems(db: Db, names: readonly string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(names)];
  const linked = new Map<string, string | null>(unique.map((name) => [name, null]));
  if (unique.length === 0) return linked;
  const { found, aliasRows } = await loadItemCandidates(db, unique);
  for (const name of unique) {
    const key = toAliasKey(name);
    const aliased = aliasRows.filter((row) => row.alias === key);
    const rows = new Map([...(found.get(name) ?? []), ...aliased].map((row) => [row.id, row]));
    const products = [...rows.values()].sort(byCatalogueOrder).map(toLinkableProduct);
    const aliases = aliased.map((row) => ({ productId: row.id, alias: row.alias }));
    linked.set(name, findClearMatch(name, products, aliases)?.productId ?? null);
  }
  return linked;
}

/** The product a typed item clearly means, or null. */
export async function linkTypedItem(db: Db, name: string): Promise<string | null> {
  return (await linkTypedItems(db, [name])).get(name) ?? null;
}
