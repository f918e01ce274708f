import { createId, nowIso } from '../../db/ids';
import { findSellerId } from '@cartwise/receipt-reader';
import {
  confirmStore,
  findOrCreateStoreByName,
  findPhoneNumbers,
  findStoreByAddress,
  findStoreByPhone,
  findStoreIdByName,
  isStoreVisibleTo,
  isVisibleTo,
} from '../stores';
import { badRequest } from '../../http/errors';
import type { Db } from '../products';

export interface ResolvedStore {
  storeId: string;
  chainId: string | null;
  chainName: string | null;
  name: string;
}

/** "WALMART SUPERCENTER #1234" -> "walmart supercenter": the part that names the chain, not the branch. */
function toChainKey(storeName: string): string {
  return storeName
    .toLowerCase()
    .replace(/#\s*\d+|\bstore\s*\d+|\bno\.?\s*\d+/g, ' ')
    .replace(/[^a-z0-9&' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function toTitleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (char) => char.toUpperCase());
}

/** The known chain whose name the store name starts with (longest wins), without creating anything. */
export async function findChainForStoreName(db: Db, storeName: string): Promise<{ id: string; name: string } | null> {
  const key = toChainKey(storeName);
  if (!key) return null;
  const chains = await db.selectFrom('store_chains').select(['id', 'name']).execute();
  let best: { id: string; name: string } | null = null;
  for (const chain of chains) {
    const chainKey = toChainKey(chain.name);
    const isMatch = chainKey && (key === chainKey || key.startsWith(`${chainKey} `));
    if (isMatch && (!best || chainKey.length > toChainKey(best.name).length)) best = chain;
  }
  return best;
}

async function findOrCreateChain(db: Db, storeName: string): Promise<{ id: string; name: string } | null> {
  const known = await findChainForStoreName(db, storeName);
  if (known) return known;
  const key = toChainKey(storeName);
  if (!key) return null;
  const name = toTitleCase(key).slice(0, 120);
  await db
    .insertInto('store_chains')
    .values({ id: createId(), name, created_at: nowIso() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('store_chains').select(['id', 'name']).where('name', '=', name).executeTakeFirst()) ?? null;
}

/** What else the receipt printed about its store, to recognise a known store read under another name. */
export interface StoreHints {
  address?: string | null;
  rawText?: string | null;
}

/**
 * The store location a receipt belongs to (price observations need one): the chosen id (one this shopper may see),
 * else a location of the same name, else the one visible store at the printed address, phone number or seller
 * number, else a new location under its chain (found or created from the name), private to this shopper until an
 * operator approves it or enough shoppers' receipts name it. Run it inside the transaction that saves the receipt,
 * so the name's lock lasts until the new store is committed.
 */
export async function resolveStore(
  db: Db,
  userId: string,
  storeName: string,
  storeId: string | null | undefined,
  hints: StoreHints = {},
): Promise<ResolvedStore> {
  let id = storeId ?? null;
  if (id && !(await isStoreVisibleTo(db, id, userId))) throw badRequest('Unknown store');
  if (!id) {
    const named = await findStoreIdByName(db, storeName);
    const known = named
      ? null
      : ((await findStoreByAddress(db, userId, hints.address, storeName)) ??
        (await findStoreByPhone(db, userId, hints.rawText, storeName)) ??
        (hints.rawText ? await findStoreBySellerId(db, findSellerId(hints.rawText), userId) : null));
    id =
      known?.id ??
      (
        await findOrCreateStoreByName(db, userId, storeName, async () => (await findOrCreateChain(db, storeName.trim()))?.id ?? null, {
          isPublic: false,
          address: hints.address ?? null,
          phone: findPhoneNumbers(hints.rawText ?? '')[0] ?? null,
        })
      ).id;
    await confirmStore(db, id, userId);
  }
  const row = await db
    .selectFrom('store_locations')
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select(['store_locations.id', 'store_locations.name', 'store_locations.chain_id', 'store_chains.name as chain_name'])
    .where('store_locations.id', '=', id)
    .executeTakeFirst();
  if (!row) throw badRequest('Unknown store');
  return { storeId: row.id, chainId: row.chain_id, chainName: row.chain_name, name: row.name };
}

/**
 * Remembers the seller's registration number on the store a read receipt was saved for, so the next receipt printing it
 * is offered that store. A store keeps the first number saved for it, and a number already on another store stays there.
 */
export async function rememberSellerId(db: Db, storeId: string, sellerId: string | null): Promise<void> {
  if (!sellerId) return;
  const owner = await db.selectFrom('store_locations').select('id').where('seller_id', '=', sellerId).executeTakeFirst();
  if (owner) return;
  await db.updateTable('store_locations').set({ seller_id: sellerId }).where('id', '=', storeId).where('seller_id', 'is', null).execute();
}

/** The store location that receipts with this registration number were saved for, if exactly one was. */
export async function findStoreBySellerId(
  db: Db,
  sellerId: string | null,
  userId: string,
): Promise<{ id: string; name: string; chain_id: string | null } | null> {
  if (!sellerId) return null;
  const rows = await db
    .selectFrom('store_locations')
    .select(['id', 'name', 'chain_id'])
    .where('seller_id', '=', sellerId)
    .where((eb) => isVisibleTo(eb, userId))
    .limit(2)
    .execute();
  return rows.length === 1 ? (rows[0] ?? null) : null;
}
