import type { TRecommendationPlan } from '@cartwise/contracts';
import { matchProduct, scoreProductName, AUTO_LINK_SCORE } from '@cartwise/contracts/domain/product-matching';
import { findBestOffers, type OfferProduct, type StoreOffer } from '@cartwise/contracts/domain/split-cart-offers';
import type { Deps } from '../../app-types';
import { countDaysBetween, findLatestQuotes } from '../pricebook';
import { findMatchCandidateIds } from '../products';
import type { PlanInputs } from './plan-inputs';
import * as repo from './recommendations.repo';

const SUBSTITUTE_SCORE = 0.75;

export interface PricedItem {
  item: repo.PlanListItem;
  offers: Map<string, StoreOffer>;
}

export interface PricedList {
  priced: PricedItem[];
  unpriced: TRecommendationPlan['unpriced'];
  productById: Map<string, repo.PlanProductRow>;
}

/** Links each item to a product, widens it to its substitutes, and prices every candidate at every store. */
export async function priceListItems(app: Deps<'db'>, inputs: PlanInputs): Promise<PricedList> {
  const { items, stores, today, includeStale, staleDays } = inputs;
  const products = await loadMatchableProducts(app, items);
  const productById = new Map(products.map((p) => [p.id, p]));
  const offerProducts = new Map<string, OfferProduct>(
    products.map((p) => [p.id, { id: p.id, sizeValue: p.size_value, sizeUnit: p.size_unit }]),
  );

  const linked = items.map((item) => ({ item, productId: linkItem(item, products, productById) }));
  const candidatesByItem = new Map(
    linked.flatMap(({ item, productId }) =>
      productId ? [[item.id, findCandidates(productId, item, products, productById)] as const] : [],
    ),
  );
  const allCandidates = new Set([...candidatesByItem.values()].flat());
  const quotes = (await findLatestQuotes(app.db, { productIds: [...allCandidates], storeIds: stores.map((s) => s.id), onDate: today }))
    .filter((q) => includeStale || countDaysBetween(q.observedOn, today) <= staleDays)
    .map((q) => ({ productId: q.productId, storeId: q.storeId, priceCents: q.unitPriceCents, observedOn: q.observedOn, isDeal: q.isDeal }));

  const unpriced: TRecommendationPlan['unpriced'] = [];
  const priced: PricedItem[] = [];
  for (const { item, productId } of linked) {
    if (!productId) {
      unpriced.push({ itemId: item.id, name: item.name, reason: 'no-product' });
      continue;
    }
    const offers = findBestOffers(
      {
        quantity: item.quantity,
        unit: item.unit,
        referenceProductId: productId,
        candidateProductIds: candidatesByItem.get(item.id) ?? [productId],
      },
      offerProducts,
      quotes,
    );
    if (offers.size === 0) unpriced.push({ itemId: item.id, name: item.name, reason: 'no-price' });
    else priced.push({ item, offers });
  }
  return { priced, unpriced, productById };
}

/**
 * The linked products, plus the candidates the word index finds for each free-text item's name and each substitutable
 * item's product name: the fuzzy matcher then ranks a few hundred products at most, not the whole catalogue.
 */
async function loadMatchableProducts(app: Deps<'db'>, items: repo.PlanListItem[]): Promise<repo.PlanProductRow[]> {
  const linkedIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const linked = await repo.findProducts(app.db, linkedIds);
  const linkedById = new Map(linked.map((p) => [p.id, p]));
  const freeText = items.filter((item) => !item.productId || !linkedById.has(item.productId));
  const searched = new Set<string>();
  const ids = new Set(linkedById.keys());
  const search = async (texts: string[]) => {
    for (const text of texts) {
      if (searched.has(text)) continue;
      searched.add(text);
      for (const id of await findMatchCandidateIds(app.db, text)) ids.add(id);
    }
  };
  await search([
    ...freeText.map((item) => item.name),
    ...items
      .filter((item) => item.acceptsSubstitutes && linkedById.has(item.productId ?? ''))
      .map((item) => linkedById.get(item.productId!)!.name),
  ]);
  if (ids.size === linked.length) return linked;
  let products = await repo.findProducts(app.db, [...ids]);
  // A substitutable free-text item's substitutes are found by its product's name, known once it is linked.
  const productById = new Map(products.map((p) => [p.id, p]));
  const before = ids.size;
  await search(
    freeText
      .filter((item) => item.acceptsSubstitutes)
      .flatMap((item) => {
        const productId = linkItem(item, products, productById);
        return productId ? [productById.get(productId)!.name] : [];
      }),
  );
  if (ids.size > before) products = await repo.findProducts(app.db, [...ids]);
  return products;
}

/** A free-text item links to a product when its name is an unambiguous match. */
function linkItem(item: repo.PlanListItem, products: repo.PlanProductRow[], productById: Map<string, repo.PlanProductRow>): string | null {
  if (item.productId && productById.has(item.productId)) return item.productId;
  const match = matchProduct(item.name, null, products, []);
  return match && match.score >= AUTO_LINK_SCORE ? match.productId : null;
}

/**
 * A substitute is the same kind of product in another brand or size ("Oats 1 kg" for "Oats 500 g"). Categories are
 * too broad for this (bananas are not spinach), so names decide.
 */
function findCandidates(
  productId: string,
  item: repo.PlanListItem,
  products: repo.PlanProductRow[],
  productById: Map<string, repo.PlanProductRow>,
): string[] {
  const linked = productById.get(productId);
  if (!item.acceptsSubstitutes || !linked) return [productId];
  return products.filter((p) => p.id === productId || scoreProductName(p.name, linked.name) >= SUBSTITUTE_SCORE).map((p) => p.id);
}
