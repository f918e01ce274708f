import { matchProduct, scoreProductName, AUTO_LINK_SCORE } from '@cartwise/contracts/domain/product-matching';
import type { Deps } from '../../app-types';
import { findMatchCandidateIds } from '../products';
import * as repo from './recommendations.repo';

const SUBSTITUTE_SCORE = 0.75;

/**
 * The products a plan can link its items to: the linked ones, plus the candidates the word index finds for each
 * free-text item's name and each substitutable item's product name. Each name is fuzzy-matched against its own
 * candidates only (at most MATCH_CANDIDATE_LIMIT), never the whole catalogue, so a plan does not slow down as the
 * catalogue grows.
 */
export interface MatchPool {
  products: repo.PlanProductRow[];
  productById: Map<string, repo.PlanProductRow>;
  candidatesOf: Map<string, repo.PlanProductRow[]>;
}

export async function loadMatchPool(app: Deps<'db'>, items: repo.PlanListItem[]): Promise<MatchPool> {
  const linkedIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const pool = toPool(await repo.findProducts(app.db, linkedIds), new Map());
  const idsOf = new Map<string, string[]>();
  const search = async (texts: string[]) => {
    const fresh = texts.filter((text) => !idsOf.has(text));
    if (fresh.length === 0) return;
    for (const text of fresh) idsOf.set(text, await findMatchCandidateIds(app.db, text));
    const ids = new Set([...linkedIds, ...[...idsOf.values()].flat()]);
    Object.assign(pool, toPool(await repo.findProducts(app.db, [...ids]), idsOf));
  };
  const freeText = items.filter((item) => !item.productId || !pool.productById.has(item.productId));
  const substitutable = items.filter((item) => item.acceptsSubstitutes && !freeText.includes(item));
  await search([...freeText.map((item) => item.name), ...substitutable.map((item) => pool.productById.get(item.productId!)!.name)]);
  // A substitutable free-text item's substitutes are found by its product's name, known once it is linked.
  await search(
    freeText
      .filter((item) => item.acceptsSubstitutes)
      .flatMap((item) => {
        const productId = linkItem(item, pool);
        return productId ? [pool.productById.get(productId)!.name] : [];
      }),
  );
  return pool;
}

function toPool(products: repo.PlanProductRow[], idsOf: Map<string, string[]>): MatchPool {
  const productById = new Map(products.map((p) => [p.id, p]));
  const candidatesOf = new Map<string, repo.PlanProductRow[]>();
  // In catalogue order, as the whole catalogue was: of two equally good names the older product wins.
  for (const [text, ids] of idsOf) {
    const wanted = new Set(ids);
    candidatesOf.set(
      text,
      products.filter((p) => wanted.has(p.id)),
    );
  }
  return { products, productById, candidatesOf };
}

/** A free-text item links to a product when its name is an unambiguous match. */
export function linkItem(item: repo.PlanListItem, pool: MatchPool): string | null {
  if (item.productId && pool.productById.has(item.productId)) return item.productId;
  const match = matchProduct(item.name, null, pool.candidatesOf.get(item.name) ?? [], []);
  return match && match.score >= AUTO_LINK_SCORE ? match.productId : null;
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
