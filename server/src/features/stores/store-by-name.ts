import type { Kysely } from 'kysely';
import { createId, nowIso } from '../../db/ids';
import type { Database } from '../../db/schema';
import { lockWithinTransaction } from '../../db/transaction-lock';
import { toPhoneColumns } from './store-phone';

/**
 * The store location with this name, any case; the oldest when several share it, so a typed name always means
 * the same store (everyone's receipts and deals from "Fresh Mart" build one price history).
 */
export async function findStoreIdByName(db: Kysely<Database>, name: string): Promise<string | null> {
  const row = await db
    .selectFrom('store_locations')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.trim().toLowerCase()))
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Holds a store name (any case) until the transaction ends: whoever creates a store of that name takes it first. */
export function lockStoreName(trx: Kysely<Database>, name: string): Promise<void> {
  return lockWithinTransaction(trx, `store-name:${name.trim().toLowerCase()}`);
}

/**
 * The store a shopper typed: found by name, or created with the chain `findChainId` gives (asked only for a new
 * store). The name stays locked until the transaction ends, so two requests typing the same new store at the same
 * moment create it once: call it inside the transaction that saves what uses the store.
 */
export async function findOrCreateStoreByName(
  trx: Kysely<Database>,
  userId: string,
  name: string,
  findChainId: () => Promise<string | null>,
  newStore: { isPublic?: boolean; address?: string | null; phone?: string | null } = {},
): Promise<{ id: string; isNew: boolean }> {
  const trimmed = name.trim();
  await lockStoreName(trx, trimmed);
  const existing = await findStoreIdByName(trx, trimmed);
  if (existing) return { id: existing, isNew: false };
  const id = createId();
  await trx
    .insertInto('store_locations')
    .values({
      id,
      chain_id: await findChainId(),
      name: trimmed,
      created_by: userId,
      created_at: nowIso(),
      is_public: newStore.isPublic === false ? 0 : 1,
      ...(newStore.address ? { address: newStore.address.trim().slice(0, 300) } : {}),
      ...toPhoneColumns(newStore.phone),
    })
    .execute();
  return { id, isNew: true };
}
