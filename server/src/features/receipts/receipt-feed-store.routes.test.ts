import { describe, expect, it } from 'vitest';
import { ZReceipt, type TCreateReceipt, receiptsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { callRoute } from '../../test/call-route';
import { toPhoneColumns } from '../stores';

const t = registerTestApp();

const basket = {
  date: '2026-10-03',
  items: [{ name: 'Whole Milk 1 gal', quantity: 1, price: 3.99 }],
  total: 3.99,
};

/** A store as a price feed makes it: public, with its feed key, chain, address and phone. */
async function addFeedStore(chainName: string, store: { name: string; address: string; city: string; phone?: string }) {
  const known = await t.app.db.selectFrom('store_chains').select('id').where('name', '=', chainName).executeTakeFirst();
  const chainId = known?.id ?? createId();
  const id = createId();
  if (!known)
    await t.app.db
      .insertInto('store_chains')
      .values({ id: chainId, name: chainName, source_ref: `test:${chainId}`, created_at: nowIso() })
      .execute();
  await t.app.db
    .insertInto('store_locations')
    .values({
      id,
      chain_id: chainId,
      name: store.name,
      address: store.address,
      city: store.city,
      ...toPhoneColumns(store.phone),
      source_ref: `test:${id}`,
      currency: 'USD',
      is_public: 1,
      created_at: nowIso(),
    })
    .execute();
  return { id, chainId };
}

async function saveReceipt(body: Partial<TCreateReceipt>) {
  const shopper = await createUser(t.app);
  const res = await callRoute(t.app, receiptsApi.create, { headers: asUser(shopper), body: { ...basket, ...body } as TCreateReceipt });
  expect(res.statusCode, res.body).toBe(201);
  return ZReceipt.parse(res.json());
}

describe('a store a receipt names', () => {
  it('is the feed’s store of the same chain at the same address, even beside another chain’s store there', async () => {
    const fresh = await addFeedStore('FreshMart', { name: 'FreshMart Downtown', address: '120 Main Street', city: 'Madison' });
    await addFeedStore('ValueGrocer', { name: 'ValueGrocer Capitol Mall', address: '120 Main St', city: 'Madison' });
    const receipt = await saveReceipt({ storeName: 'FRESH MART', storeAddress: '120 MAIN ST MADISON' });
    expect(receipt).toMatchObject({ storeId: fresh.id, chainName: 'FreshMart' });
    const chains = await t.app.db.selectFrom('store_chains').select('name').where('name', 'in', ['Fresh Mart', 'FRESH MART']).execute();
    expect(chains).toEqual([]);
  });

  it('is the feed’s store at an address written in Hebrew', async () => {
    const shufersal = await addFeedStore('שופרסל', { name: 'שופרסל דיל הרצל', address: 'הרצל 120', city: 'תל אביב' });
    const receipt = await saveReceipt({ storeName: 'שופרסל בע"מ', storeAddress: 'הרצל 120 תל אביב' });
    expect(receipt.storeId).toBe(shufersal.id);
  });

  it('is a new store when no store of that chain is at the address', async () => {
    await addFeedStore('FreshMart', { name: 'FreshMart West', address: '9 Elm Street', city: 'Springfield' });
    await addFeedStore('ValueGrocer', { name: 'ValueGrocer West', address: '9 Elm Street', city: 'Springfield' });
    const receipt = await saveReceipt({ storeName: 'Corner Deli', storeAddress: '9 Elm St Springfield' });
    const store = await t.app.db
      .selectFrom('store_locations')
      .select(['name', 'source_ref'])
      .where('id', '=', receipt.storeId)
      .executeTakeFirst();
    expect(store).toEqual({ name: 'Corner Deli', source_ref: null });
  });
});
