import { isFlagSet } from '../../db/ids';
import type { Kysely } from 'kysely';
import type { TStoreOption } from '@cartwise/contracts';
import type { Database } from '../../db/schema';
import { isVisibleTo } from './store-visibility';

/** Every chain, by name, with how many store locations it has (the operator's store and price-book pages). */
/** Every chain with its location count, by name (read with toChainCounts). */
export function selectChainsWithStoreCounts(db: Kysely<Database>) {
  return db
    .selectFrom('store_chains')
    .leftJoin('store_locations', 'store_locations.chain_id', 'store_chains.id')
    .select(['store_chains.id', 'store_chains.name', (eb) => eb.fn.count<number | string>('store_locations.id').as('storeCount')])
    .groupBy(['store_chains.id', 'store_chains.name'])
    .orderBy('store_chains.name');
}

export function toChainCounts(rows: readonly { id: string; name: string; storeCount: number | string }[]) {
  return rows.map((row) => ({ id: row.id, name: row.name, storeCount: Number(row.storeCount) }));
}

/**
 * Every store location this shopper may see (public ones and their own private ones) with its chain's name, ordered
 * by chain then name (chainless last) so pickers group naturally.
 */
export async function listStoreOptions(db: Kysely<Database>, userId: string): Promise<TStoreOption[]> {
  const rows = await db
    .selectFrom('store_locations')
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .select([
      'store_locations.id',
      'store_locations.name',
      'store_locations.address',
      'store_locations.city',
      'store_locations.source_ref',
      'store_locations.chain_id',
      'store_locations.currency',
      'store_locations.lat',
      'store_locations.lon',
      'store_locations.is_online',
      'store_chains.name as chain_name',
    ])
    .where((eb) => isVisibleTo(eb, userId))
    .execute();
  const options = rows.map((row) => ({
    id: row.id,
    name: row.name,
    chain_name: row.chain_name ?? null,
    address: formatAddress(row.address, row.city),
    source_ref: row.source_ref ?? null,
    chain_id: row.chain_id,
    currency: row.currency,
    lat: row.lat === null ? null : Number(row.lat),
    lon: row.lon === null ? null : Number(row.lon),
    is_online: isFlagSet(row.is_online),
  }));
  // Sorted here because SQLite and PostgreSQL put NULL chain names at opposite ends.
  return options.sort(compareStoreOptions);
}

function compareStoreOptions(a: TStoreOption, b: TStoreOption): number {
  if (a.chain_name !== b.chain_name) {
    if (a.chain_name === null) return 1;
    if (b.chain_name === null) return -1;
    return a.chain_name.localeCompare(b.chain_name);
  }
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}

export function formatAddress(address: string | null, city: string | null): string | null {
  const parts = [address, city].map((part) => (part ?? '').trim()).filter((part) => part !== '');
  return parts.length > 0 ? parts.join(', ') : null;
}
