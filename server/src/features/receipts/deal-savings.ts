import { sql } from 'kysely';
import type { TReceiptSaving } from '@cartwise/contracts';
import type { Db } from '../products';
import { dealSavingsCents } from './category-spend.service';

/**
 * The shopper's receipts dated in [from, to) with what each saved, unrounded: printed discounts plus deal prices paid
 * (as "saved on deals" counts them). One aggregate over the shopper's receipts in the period: a row per receipt.
 */
export function selectReceiptSavings(db: Db, userId: string, from: string, to: string) {
  return db
    .selectFrom('receipts')
    .innerJoin('receipt_items', 'receipt_items.receipt_id', 'receipts.id')
    .leftJoin('store_locations', 'store_locations.id', 'receipts.store_id')
    .select([
      'receipts.id',
      'receipts.store_name',
      'receipts.purchased_on',
      sql<number | string>`sum(case when receipt_items.discount_cents > 0 then receipt_items.discount_cents else 0 end)`.as(
        'discount_cents',
      ),
      dealSavingsCents.as('deal_cents'),
    ])
    .where('receipts.user_id', '=', userId)
    .where('receipts.purchased_on', '>=', from)
    .where('receipts.purchased_on', '<', to)
    .groupBy(['receipts.id', 'receipts.store_name', 'receipts.purchased_on']);
}

type ReceiptSavingsRow = Awaited<ReturnType<ReturnType<typeof selectReceiptSavings>['execute']>>[number];

/**
 * The rows of selectReceiptSavings that saved something, newest first, each rounded to whole cents: the deal savings
 * the dashboard's "Money saved" adds up. A receipt without a date counts as of `from`.
 */
export function toReceiptSavings(rows: readonly ReceiptSavingsRow[], from: string): TReceiptSaving[] {
  return rows
    .map((row) => {
      const discountCents = Math.round(Number(row.discount_cents));
      const dealCents = Math.round(Number(row.deal_cents ?? 0));
      return {
        receiptId: row.id,
        storeName: row.store_name,
        purchasedOn: row.purchased_on ?? from,
        discountCents,
        dealCents,
        savingsCents: discountCents + dealCents,
      };
    })
    .filter((entry) => entry.savingsCents > 0)
    .sort((a, b) => b.purchasedOn.localeCompare(a.purchasedOn) || a.receiptId.localeCompare(b.receiptId));
}

/** The shopper's receipts dated in [from, to) that saved something, newest first (toReceiptSavings). */
export async function listReceiptSavings(db: Db, userId: string, from: string, to: string): Promise<TReceiptSaving[]> {
  return toReceiptSavings(await selectReceiptSavings(db, userId, from, to).execute(), from);
}
