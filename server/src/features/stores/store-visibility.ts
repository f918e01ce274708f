import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { nowIso } from '../../db/ids';
import { toPhoneKey } from './store-phone';

/** Distinct shoppers (its creator included) whose saved receipts name a private store before everyone sees it. */
export const STORE_CONFIRMATIONS_TO_PUBLISH = 3;

type Db = Kysely<Database>;

/**
 * The stores a shopper may see: public ones, the private ones their own receipts created, and the private ones their
 * receipts confirmed. Everyone else's private stores stay out of pickers, price tables and read receipts.
 */
export function isVisibleTo(eb: ExpressionBuilder<Database, 'store_locations'>, userId: string) {
  return eb.or([
    eb('store_locations.is_public', '=', 1),
    eb('store_locations.created_by', '=', userId),
    eb.exists(
      eb
        .selectFrom('store_confirmations')
        .select('store_confirmations.store_id')
        .whereRef('store_confirmations.store_id', '=', 'store_locations.id')
        .where('store_confirmations.user_id', '=', userId),
    ),
  ]);
}

export async function isStoreVisibleTo(db: Db, storeId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('store_locations')
    .select('id')
    .where('id', '=', storeId)
    .where((eb) => isVisibleTo(eb, userId))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A shopper's receipt names a store: when it is someone else's private store, that is one more shopper who found it,
 * and with STORE_CONFIRMATIONS_TO_PUBLISH of them it becomes public.
 */
export async function confirmStore(db: Db, storeId: string, userId: string): Promise<void> {
  const store = await db.selectFrom('store_locations').select(['is_public', 'created_by']).where('id', '=', storeId).executeTakeFirst();
  if (!store || Number(store.is_public) === 1 || store.created_by === userId) return;
  await db
    .insertInto('store_confirmations')
    .values({ store_id: storeId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['store_id', 'user_id']).doNothing())
    .execute();
  const confirmed = await db
    .selectFrom('store_confirmations')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('store_id', '=', storeId)
    .where('user_id', '!=', store.created_by ?? '')
    .executeTakeFirstOrThrow();
  const shoppers = Number(confirmed.n) + (store.created_by ? 1 : 0);
  if (shoppers >= STORE_CONFIRMATIONS_TO_PUBLISH)
    await db.updateTable('store_locations').set({ is_public: 1 }).where('id', '=', storeId).execute();
}

const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  west: 'w',
  east: 'e',
  north: 'n',
  south: 's',
};

/** "120 W. Main Street, Madison" -> "120 w main st madison"; letters of any script stay ("הרצל 120"). */
export function normaliseAddress(address: string): string {
  return address
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .map((word) => ADDRESS_WORDS[word] ?? word)
    .join(' ');
}

/** The digits of the phone numbers printed in a text, last ten of each (country codes and spacing differ). */
export function findPhoneNumbers(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/(?:\+?\d[\d ().-]{7,18}\d)/g)) {
    const key = match[0].replace(/\D/g, '').length <= 13 ? toPhoneKey(match[0]) : null;
    if (key !== null) found.add(key);
  }
  return [...found];
}

/** "FRESH MART #12" -> "freshmart12": letters and digits of any script, to compare a printed name with a chain's. */
function compactName(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

interface FoundStore {
  id: string;
  name: string;
  chain_id: string | null;
  chain_name: string | null;
}

/**
 * The one store among `matches`: the only match, else the only one whose chain the printed store name starts with
 * ("FRESH MART" is FreshMart's store, not ValueGrocer's at the same mall address). None when that is not one store.
 */
function pickStore(matches: FoundStore[], storeName: string | undefined): FoundStore | null {
  if (matches.length === 1) return matches[0]!;
  const printed = compactName(storeName ?? '');
  const ofChain = matches.filter((store) => {
    const chain = compactName(store.chain_name ?? '');
    return chain.length >= 3 && printed.startsWith(chain);
  });
  return ofChain.length === 1 ? ofChain[0]! : null;
}

/**
 * The visible store at the address a receipt printed: its street address (with a house number) starts the printed
 * one, and the rest names its city when the store has one. A single such store counts, or among several the single
 * one of the chain the printed store name names.
 */
export async function findStoreByAddress(
  db: Db,
  userId: string,
  printed: string | null | undefined,
  storeName?: string,
): Promise<FoundStore | null> {
  const target = normaliseAddress(printed ?? '');
  if (!/\d/.test(target) || target.length < 6) return null;
  const stores = await db
    .selectFrom('store_locations')
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select([
      'store_locations.id',
      'store_locations.name',
      'store_locations.chain_id',
      'store_chains.name as chain_name',
      'address',
      'city',
    ])
    .where('address', '!=', '')
    .where((eb) => isVisibleTo(eb, userId))
    .execute();
  const matches = stores.filter((store) => {
    const street = normaliseAddress(store.address);
    if (!/\d/.test(street) || !(target === street || target.startsWith(`${street} `))) return false;
    const rest = target.slice(street.length).trim();
    const city = normaliseAddress(store.city);
    return rest === '' || city === '' || ` ${rest} `.includes(` ${city} `);
  });
  return pickStore(matches, storeName);
}

/**
 * The visible store whose phone number the receipt printed: the only one, or the only one of the printed chain. Found
 * by the numbers' keys (store_locations_phone_key_idx), which are what findPhoneNumbers gives.
 */
export async function findStoreByPhone(
  db: Db,
  userId: string,
  text: string | null | undefined,
  storeName?: string,
): Promise<FoundStore | null> {
  const phones = findPhoneNumbers(text ?? '');
  if (phones.length === 0) return null;
  const stores = await db
    .selectFrom('store_locations')
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select(['store_locations.id', 'store_locations.name', 'store_locations.chain_id', 'store_chains.name as chain_name'])
    .where('store_locations.phone_key', 'in', phones)
    .where((eb) => isVisibleTo(eb, userId))
    .execute();
  return pickStore(stores, storeName);
}
