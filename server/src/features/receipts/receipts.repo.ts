import { sql, type Selectable } from 'kysely';
import type { TMonthlySpend, TReceipt, TReceiptSummary } from '@cartwise/contracts';
import type { ReceiptItemsTable, ReceiptsTable } from '../../db/schema';
import type { Db } from '../products';

export type ReceiptRow = Selectable<ReceiptsTable>;
export type ReceiptItemRow = Selectable<ReceiptItemsTable>;

export const PAGE_SIZE = 20;

const fromCentsOrNull = (cents: number | null) => (cents === null ? null : Number(cents) / 100);

export function findOwnReceipt(db: Db, userId: string, id: string): Promise<ReceiptRow | undefined> {
  return db.selectFrom('receipts').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The full receipt card: store and chain, lines in order with their product's name. */
export async function loadReceiptDto(db: Db, row: ReceiptRow): Promise<TReceipt> {
  const [items, chain] = await Promise.all([
    db
      .selectFrom('receipt_items')
      .leftJoin('products', 'products.id', 'receipt_items.product_id')
      .selectAll('receipt_items')
      .select('products.name as product_name')
      .where('receipt_items.receipt_id', '=', row.id)
      .orderBy('receipt_items.position')
      .execute(),
    row.store_id
      ? db
          .selectFrom('store_locations')
          .innerJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
          .select('store_chains.name')
          .where('store_locations.id', '=', row.store_id)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    id: row.id,
    storeName: row.store_name,
    storeId: row.store_id,
    chainName: chain?.name ?? null,
    storeAddress: row.store_address,
    date: row.purchased_on,
    time: row.purchased_time,
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: Number(item.quantity),
      price: Number(item.price_cents) / 100,
      unitPrice: fromCentsOrNull(item.unit_price_cents),
      discount: Number(item.discount_cents) / 100,
      category: item.category,
      productId: item.product_id,
      productName: item.product_name ?? null,
    })),
    subtotal: fromCentsOrNull(row.subtotal_cents),
    tax: fromCentsOrNull(row.tax_cents),
    total: Number(row.total_cents) / 100,
    payment: row.payment,
    source: row.source,
    hasImage: row.image_key !== null,
    imageType: row.image_key === null ? null : row.image_key.endsWith('.pdf') ? 'pdf' : 'image',
    householdId: row.household_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface ReceiptFilter {
  userId: string;
  q?: string;
  from?: string;
  to?: string;
}

function buildFiltered(db: Db, filter: ReceiptFilter) {
  let query = db.selectFrom('receipts').where('receipts.user_id', '=', filter.userId);
  if (filter.from) query = query.where('receipts.purchased_on', '>=', filter.from);
  if (filter.to) query = query.where('receipts.purchased_on', '<=', filter.to);
  const q = filter.q
    ?.toLowerCase()
    .replace(/[%_\\]/g, ' ')
    .trim();
  if (q) {
    const pattern = `%${q}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['receipts.store_name']), 'like', pattern),
        eb.exists(
          eb
            .selectFrom('receipt_items')
            .select('receipt_items.id')
            .whereRef('receipt_items.receipt_id', '=', 'receipts.id')
            .where(sql<string>`lower(receipt_items.name)`, 'like', pattern),
        ),
      ]),
    );
  }
  return query;
}

export async function listReceipts(
  db: Db,
  filter: ReceiptFilter,
  page: number,
): Promise<{ receipts: TReceiptSummary[]; totalCount: number; monthlySpend: TMonthlySpend[] }> {
  const filtered = buildFiltered(db, filter);
  const month = sql<string>`substr(receipts.purchased_on, 1, 7)`;
  const [rows, count, months] = await Promise.all([
    filtered
      .select((eb) => [
        'receipts.id',
        'receipts.store_name',
        'receipts.purchased_on',
        'receipts.total_cents',
        'receipts.image_key',
        eb
          .selectFrom('receipt_items')
          .select(eb.fn.countAll().as('n'))
          .whereRef('receipt_items.receipt_id', '=', 'receipts.id')
          .as('item_count'),
      ])
      .orderBy('receipts.purchased_on', 'desc')
      .orderBy('receipts.created_at', 'desc')
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
      .execute(),
    filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
    filtered
      .select((eb) => [month.as('month'), eb.fn.sum<number>('receipts.total_cents').as('cents'), eb.fn.countAll().as('n')])
      .where('receipts.purchased_on', 'is not', null)
      .groupBy(month)
      .orderBy(month, 'desc')
      .limit(24)
      .execute(),
  ]);
  return {
    receipts: rows.map((row) => ({
      id: row.id,
      storeName: row.store_name,
      date: row.purchased_on,
      total: Number(row.total_cents) / 100,
      itemCount: Number(row.item_count ?? 0),
      hasImage: row.image_key !== null,
    })),
    totalCount: Number(count?.n ?? 0),
    monthlySpend: months.map((row) => ({ month: row.month, total: Number(row.cents ?? 0) / 100, receiptCount: Number(row.n) })),
  };
}
