import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isFlagSet } from '../../db/ids';

export interface PromotionRow {
  id: string;
  storeId: string;
  chainRef: string | null;
  description: string;
  minQuantity: number;
  discountedPriceMinor: number | null;
  discountRate: number | null;
  minPurchaseMinor: number | null;
  isClubOnly: boolean;
  validFrom: string | null;
  validTo: string | null;
  /** The shopper holds a card for the store's chain. */
  hasLoyaltyCard: boolean;
  productIds: string[];
}

/**
 * Promotions at these stores covering any of these products that may be valid on `today` (no coupons, not
 * ended before today), each with the products it covers among those asked for, and whether the shopper holds
 * the store's chain's loyalty card.
 */
export async function findPlanPromotions(
  db: Kysely<Database>,
  { userId, storeIds, productIds, today }: { userId: string; storeIds: string[]; productIds: string[]; today: string },
): Promise<PromotionRow[]> {
  if (storeIds.length === 0 || productIds.length === 0) return [];
  const cards = db.selectFrom('user_loyalty_chains').select('chain_id').where('user_id', '=', userId);
  const rows = await db
    .selectFrom('promotions as p')
    .innerJoin('promotion_products as pp', 'pp.promotion_id', 'p.id')
    .innerJoin('store_locations as s', 's.id', 'p.store_id')
    .leftJoin('store_chains as c', 'c.id', 's.chain_id')
    .select([
      'p.id',
      'p.store_id',
      'c.source_ref as chain_ref',
      'p.description',
      'p.min_quantity',
      'p.discounted_price_minor',
      'p.discount_rate',
      'p.min_purchase_minor',
      'p.is_club_only',
      'p.valid_from',
      'p.valid_to',
      'pp.product_id',
    ])
    .select((eb) => eb.case().when('s.chain_id', 'in', cards).then(1).else(0).end().as('has_card'))
    // pp's own (product_id, store_id) index finds the rows: a product's promotions at every other store are never read.
    .where('pp.product_id', 'in', productIds)
    .where('pp.store_id', 'in', storeIds)
    .where('p.is_coupon', '=', 0)
    // Dates compare as text: a date-time ending today still starts with today's date.
    .where((eb) => eb.or([eb('p.valid_to', 'is', null), eb('p.valid_to', '>=', today)]))
    .orderBy('p.id')
    .orderBy('pp.product_id')
    .execute();
  const byId = new Map<string, PromotionRow>();
  for (const row of rows) {
    let promotion = byId.get(row.id);
    if (!promotion) {
      promotion = {
        id: row.id,
        storeId: row.store_id,
        chainRef: row.chain_ref ?? null,
        description: row.description,
        minQuantity: Number(row.min_quantity),
        discountedPriceMinor: row.discounted_price_minor === null ? null : Number(row.discounted_price_minor),
        discountRate: row.discount_rate === null ? null : Number(row.discount_rate),
        minPurchaseMinor: row.min_purchase_minor === null ? null : Number(row.min_purchase_minor),
        isClubOnly: isFlagSet(row.is_club_only),
        validFrom: row.valid_from,
        validTo: row.valid_to,
        hasLoyaltyCard: Number(row.has_card) === 1,
        productIds: [],
      };
      byId.set(row.id, promotion);
    }
    promotion.productIds.push(row.product_id);
  }
  return [...byId.values()];
}
