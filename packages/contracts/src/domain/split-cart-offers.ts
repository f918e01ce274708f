import { countWholePacks, isInSizeClass, type GenericNeed } from './generic-items';
import { convertToBaseUnit, normaliseUnit, type BaseQuantity } from './sizes';

export interface OfferProduct {
  id: string;
  sizeValue: number | null;
  sizeUnit: string | null;
}

export interface OfferQuote {
  productId: string;
  storeId: string;
  /** Shelf price of one package. */
  priceCents: number;
  observedOn: string;
  isDeal: boolean;
}

export interface OfferItem {
  /** How much the shopper wants, in `unit` (null unit = packages of the linked product). */
  quantity: number;
  unit: string | null;
  /** The product the item is linked to; its package is the reference size when the item has no unit. */
  referenceProductId: string | null;
  /** Products acceptable for this item: the linked one, plus substitutes when the shopper allows them. */
  candidateProductIds: string[];
  /** A generic item (generic-items.ts): offers are whole packs of a product in its size class covering the need. */
  generic?: GenericNeed | null;
}

export interface StoreOffer {
  storeId: string;
  productId: string;
  /** Price of one unit of what the item asks for (one `unit`, or one reference package), in (fractional) cents. */
  unitPriceCents: number;
  quote: OfferQuote;
  /** For a generic item: how many packages of the product cover the need. */
  packs?: number;
}

// Four decimals of a cent: enough to rank offers, and free of float noise such as 399.00000000000006.
const roundPrice = (cents: number) => Math.round(cents * 10_000) / 10_000;

function toBase(value: number | null, unit: string | null): BaseQuantity | null {
  if (!value || !unit) return null;
  const normalised = normaliseUnit(unit);
  if (!normalised) return null;
  const base = convertToBaseUnit({ amount: value, unit: normalised });
  return base.amount > 0 ? base : null;
}

/**
 * The cheapest comparable offer per store for one list item. Package sizes are normalised to what the item
 * asks for: a list item of 1 kg prices a 500 g pack at twice its shelf price, and with substitutes a 2 lb
 * bag competes with a 1 lb bag on price per gram. Offers whose size cannot be compared are left out rather
 * than guessed, except for the linked product itself, which is always comparable per package.
 */
export function findBestOffers(
  item: OfferItem,
  products: ReadonlyMap<string, OfferProduct>,
  quotes: readonly OfferQuote[],
): Map<string, StoreOffer> {
  if (item.generic) return findBestPacks(item, item.generic, products, quotes);
  const candidates = new Set(item.candidateProductIds);
  const reference = item.referenceProductId ? products.get(item.referenceProductId) : undefined;
  const wanted = toBase(1, item.unit) ?? (reference ? toBase(reference.sizeValue, reference.sizeUnit) : null);
  const best = new Map<string, StoreOffer>();
  for (const quote of quotes) {
    if (!candidates.has(quote.productId)) continue;
    const product = products.get(quote.productId);
    if (!product) continue;
    const size = toBase(product.sizeValue, product.sizeUnit);
    let unitPriceCents: number | null = null;
    const isReferencePackage = quote.productId === item.referenceProductId && !item.unit;
    if (isReferencePackage) unitPriceCents = quote.priceCents;
    else if (wanted && size && size.unit === wanted.unit) unitPriceCents = roundPrice((quote.priceCents * wanted.amount) / size.amount);
    else if (quote.productId === item.referenceProductId || (!wanted && candidates.size === 1)) unitPriceCents = quote.priceCents;
    if (unitPriceCents === null) continue;
    const current = best.get(quote.storeId);
    if (!current || unitPriceCents < current.unitPriceCents) {
      best.set(quote.storeId, { storeId: quote.storeId, productId: quote.productId, unitPriceCents, quote });
    }
  }
  return best;
}

/**
 * A generic item's cheapest offer per store: for each product of its size class, the whole packs that cover the
 * need, priced together. The offer's unit price is that cost per unit of the item's quantity, so quantity x unit
 * price is what the packs cost; of two equal costs, the one buying less wins.
 */
function findBestPacks(
  item: OfferItem,
  generic: GenericNeed,
  products: ReadonlyMap<string, OfferProduct>,
  quotes: readonly OfferQuote[],
): Map<string, StoreOffer> {
  const candidates = new Set(item.candidateProductIds);
  const best = new Map<string, StoreOffer & { bought: number; cost: number }>();
  for (const quote of quotes) {
    if (!candidates.has(quote.productId)) continue;
    const product = products.get(quote.productId);
    const size = product ? toBase(product.sizeValue, product.sizeUnit) : null;
    if (!size || !isInSizeClass(generic.asked, size)) continue;
    const packs = countWholePacks(generic.need, size);
    if (packs === null) continue;
    const cost = packs * quote.priceCents;
    const bought = packs * size.amount;
    const current = best.get(quote.storeId);
    if (current && (current.cost < cost || (current.cost === cost && current.bought <= bought))) continue;
    const unitPriceCents = roundPrice(cost / item.quantity);
    best.set(quote.storeId, { storeId: quote.storeId, productId: quote.productId, unitPriceCents, quote, packs, bought, cost });
  }
  return new Map([...best].map(([storeId, { bought: _bought, cost: _cost, ...offer }]) => [storeId, offer]));
}
