import { beforeAll, describe, expect, it } from 'vitest';
import { createId, nowIso } from '../../db/ids';
import { registerTestApp } from '../../test/test-app';
import { createUser } from '../../test/factories';
import { findDefaultPlanStores } from './recommendations.repo';

// The database's narrowing of a plan's stores must keep every store chooseDefaultStores would, and read no others.
const t = registerTestApp();
const HOME = { lat: 32, lon: 34.8 };
const ids: Record<string, string> = {};

async function addStore(
  key: string,
  values: { lat?: number; currency?: string | null; isOnline?: boolean; isPublic?: boolean; createdBy?: string } = {},
) {
  ids[key] = createId();
  await t.app.db
    .insertInto('store_locations')
    .values({
      id: ids[key],
      chain_id: null,
      name: key,
      created_by: values.createdBy ?? null,
      created_at: nowIso(),
      seller_id: null,
      is_public: values.isPublic === false ? 0 : 1,
      phone: null,
      currency: values.currency === undefined ? 'ILS' : values.currency,
      lat: values.lat ?? null,
      lon: values.lat === undefined ? null : HOME.lon,
      is_online: values.isOnline ? 1 : 0,
      delivery_fee_cents: null,
      min_order_cents: null,
    })
    .execute();
}

async function setProfile(userId: string, values: { radiusKm?: number | null; homeStores?: string[] }) {
  await t.app.db
    .updateTable('profiles')
    .set({
      currency: 'ILS',
      home_lat: values.radiusKm == null ? null : HOME.lat,
      home_lon: values.radiusKm == null ? null : HOME.lon,
      store_radius_km: values.radiusKm ?? null,
    })
    .where('id', '=', userId)
    .execute();
  for (const key of values.homeStores ?? []) {
    await t.app.db.insertInto('user_home_stores').values({ user_id: userId, store_id: ids[key]! }).execute();
  }
}

const namesFor = async (userId: string) => (await findDefaultPlanStores(t.app.db, userId)).map((store) => store.name).sort();

let other: string;
beforeAll(async () => {
  other = (await createUser(t.app)).id;
  // 0.05 degrees of latitude is about 5.6 km, 0.2 about 22 km.
  await addStore('near', { lat: HOME.lat + 0.05 });
  await addStore('far', { lat: HOME.lat + 0.2 });
  await addStore('far-home', { lat: HOME.lat - 0.2 });
  await addStore('online', { isOnline: true });
  await addStore('unplaced');
  await addStore('unknown-currency', { lat: HOME.lat, currency: null });
  await addStore('euro', { lat: HOME.lat, currency: 'EUR' });
  await addStore('private', { lat: HOME.lat, isPublic: false, createdBy: other });
});

describe('the stores a plan reads when the shopper names none', () => {
  it('with a radius: the home stores, the online ones and those within the band, in the shopper currency', async () => {
    const shopper = (await createUser(t.app)).id;
    await setProfile(shopper, { radiusKm: 10, homeStores: ['far-home'] });
    expect(await namesFor(shopper)).toEqual(['far-home', 'near', 'online', 'unknown-currency']);
  });

  it('with home stores and no radius: only the home stores', async () => {
    const shopper = (await createUser(t.app)).id;
    await setProfile(shopper, { homeStores: ['far', 'unplaced'] });
    expect(await namesFor(shopper)).toEqual(['far', 'unplaced']);
  });

  it('with neither: every store in the shopper currency or of unknown currency, never another shopper private one', async () => {
    const shopper = (await createUser(t.app)).id;
    await setProfile(shopper, {});
    expect(await namesFor(shopper)).toEqual(['far', 'far-home', 'near', 'online', 'unknown-currency', 'unplaced']);
  });

  it('lets the private store in for the shopper who made it', async () => {
    await setProfile(other, { radiusKm: 1 });
    expect(await namesFor(other)).toEqual(['online', 'private', 'unknown-currency']);
  });
});
