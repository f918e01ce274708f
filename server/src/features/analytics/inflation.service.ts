import { sql } from 'kysely';
import { listRecentMonths, type TInflationIndex, toIsoDay } from '@cartwise/contracts';
import { chainPriceIndex } from '@cartwise/contracts/domain/price-index';
import type { Deps } from '../../app-types';
import { memberHouseholdIds } from '../households';

/**
 * The household's price index over the last `months` months: what its current members (the shopper alone outside
 * any household) paid per unit for the products on their receipts (lines linked to a product, net of discounts), one
 * row per month and product, chained month to month. Only the index leaves: no member's receipt or price does. A
 * member who leaves takes their receipts out of the others' index.
 */
export async function getInflationIndex(app: Deps<'db'>, userId: string, months: number, now = new Date()): Promise<TInflationIndex> {
  const firstDay = `${listRecentMonths(toIsoDay(now), months)[0]}-01`;
  const month = sql<string>`substr(receipts.purchased_on, 1, 7)`;
  const rows = await app.db
    .selectFrom('receipts')
    .innerJoin('receipt_items', 'receipt_items.receipt_id', 'receipts.id')
    .select([
      month.as('month'),
      'receipt_items.product_id',
      sql<number | string>`sum(receipt_items.quantity)`.as('quantity'),
      sql<number | string>`sum(receipt_items.price_cents - receipt_items.discount_cents)`.as('paid_cents'),
    ])
    .where((eb) =>
      eb.or([
        eb('receipts.user_id', '=', userId),
        eb(
          'receipts.user_id',
          'in',
          app.db
            .selectFrom('household_members')
            .select('household_members.user_id')
            .where('household_id', 'in', memberHouseholdIds(app.db, userId)),
        ),
      ]),
    )
    .where('receipts.purchased_on', 'is not', null)
    .where('receipts.purchased_on', '>=', firstDay)
    .where('receipt_items.product_id', 'is not', null)
    .groupBy([month, 'receipt_items.product_id'])
    .execute();
  return {
    months: chainPriceIndex(
      rows.map((row) => ({
        month: row.month,
        productId: row.product_id!,
        quantity: Number(row.quantity),
        paidCents: Number(row.paid_cents),
      })),
    ),
  };
}
