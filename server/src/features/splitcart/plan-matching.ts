import { isInSizeClass, readGenericNeed, type GenericNeed } from '@cartwise/contracts/domain/generic-items';
import { findClearMatch, rankTypedItemMatches } from '@cartwise/contracts/domain/item-linking';
import { convertToBaseUnit, normaliseUnit } from '@cartwise/contracts/domain/sizes';
import { scoreProductName } from '@cartwise/contracts/domain/product-matching';
import type { Deps } from '../../app-types';
import { findMatchCandidates } from '../products';
import type * as repo from './recommendations.repo';

const SUBSTITUTE_SCORE = 0.75;

/**
 * The products a plan can link its items to: the linked ones, plus the candidates the word index finds for each
 * free-text item's name and each substitutable item's product name. Each name is fuzzy-matched against its own
 * candidates only (at most MATCH_CANDIDATE_LIMIT, ranked by the database), never the whole catalogue, so a plan
 * does not slow down as the catalogue grows.
 */
export interface MatchPool {
  products: repo.PlanProductRow[];
  productById: Map<string, repo.PlanProductRow>;
  candidatesOf: Map<string, repo.PlanProductRow[]>;
}

/** One statement for every name to search; a second only for typed names whose substitutes are wanted. */
export async function loadMatchPool(app: Deps<'db'>, items: repo.PlanListItem[]): Promise<MatchPool> {
  const pool: MatchPool = { products: [], productById: new Map(), candidatesOf: new Map() };
  const add = (products: repo.PlanProductRow[]) => {
    for (const product of products) pool.productById.set(product.id, product);
  };
  add(items.flatMap((item) => (item.product ? [item.product] : [])));
  const search = async (texts: string[]) => {
    const fresh = [...new Set(texts)].filter((text) => !pool.candidatesOf.has(text));
    if (fresh.length === 0) return;
    for (const [text, candidates] of await findMatchCandidates(app.db, fresh)) {
      add(candidates);
      // In catalogue order, as the whole catalogue was: of two equally good names the older product wins.
      pool.candidatesOf.set(text, [...candidates].sort(byCatalogueOrder));
    }
  };
  const freeText = items.filter((item) => !item.product && !item.isLinkDeclined);
  const substitutable = items.filter((item) => item.acceptsSubstitutes && item.product);
  // A generic item ("milk 1 L") also searches its words alone: they name the products it stands for.
  const genericWords = items.flatMap((item) => {
    const generic = readGenericNeed(item);
    return generic ? [generic.words] : [];
  });
  await search([...freeText.map((item) => item.name), ...substitutable.map((item) => item.product!.name), ...genericWords]);
  // A substitutable free-text item's substitutes are found by its product's name, known once it is linked.
  await search(
    freeText
      .filter((item) => item.acceptsSubstitutes)
      .flatMap((item) => {
        const productId = linkItem(item, pool);
        return productId ? [pool.productById.get(productId)!.name] : [];
      }),
  );
  pool.products = [...pool.productById.values()].sort(byCatalogueOrder);
  return pool;
}

function byCatalogueOrder(a: repo.PlanProductRow, b: repo.PlanProductRow): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A free-text item links to the product its name clearly means (the rule the list applies when the item is added,
 * so an item typed before its product reached the catalogue is priced too), unless the shopper undid that link.
 */
export function linkItem(item: repo.PlanListItem, pool: MatchPool): string | null {
  if (item.product) return item.product.id;
  if (item.isLinkDeclined) return null;
  const candidatesFor = (text: string) =>
    (pool.candidatesOf.get(text) ?? []).map((row) => ({
      id: row.id,
      name: row.name,
      brand: row.brand,
      sizeValue: row.size_value,
      sizeUnit: row.size_unit,
    }));
  const clear = findClearMatch(item.name, candidatesFor(item.name))?.productId ?? null;
  const generic = readGenericNeed(item);
  if (clear || !generic) return clear;
  // A generic item stands for all the products of its kind, so its closest match need not be the only close one:
  // it is the reference whose category the others share.
  for (const text of [item.name, generic.words]) {
    const [best] = rankTypedItemMatches(text, candidatesFor(text));
    if (best) return best.productId;
  }
  return null;
}

function sizeOf(product: repo.PlanProductRow) {
  const unit = product.size_unit ? normaliseUnit(product.size_unit) : null;
  return unit && product.size_value ? convertToBaseUnit({ amount: product.size_value, unit }) : null;
}

/**
 * A generic item stands for the products its words find that share the linked product's category (or the item's)
 * and whose package is in the asked size's class; the linked product always stays a candidate.
 */
export function findGenericCandidates(productId: string, item: repo.PlanListItem, generic: GenericNeed, pool: MatchPool): string[] {
  const linked = pool.productById.get(productId);
  const category = linked?.category ?? item.category;
  const found = [...(pool.candidatesOf.get(generic.words) ?? []), ...(linked ? (pool.candidatesOf.get(linked.name) ?? []) : [])];
  const similar = found.filter((product) => {
    const size = sizeOf(product);
    return category !== null && product.category === category && size !== null && isInSizeClass(generic.asked, size);
  });
  return [...new Set([productId, ...similar.map((product) => product.id)])];
}

/**
 * A substitute is the same kind of product in another brand or size ("Oats 1 kg" for "Oats 500 g"). Categories are
 * too broad for this (bananas are not spinach), so names decide.
 */
export function findCandidates(productId: string, item: repo.PlanListItem, pool: MatchPool): string[] {
  const linked = pool.productById.get(productId);
  if (!item.acceptsSubstitutes || !linked) return [productId];
  const similar = (pool.candidatesOf.get(linked.name) ?? []).filter((p) => scoreProductName(p.name, linked.name) >= SUBSTITUTE_SCORE);
  return [...new Set([productId, ...similar.map((p) => p.id)])];
}
