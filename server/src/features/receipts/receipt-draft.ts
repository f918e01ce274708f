import type { TReceiptDraft } from '@cartwise/contracts';
import { DEFAULT_RECEIPT_LOCALE, getCurrency } from '@cartwise/receipt-reader';
import { checkConsistency } from '@cartwise/receipt-reader';
import { loadMatchCandidates, suggestProduct } from '../products';
import type { Db } from '../products';
import type { TParsedReceipt } from './reading';
import { findKnownStore } from '@cartwise/receipt-reader';
import { findSellerId } from '@cartwise/receipt-reader';
import { findChainForStoreName, findStoreBySellerId } from './stores';
import { findStoreByAddress, findStoreByPhone, isVisibleTo } from '../stores';

/** The review draft: the parser's fields plus a product suggestion per line (this chain's aliases first). */
export async function buildReceiptDraft(
  db: Db,
  parsed: TParsedReceipt,
  rawText: string,
  readMs: number | null,
  userId: string,
): Promise<TReceiptDraft> {
  const readStore = parsed.store.value;
  // A misread name saved as read would start a second price history for a store Cartwise already has. A known store's
  // name read exactly comes first; then the seller's registration number, which names the store however the name was
  // read; then the printed address or phone number ("FRESHMART" at FreshMart Downtown's address is that store); then
  // the closest known name. Only stores this shopper may see are offered: others' private stores stay private.
  const visible = await db
    .selectFrom('store_locations')
    .select(['id', 'name', 'chain_id'])
    .where((eb) => isVisibleTo(eb, userId))
    .execute();
  const byName = readStore ? findKnownStore(readStore, visible) : null;
  const bySeller = byName?.score === 1 ? null : await findStoreBySellerId(db, findSellerId(rawText), userId);
  const byPlace =
    byName?.score === 1 || bySeller
      ? null
      : ((await findStoreByAddress(db, userId, parsed.address.value, readStore ?? undefined)) ??
        (await findStoreByPhone(db, userId, rawText, readStore ?? undefined)));
  const known = bySeller ? { store: bySeller, score: 1 } : byPlace ? { store: byPlace, score: 1 } : byName;
  const storeName = known ? { value: known.store.name, confidence: Math.max(parsed.store.confidence, known.score) } : parsed.store;
  // A known store's own chain is the one saving the receipt uses (resolveStore); only a new name needs one found.
  let chainId = known?.store.chain_id ?? null;
  if (!known && readStore) chainId = (await findChainForStoreName(db, readStore))?.id ?? null;
  const candidates = await loadMatchCandidates(
    db,
    parsed.items.filter((item) => item.price > 0),
    chainId,
    userId,
  );
  return {
    locale: parsed.locale,
    currency: parsed.currency,
    storeName,
    ...(known && (readStore || bySeller)
      ? {
          knownStore: { id: known.store.id, name: known.store.name, readAs: readStore ?? '', ...(bySeller ? { isSellerMatch: true } : {}) },
        }
      : {}),
    storeAddress: parsed.address,
    date: parsed.date,
    time: parsed.time,
    subtotal: parsed.subtotal,
    tax: parsed.tax,
    total: parsed.total,
    payment: { value: parsed.payment.value?.method ?? null, confidence: parsed.payment.confidence },
    items: parsed.items.map((item) => {
      const match = item.price > 0 ? suggestProduct(candidates, item.name, chainId) : null;
      return {
        name: item.name,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        price: item.price,
        discount: item.discount,
        confidence: item.confidence,
        size: item.size,
        productId: match?.product.id ?? null,
        productName: match?.product.name ?? null,
        matchScore: match?.score ?? null,
        isAliasMatch: match?.isAliasMatch ?? false,
      };
    }),
    consistency: parsed.consistency,
    rawText: rawText.slice(0, 20_000),
    readMs,
  };
}

export const MANUAL_ENTRY_NOTICE = 'Automatic reading is turned off, so nothing was filled in: type the details in from your receipt.';

/**
 * An empty draft for typing in by hand; the locale still decides the currency, as it would for a read receipt.
 * `notice` says why it is empty; the consistency check is the parser's for a blank receipt, not a second copy of it.
 */
export function buildManualEntryDraft(locale: string | null): TReceiptDraft {
  const resolvedLocale = locale ?? DEFAULT_RECEIPT_LOCALE;
  const currency = getCurrency(resolvedLocale).code;
  const blank = { value: null, confidence: 0 };
  return {
    locale: resolvedLocale,
    currency,
    storeName: blank,
    storeAddress: blank,
    date: blank,
    time: blank,
    subtotal: blank,
    tax: blank,
    total: blank,
    payment: blank,
    items: [],
    consistency: checkConsistency([], null, null, currency),
    rawText: '',
    readMs: null,
    notice: MANUAL_ENTRY_NOTICE,
  };
}
