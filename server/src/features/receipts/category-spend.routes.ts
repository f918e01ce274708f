import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptsApi, type TCategorySpend } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { OTHER_CATEGORY } from '../products';
import type { Db } from '../products';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Spend per category (line totals net of their discounts) and "saved on deals": printed discounts plus, for
 * lines bought while an approved deal ran at that chain, the deal's original minus sale price per unit.
 */
export async function getCategorySpend(db: Db, userId: string, from?: string, to?: string): Promise<TCategorySpend> {
  let query = db
    .selectFrom('receipt_items')
    .innerJoin('receipts', 'receipts.id', 'receipt_items.receipt_id')
    .leftJoin('products', 'products.id', 'receipt_items.product_id')
    .leftJoin('store_locations', 'store_locations.id', 'receipts.store_id')
    .select([
      'receipt_items.quantity',
      'receipt_items.price_cents',
      'receipt_items.discount_cents',
      'receipt_items.category',
      'receipt_items.product_id',
      'products.category as product_category',
      'receipts.purchased_on',
      'receipts.store_id',
      'store_locations.chain_id',
    ])
    .where('receipts.user_id', '=', userId);
  if (from) query = query.where('receipts.purchased_on', '>=', from);
  if (to) query = query.where('receipts.purchased_on', '<=', to);
  const lines = await query.execute();

  const productIds = [...new Set(lines.map((line) => line.product_id).filter((id): id is string => id !== null))];
  const deals = productIds.length
    ? await db
        .selectFrom('deals')
        .leftJoin('store_locations', 'store_locations.id', 'deals.store_id')
        .select([
          'deals.product_id',
          'deals.store_id',
          'store_locations.chain_id',
          'deals.starts_on',
          'deals.ends_on',
          'deals.sale_price_cents',
          'deals.original_price_cents',
        ])
        .where('deals.status', '=', 'approved')
        .where('deals.product_id', 'in', productIds)
        .where('deals.original_price_cents', 'is not', null)
        .execute()
    : [];

  const byCategory = new Map<string, { cents: number; count: number }>();
  let totalCents = 0;
  let discountCents = 0;
  let dealCents = 0;
  for (const line of lines) {
    const paid = Number(line.price_cents) - Number(line.discount_cents);
    const category = line.category || line.product_category || OTHER_CATEGORY;
    const entry = byCategory.get(category) ?? { cents: 0, count: 0 };
    entry.cents += paid;
    entry.count += 1;
    byCategory.set(category, entry);
    totalCents += paid;
    discountCents += Number(line.discount_cents);
    const date = line.purchased_on;
    if (!line.product_id || !date) continue;
    const quantity = Number(line.quantity);
    const unitPaid = paid / quantity;
    const deal = deals.find(
      (candidate) =>
        candidate.product_id === line.product_id &&
        (candidate.store_id === line.store_id || (candidate.chain_id !== null && candidate.chain_id === line.chain_id)) &&
        (!candidate.starts_on || candidate.starts_on <= date) &&
        (!candidate.ends_on || candidate.ends_on >= date) &&
        // Only when the shopper actually paid (about) the sale price.
        unitPaid <= Number(candidate.sale_price_cents) + 1,
    );
    if (deal?.original_price_cents) dealCents += Math.max(0, Number(deal.original_price_cents) - Number(deal.sale_price_cents)) * quantity;
  }
  const categories = [...byCategory.entries()]
    .map(([category, entry]) => ({
      category,
      total: entry.cents / 100,
      itemCount: entry.count,
      share: totalCents > 0 ? round2(entry.cents / totalCents) : 0,
    }))
    .sort((a, b) => b.total - a.total);
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

export const categorySpendRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(receiptsApi.categorySpend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getCategorySpend(app.db, user.id, request.query.from, request.query.to);
    },
  });
};
