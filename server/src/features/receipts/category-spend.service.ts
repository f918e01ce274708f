import { sql } from 'kysely';
import type { TCategorySpend } from '@cartwise/contracts';
import { OTHER_CATEGORY } from '../products';
import type { Db } from '../products';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * What an approved deal saved on one receipt line, per unit: the deal ran at the line's store or chain on the
 * purchase date, and the shopper paid (about) its sale price. Several such deals: the one that saved most.
 */
const dealSavingPerUnit = sql<number | null>`(
  select max(case when d.original_price_cents > d.sale_price_cents then d.original_price_cents - d.sale_price_cents else 0 end)
  from deals d
  left join store_locations ds on ds.id = d.store_id
  where d.product_id = receipt_items.product_id
    and d.status = 'approved'
    and d.original_price_cents is not null
    and (d.store_id = receipts.store_id or (ds.chain_id is not null and ds.chain_id = store_locations.chain_id))
    and (d.starts_on is null or d.starts_on <= receipts.purchased_on)
    and (d.ends_on is null or d.ends_on >= receipts.purchased_on)
    and (receipt_items.price_cents - receipt_items.discount_cents) * 1.0 / nullif(receipt_items.quantity, 0)
      <= d.sale_price_cents + 1
)`;

/** The deals' savings on the lines aggregated (dealSavingPerUnit times the quantity); a line without a date has none. */
export const dealSavingsCents = sql<number | string | null>`sum(case when receipt_items.product_id is not null
  and receipts.purchased_on is not null then coalesce(${dealSavingPerUnit}, 0) * receipt_items.quantity else 0 end)`;

/**
 * Spend per category (line totals net of their discounts) and "saved on deals": printed discounts plus, for
 * lines bought while an approved deal ran at that chain, the deal's original minus sale price per unit.
 * One aggregate over the shopper's own receipts in the period (receipts_user_date_idx): a row per category.
 */
export async function getCategorySpend(db: Db, userId: string, from?: string, to?: string): Promise<TCategorySpend> {
  const category = sql<string>`coalesce(nullif(receipt_items.category, ''), nullif(products.category, ''), ${sql.lit(OTHER_CATEGORY)})`;
  let query = db
    .selectFrom('receipts')
    .innerJoin('receipt_items', 'receipt_items.receipt_id', 'receipts.id')
    .leftJoin('products', 'products.id', 'receipt_items.product_id')
    .leftJoin('store_locations', 'store_locations.id', 'receipts.store_id')
    .select([
      category.as('category'),
      sql<number | string>`sum(receipt_items.price_cents - receipt_items.discount_cents)`.as('paid_cents'),
      sql<number | string>`count(*)`.as('item_count'),
      sql<number | string>`sum(receipt_items.discount_cents)`.as('discount_cents'),
      dealSavingsCents.as('deal_cents'),
    ])
    .where('receipts.user_id', '=', userId)
    .groupBy(category);
  if (from) query = query.where('receipts.purchased_on', '>=', from);
  if (to) query = query.where('receipts.purchased_on', '<=', to);
  const rows = await query.execute();

  const totalCents = rows.reduce((sum, row) => sum + Number(row.paid_cents), 0);
  const discountCents = rows.reduce((sum, row) => sum + Number(row.discount_cents), 0);
  const dealCents = rows.reduce((sum, row) => sum + Number(row.deal_cents ?? 0), 0);
  const categories = rows
    .map((row) => ({
      category: row.category,
      total: Number(row.paid_cents) / 100,
      itemCount: Number(row.item_count),
      share: totalCents > 0 ? round2(Number(row.paid_cents) / totalCents) : 0,
    }))
    .sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
  return {
    from: from ?? null,
    to: to ?? null,
    totalSpend: totalCents / 100,
    categories,
    savedOnDeals: {
      discounts: discountCents / 100,
      dealSavings: round2(dealCents / 100),
      total: round2((discountCents + dealCents) / 100),
    },
  };
}
