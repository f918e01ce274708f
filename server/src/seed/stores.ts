import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';

interface LocationSeed {
  key: string;
  name: string;
  address: string;
  /** Multiplies the chain's price level: neighbourhood stores differ a little. */
  priceTweak: number;
  /** Where it is, so a shopper's home point and radius find it. */
  lat: number;
  lon: number;
}

interface ChainSeed {
  name: string;
  /** Price level against the catalogue's base prices. */
  priceFactor: number;
  locations: LocationSeed[];
}

const CITY = 'Madison, WI';

const CHAINS: ChainSeed[] = [
  {
    name: 'FreshMart',
    priceFactor: 1.0,
    locations: [
      { key: 'freshmart-downtown', name: 'FreshMart Downtown', address: '120 W Main St', priceTweak: 1.02, lat: 43.0747, lon: -89.3841 },
      {
        key: 'freshmart-eastside',
        name: 'FreshMart Eastside',
        address: '2450 E Washington Ave',
        priceTweak: 0.99,
        lat: 43.116,
        lon: -89.328,
      },
    ],
  },
  {
    name: 'ValueGrocer',
    priceFactor: 0.9,
    locations: [
      {
        key: 'valuegrocer-westgate',
        name: 'ValueGrocer Westgate',
        address: '665 S Whitney Way',
        priceTweak: 1.0,
        lat: 43.056,
        lon: -89.47,
      },
      { key: 'valuegrocer-north', name: 'ValueGrocer Northport', address: '1802 Northport Dr', priceTweak: 0.98, lat: 43.153, lon: -89.38 },
    ],
  },
  {
    name: 'GreenLeaf Market',
    priceFactor: 1.15,
    locations: [
      {
        key: 'greenleaf-monroe',
        name: 'GreenLeaf Market Monroe St',
        address: '2640 Monroe St',
        priceTweak: 1.01,
        lat: 43.058,
        lon: -89.42,
      },
      {
        key: 'greenleaf-hilldale',
        name: 'GreenLeaf Market Hilldale',
        address: '702 N Midvale Blvd',
        priceTweak: 1.03,
        lat: 43.074,
        lon: -89.453,
      },
    ],
  },
  {
    name: 'Corner Co-op',
    priceFactor: 1.05,
    locations: [
      { key: 'coop-willy', name: 'Corner Co-op Willy St', address: '1221 Williamson St', priceTweak: 1.0, lat: 43.085, lon: -89.364 },
      { key: 'coop-atwood', name: 'Corner Co-op Atwood', address: '2034 Atwood Ave', priceTweak: 0.97, lat: 43.093, lon: -89.347 },
    ],
  },
];

export interface SeededStore {
  id: string;
  key: string;
  name: string;
  chainName: string;
  address: string;
  city: string;
  priceFactor: number;
}

export interface SeededStores {
  chainIds: Record<string, string>;
  stores: SeededStore[];
  byKey(key: string): SeededStore;
}

export async function seedStores(db: Kysely<Database>, createdAt: string): Promise<SeededStores> {
  const chainIds: Record<string, string> = {};
  const stores: SeededStore[] = [];
  for (const chain of CHAINS) {
    const chainId = createId();
    chainIds[chain.name] = chainId;
    await db.insertInto('store_chains').values({ id: chainId, name: chain.name, created_at: createdAt }).execute();
    for (const location of chain.locations) {
      const store: SeededStore = {
        id: createId(),
        key: location.key,
        name: location.name,
        chainName: chain.name,
        address: location.address,
        city: CITY,
        priceFactor: chain.priceFactor * location.priceTweak,
      };
      stores.push(store);
      await db
        .insertInto('store_locations')
        .values({
          id: store.id,
          chain_id: chainId,
          name: store.name,
          address: store.address,
          city: CITY,
          currency: 'USD',
          lat: location.lat,
          lon: location.lon,
          created_by: null,
          created_at: createdAt,
        })
        .execute();
    }
  }
  return {
    chainIds,
    stores,
    byKey(key) {
      const store = stores.find((s) => s.key === key);
      if (!store) throw new Error(`seed: unknown store ${key}`);
      return store;
    },
  };
}
