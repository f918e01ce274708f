import { toCents, type TCreateReceipt, type TReceipt, type TUpdateReceipt, type TReceiptItemInput, getTodayIso } from '@cartwise/contracts';
import { toAliasKey } from '@cartwise/contracts/domain/product-matching';
import type { Deps } from '../../app-types';
import { createId, nowIso, toFlag } from '../../db/ids';
import { notFound } from '../../http/errors';
import { guessCategory } from '../products';
import { loadMatchCandidates, rememberAlias, resolveLineProduct } from '../products';
import { findVisibleProduct, type Db } from '../products';
import { deleteUpload } from './receipt-files';
import { findOwnReceipt, loadReceiptDto, type ReceiptRow } from './receipts.repo';
import { findSellerId } from '@cartwise/receipt-reader';
import { rememberSellerId, resolveStore, type ResolvedStore } from './stores';
import { matchReceiptToTrip, releaseReceiptFromTrip } from '../splitcart';

/** The known store's own spelling when only letter case differs ("FRESH MART" on the slip is "Fresh Mart"). */
function toStoreName(typed: string, store: ResolvedStore): string {
  const trimmed = typed.trim();
  return store.name.toLowerCase() === trimmed.toLowerCase() ? store.name : trimmed;
}

const centsOrNull = (amount: number | null | undefined) => (amount === null || amount === undefined ? null : toCents(amount));

/** Whether an approved deal for the product ran at this store's chain on that day (the line was bought on deal). */
async function hasActiveDeal(db: Db, productId: string, store: ResolvedStore, date: string): Promise<boolean> {
  const row = await db
    .selectFrom('deals')
    .leftJoin('store_locations', 'store_locations.id', 'deals.store_id')
    .select('deals.id')
    .where('deals.product_id', '=', productId)
    .where('deals.status', '=', 'approved')
    .where((eb) =>
      eb.or([eb('deals.store_id', '=', store.storeId), ...(store.chainId ? [eb('store_locations.chain_id', '=', store.chainId)] : [])]),
    )
    .where((eb) => eb.or([eb('deals.starts_on', 'is', null), eb('deals.starts_on', '<=', date)]))
    .where((eb) => eb.or([eb('deals.ends_on', 'is', null), eb('deals.ends_on', '>=', date)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the lines, links each to a product (learning the chain's alias) and records a price observation. */
async function writeItems(
  db: Db,
  userId: string,
  receiptId: string,
  store: ResolvedStore,
  date: string,
  items: readonly TReceiptItemInput[],
) {
  const candidates = await loadMatchCandidates(db, items, store.chainId, userId);
  const now = nowIso();
  for (const [position, item] of items.entries()) {
    const quantity = item.quantity ?? 1;
    const priceCents = toCents(item.price);
    const discountCents = toCents(item.discount ?? 0);
    // Coupons and refunds (zero or negative lines) are money, not products.
    const product = priceCents > 0 ? await resolveLineProduct(db, candidates, item, store.chainId, userId) : null;
    if (product && toAliasKey(item.name) !== toAliasKey(product.name))
      await rememberAlias(db, product.id, store.chainId, item.name, userId);
    const itemId = createId();
    await db
      .insertInto('receipt_items')
      .values({
        id: itemId,
        receipt_id: receiptId,
        position,
        name: item.name,
        quantity,
        unit: null,
        unit_price_cents:
          item.unitPrice === null || item.unitPrice === undefined ? Math.round(priceCents / quantity) : toCents(item.unitPrice),
        price_cents: priceCents,
        discount_cents: discountCents,
        category: item.category || product?.category || guessCategory(item.name),
        product_id: product?.id ?? null,
        created_at: now,
      })
      .execute();
    if (!product) continue;
    const isDeal = discountCents > 0 || (await hasActiveDeal(db, product.id, store, date));
    await db
      .insertInto('price_observations')
      .values({
        id: createId(),
        product_id: product.id,
        store_id: store.storeId,
        observed_on: date,
        unit_price_cents: Math.round((priceCents - discountCents) / quantity),
        size_value: product.size_value,
        size_unit: product.size_unit,
        is_deal: toFlag(isDeal),
        source: 'receipt',
        source_id: itemId,
        user_id: userId,
        created_at: now,
      })
      .execute();
  }
}

async function deleteItems(db: Db, receiptId: string): Promise<void> {
  const ids = (await db.selectFrom('receipt_items').select('id').where('receipt_id', '=', receiptId).execute()).map((row) => row.id);
  if (ids.length === 0) return;
  await db.deleteFrom('price_observations').where('source', '=', 'receipt').where('source_id', 'in', ids).execute();
  await db.deleteFrom('receipt_items').where('receipt_id', '=', receiptId).execute();
}

export interface ReceiptOrigin {
  source: 'manual' | 'upload' | 'text';
  imageKey: string | null;
  rawText: string | null;
}

/** Creates a receipt with its lines, product links and price observations, in one transaction. */
export async function createReceipt(
  db: Db,
  userId: string,
  input: TCreateReceipt,
  origin: ReceiptOrigin = { source: 'manual', imageKey: null, rawText: null },
): Promise<ReceiptRow> {
  const store = await resolveStore(db, userId, input.storeName, input.storeId, { address: input.storeAddress, rawText: origin.rawText });
  const now = nowIso();
  const row: ReceiptRow = {
    id: createId(),
    user_id: userId,
    store_id: store.storeId,
    store_name: toStoreName(input.storeName, store),
    store_address: input.storeAddress || null,
    purchased_on: input.date,
    purchased_time: input.time ?? null,
    subtotal_cents: centsOrNull(input.subtotal),
    tax_cents: centsOrNull(input.tax),
    total_cents: toCents(input.total),
    payment: input.payment || null,
    source: origin.source,
    image_key: origin.imageKey,
    raw_text: origin.rawText,
    household_id: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('receipts').values(row).execute();
  await writeItems(db, userId, row.id, store, input.date, input.items);
  if (origin.rawText) await rememberSellerId(db, store.storeId, findSellerId(origin.rawText));
  await matchReceiptToTrip(db, userId, row.id);
  return row;
}

export async function createReceiptDto(app: Deps<'db'>, userId: string, input: TCreateReceipt): Promise<TReceipt> {
  const row = await app.db.transaction().execute((trx) => createReceipt(trx, userId, input));
  return loadReceiptDto(app.db, row);
}

/** PATCH: changes the given fields; new lines, store or date rewrite the lines and their observations. */
export async function updateReceipt(app: Deps<'db'>, userId: string, id: string, input: TUpdateReceipt): Promise<TReceipt> {
  const row = await app.db.transaction().execute(async (trx) => {
    const current = await findOwnReceipt(trx, userId, id);
    if (!current) throw notFound('Receipt');
    const isStoreChanged = input.storeName !== undefined || input.storeId !== undefined;
    const storeName = input.storeName ?? current.store_name;
    const store = isStoreChanged
      ? await resolveStore(trx, userId, storeName, input.storeId)
      : await resolveStore(trx, userId, storeName, current.store_id);
    const date = input.date ?? current.purchased_on ?? getTodayIso();
    const has = (key: keyof TUpdateReceipt) => Object.prototype.hasOwnProperty.call(input, key);
    await trx
      .updateTable('receipts')
      .set({
        store_id: store.storeId,
        store_name: toStoreName(storeName, store),
        ...(has('storeAddress') ? { store_address: input.storeAddress || null } : {}),
        purchased_on: date,
        ...(has('time') ? { purchased_time: input.time ?? null } : {}),
        ...(has('subtotal') ? { subtotal_cents: centsOrNull(input.subtotal) } : {}),
        ...(has('tax') ? { tax_cents: centsOrNull(input.tax) } : {}),
        ...(input.total !== undefined ? { total_cents: toCents(input.total) } : {}),
        ...(has('payment') ? { payment: input.payment || null } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', id)
      .execute();
    if (input.items || isStoreChanged || input.date !== undefined) {
      const items: TReceiptItemInput[] =
        input.items ??
        (await trx.selectFrom('receipt_items').selectAll().where('receipt_id', '=', id).orderBy('position').execute()).map((item) => ({
          name: item.name,
          quantity: Number(item.quantity),
          price: Number(item.price_cents) / 100,
          unitPrice: item.unit_price_cents === null ? null : Number(item.unit_price_cents) / 100,
          discount: Number(item.discount_cents) / 100,
          category: item.category,
          productId: item.product_id,
        }));
      await deleteItems(trx, id);
      await writeItems(trx, userId, id, store, date, items);
    }
    await matchReceiptToTrip(trx, userId, id);
    return (await findOwnReceipt(trx, userId, id))!;
  });
  return loadReceiptDto(app.db, row);
}

export async function deleteReceipt(app: Deps<'db' | 'files'>, userId: string, id: string): Promise<void> {
  const imageKey = await app.db.transaction().execute(async (trx) => {
    const current = await findOwnReceipt(trx, userId, id);
    if (!current) throw notFound('Receipt');
    await releaseReceiptFromTrip(trx, id);
    await deleteItems(trx, id);
    await trx.deleteFrom('receipts').where('id', '=', id).execute();
    return current.image_key;
  });
  await deleteUpload(app.files, imageKey);
}

/** Re-links one line to the product the user chose and remembers the line's text for the store chain. */
export async function linkReceiptItem(
  app: Deps<'db'>,
  userId: string,
  receiptId: string,
  itemId: string,
  productId: string,
): Promise<TReceipt> {
  const row = await app.db.transaction().execute(async (trx) => {
    const receipt = await findOwnReceipt(trx, userId, receiptId);
    if (!receipt) throw notFound('Receipt');
    const item = await trx
      .selectFrom('receipt_items')
      .selectAll()
      .where('id', '=', itemId)
      .where('receipt_id', '=', receiptId)
      .executeTakeFirst();
    if (!item) throw notFound('Receipt item');
    const product = await findVisibleProduct(trx, productId, userId);
    if (!product) throw notFound('Product');
    const store = await resolveStore(trx, userId, receipt.store_name, receipt.store_id);
    await trx
      .updateTable('receipt_items')
      .set({ product_id: product.id, ...(product.category ? { category: product.category } : {}) })
      .where('id', '=', itemId)
      .execute();
    await rememberAlias(trx, product.id, store.chainId, item.name, userId);
    const observation = await trx
      .selectFrom('price_observations')
      .select('id')
      .where('source', '=', 'receipt')
      .where('source_id', '=', itemId)
      .executeTakeFirst();
    if (observation) {
      await trx
        .updateTable('price_observations')
        .set({ product_id: product.id, size_value: product.size_value, size_unit: product.size_unit })
        .where('id', '=', observation.id)
        .execute();
    } else if (Number(item.price_cents) > 0 && receipt.purchased_on) {
      await trx
        .insertInto('price_observations')
        .values({
          id: createId(),
          product_id: product.id,
          store_id: store.storeId,
          observed_on: receipt.purchased_on,
          unit_price_cents: Math.round((Number(item.price_cents) - Number(item.discount_cents)) / Number(item.quantity)),
          size_value: product.size_value,
          size_unit: product.size_unit,
          is_deal: toFlag(Number(item.discount_cents) > 0),
          source: 'receipt',
          source_id: itemId,
          user_id: userId,
          created_at: nowIso(),
        })
        .execute();
    }
    await trx.updateTable('receipts').set({ updated_at: nowIso() }).where('id', '=', receiptId).execute();
    await matchReceiptToTrip(trx, userId, receiptId);
    return receipt;
  });
  return loadReceiptDto(app.db, (await findOwnReceipt(app.db, userId, row.id))!);
}
