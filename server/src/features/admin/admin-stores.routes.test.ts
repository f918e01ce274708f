import { beforeAll, describe, expect, it } from 'vitest';
import { ZAdminStores, ZChainMergeSummary, adminManageApi, priceBookApi } from '@cartwise/contracts';
import { countQueries } from '../../test/query-counter';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { toPhoneColumns } from '../stores';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();
let admin: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
  shopper = await createUser(t.app);
});

async function addChain(name: string): Promise<string> {
  const id = createId();
  await t.app.db.insertInto('store_chains').values({ id, name, created_at: nowIso() }).execute();
  return id;
}

async function addStore(
  chainId: string | null,
  name: string,
  address: string,
  phone: string | null = null,
  id = createId(),
): Promise<string> {
  await t.app.db
    .insertInto('store_locations')
    .values({
      id,
      chain_id: chainId,
      name,
      address,
      city: 'Springfield',
      created_by: null,
      created_at: nowIso(),
      seller_id: null,
      ...toPhoneColumns(phone),
    })
    .execute();
  return id;
}

async function listStores(query: string) {
  const res = await callRouteWithBadInput(t.app, adminManageApi.stores, { query: query, headers: asUser(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return ZAdminStores.parse(res.json());
}

describe('the operator store list at feed scale', () => {
  let tag: string;
  let main: string;
  let twin: string;
  let byPhone: string;

  beforeAll(async () => {
    tag = `st${Date.now().toString(36)}`;
    const chain = await addChain(`${tag} Market`);
    main = await addStore(chain, `${tag} Market Main St`, '1 Main St', '+1 608 555 0100');
    twin = await addStore(chain, `${tag} MARKET MAIN`, '1 MAIN ST');
    // The same number written another way is the same phone.
    byPhone = await addStore(null, `${tag} Corner`, '9 Side Rd', '(608) 555-0100');
    for (let i = 0; i < 7; i += 1) await addStore(chain, `${tag} Market ${i}`, `${10 + i} Elm St`);
  });

  it('pages the locations a search finds', async () => {
    const first = await listStores(`q=${tag}&page_size=4`);
    expect(first.total).toBe(10);
    expect(first.locations).toHaveLength(4);
    const last = await listStores(`q=${tag}&page_size=4&page=3`);
    expect(last.locations).toHaveLength(2);
    const seen = new Set([...first.locations, ...last.locations].map((l) => l.id));
    expect(seen.size).toBe(6);
  });

  it('flags a location of the same chain at the same address, or with the same phone, and filters to those', async () => {
    const flagged = await listStores(`q=${tag}&duplicates=true`);
    const byId = new Map(flagged.locations.map((l) => [l.id, l]));
    expect([...byId.keys()].sort()).toEqual([main, twin, byPhone].sort());
    expect(byId.get(twin)?.possible_duplicate_of).toMatchObject({ id: main, reason: 'address' });
    expect(byId.get(byPhone)?.possible_duplicate_of).toMatchObject({ id: main, reason: 'phone' });
    const all = await listStores(`q=${tag}&page_size=100`);
    expect(all.locations.filter((l) => l.possible_duplicate_of === null)).toHaveLength(7);
  });

  it('refuses bad paging and is for operators only', async () => {
    for (const query of ['page=0', 'page_size=1000', 'duplicates=maybe']) {
      const res = await callRouteWithBadInput(t.app, adminManageApi.stores, { query: query, headers: asUser(admin) });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await callRoute(t.app, adminManageApi.stores, { headers: asUser(shopper) })).statusCode).toBe(403);
  });
});

describe('merging a chain', () => {
  it('moves its locations and item names into the other chain, flags it first, and audits the merge', async () => {
    const tag = `ch${Date.now().toString(36)}`;
    const real = await addChain(`${tag}freshmart`);
    const misread = await addChain(`${tag}fresh mart`);
    const kept = await addStore(real, `${tag} FreshMart Downtown`, '120 W Main St');
    const moved = await addStore(misread, `${tag} FRESH MART`, '120 W Main St');
    const productId = createId();
    await t.app.db
      .insertInto('products')
      .values({
        id: productId,
        name: `${tag} produce`,
        brand: null,
        category: null,
        size_value: null,
        size_unit: null,
        barcode: null,
        created_at: nowIso(),
      })
      .execute();
    await t.app.db
      .insertInto('product_aliases')
      .values([
        { id: createId(), product_id: productId, chain_id: misread, alias: 'BANANAS', created_by: null, created_at: nowIso() },
        { id: createId(), product_id: productId, chain_id: misread, alias: 'WHOLE MILK', created_by: null, created_at: nowIso() },
        { id: createId(), product_id: productId, chain_id: real, alias: 'WHOLE MILK', created_by: null, created_at: nowIso() },
      ])
      .execute();
    const listed = await listStores(`q=${tag}`);
    const misreadChain = listed.chains.find((c) => c.id === misread);
    expect(misreadChain?.possible_duplicate_of?.id ?? listed.chains.find((c) => c.id === real)?.possible_duplicate_of?.id).toBeDefined();

    const res = await callRoute(t.app, priceBookApi.mergeChain, {
      params: { id: misread },
      headers: asUser(admin),
      body: { intoId: real },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZChainMergeSummary.parse(res.json())).toEqual({ intoId: real, locations: 1, aliases: 1 });
    const stores = await t.app.db.selectFrom('store_locations').select(['id', 'chain_id']).where('id', 'in', [kept, moved]).execute();
    expect(stores.every((s) => s.chain_id === real)).toBe(true);
    expect(await t.app.db.selectFrom('store_chains').select('id').where('id', '=', misread).execute()).toEqual([]);
    const aliases = await t.app.db.selectFrom('product_aliases').select('alias').where('chain_id', '=', real).orderBy('alias').execute();
    expect(aliases.map((a) => a.alias)).toEqual(['BANANAS', 'WHOLE MILK']);
    const audit = await t.app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('target_id', '=', real).execute();
    expect(audit).toEqual([{ action: 'chain.merged', actor_id: admin.id }]);
  });

  it('refuses a merge into itself, of an unknown chain, into an unknown chain, or by a shopper', async () => {
    const chain = await addChain(`solo${Date.now().toString(36)}`);
    const merge = (id: string, intoId: string, user = admin) =>
      callRoute(t.app, priceBookApi.mergeChain, { params: { id }, headers: asUser(user), body: { intoId } });
    expect((await merge(chain, chain)).statusCode).toBe(400);
    expect((await merge(createId(), chain)).statusCode).toBe(404);
    expect((await merge(chain, createId())).statusCode).toBe(400);
    expect((await merge(chain, createId(), shopper)).statusCode).toBe(403);
  });

  // On PostgreSQL each statement costs its own parse, bind, execute and socket writes (db/json-rows.ts).
  it('reads the store list and the price book in two statements each', async () => {
    const chain = await addChain(`few${Date.now().toString(36)}`);
    await addStore(chain, 'Few North', '1 Few St', '555-0101');
    await addStore(chain, 'Few South', '1 Few St');
    for (const read of [() => listStores('page=1&page_size=50'), () => callRoute(t.app, priceBookApi.get, { headers: asUser(admin) })]) {
      await read();
      const count = await countQueries(t.app.db, read);
      expect(count.queries, count.sql.join('\n')).toBeLessThanOrEqual(2);
      expect(count.roundTrips).toBeLessThanOrEqual(2);
    }
  });

  // Ids chosen so the first twin by id is known; the address rule holds within a chain only, and empty fields match nothing.
  it('names the first twin by id, phone when the phones match, and ignores other chains and empty fields', async () => {
    const key = `tw${Date.now().toString(36)}`;
    const chain = await addChain(`${key} Grocer`);
    const other = await addChain(`${key} Rival`);
    const [a, b, c, d, e, f, g, h] = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((letter) => `${key}-${letter}`);
    await addStore(chain, `${key} Grocer Centre`, '5 Oak Ave', '04-111-2233', c!);
    await addStore(chain, `${key} Grocer Oak`, '5 OAK AVE', null, b!);
    await addStore(null, `${key} Kiosk`, '7 Pine Rd', '04-111-2233', d!);
    await addStore(other, `${key} Rival Oak`, '5 Oak Ave', null, a!);
    await addStore(chain, `${key} Grocer North`, '', '', e!);
    await addStore(chain, `${key} Grocer South`, '', '', f!);
    await addStore(chain, `${key} Grocer Twin Phones`, '8 Elm Ct', '04-222-3344', g!);
    await addStore(chain, `${key} Grocer Twin Phones 2`, '8 elm ct', '04-222-3344', h!);
    const listed = await listStores(`q=${key}&page_size=100`);
    const flagOf = new Map(listed.locations.map((l) => [l.id, l.possible_duplicate_of]));
    expect(flagOf.get(c!)).toMatchObject({ id: b, reason: 'address' });
    expect(flagOf.get(b!)).toMatchObject({ id: c, reason: 'address' });
    expect(flagOf.get(d!)).toMatchObject({ id: c, reason: 'phone' });
    expect(flagOf.get(g!)).toMatchObject({ id: h, reason: 'phone' });
    expect(flagOf.get(h!)).toMatchObject({ id: g, reason: 'phone' });
    for (const alone of [a, e, f]) expect(['address', 'phone']).not.toContain(flagOf.get(alone!)?.reason);
    const flagged = await listStores(`q=${key}&duplicates=true`);
    expect(flagged.locations.map((l) => l.id).sort()).toEqual([b, c, d, g, h].sort());
  });
});
