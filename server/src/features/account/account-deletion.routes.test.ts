import fs from 'node:fs';
import { listsApi, pantryApi, apiTokensApi, accountApi, adminApi, householdsApi, receiptJobsApi } from '@cartwise/contracts';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, toCookieHeader, type TestUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { createApprovedDeal, createProduct, createStore, submitDeal } from '../deals/deals-test-helpers';
import { makeTextPdf, toMultipart } from '../receipts/receipt-test-helpers';
import { FileNotFoundError } from '../../storage/file-store';
import { callRoute } from '../../test/call-route';

const t = registerTestApp();
const ORIGIN = { origin: 'http://localhost:3000' };
let admin: TestUser;

beforeAll(async () => {
  admin = await createAdmin(t.app);
});

const as = (user: TestUser) => ({ ...asUser(user), ...ORIGIN });

/** Every stored file under DATA_DIR/uploads, as paths relative to it. */
function listStoredFiles(): string[] {
  const root = path.join(t.app.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/**
 * Every row of every table (the app's and better-auth's) that still names the user: any text column holding
 * their id, email or phone. Found by reading the schema, so a table added later is checked too.
 */
async function findTraces(user: { id: string; email: string }): Promise<string[]> {
  const tables = await t.app.db.introspection.getTables();
  const traces: string[] = [];
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    for (const column of table.columns) {
      if (!/char|text|uuid/i.test(column.dataType)) continue;
      const ref = sql.ref(`${table.name}.${column.name}`);
      const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table.name)}
        where ${ref} like ${`%${user.id}%`} or lower(${ref}) like ${`%${user.email.toLowerCase()}%`}`.execute(t.app.db);
      if (Number(row.rows[0]?.n ?? 0) > 0) traces.push(`${table.name}.${column.name}`);
    }
  }
  return traces;
}

/** A shopper with something in every corner of the app: receipts and their files, lists, pantry, deals, factors. */
async function createBusyShopper(): Promise<{ user: TestUser; approvedDealId: string; productId: string; apiToken: string }> {
  const user = await createUser(t.app);
  const productId = await createProduct(t.app, `Oat milk ${createId()}`);
  const storeId = await createStore(t.app, `Corner shop ${createId()}`);
  const now = nowIso();

  // A saved receipt with its photo and the price it fed into the community price book.
  const receiptId = createId();
  const imageKey = `receipts/${user.id}/${receiptId}.jpg`;
  await t.app.files.putFile(imageKey, Buffer.from('photo'), 'image/jpeg');
  await t.app.db
    .insertInto('receipts')
    .values({
      id: receiptId,
      user_id: user.id,
      store_id: storeId,
      store_name: 'Corner shop',
      store_address: null,
      purchased_on: '2026-11-01',
      purchased_time: null,
      subtotal_cents: null,
      tax_cents: null,
      payment: null,
      image_key: imageKey,
      raw_text: `Sold to ${user.email}`,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const itemId = createId();
  await t.app.db
    .insertInto('receipt_items')
    .values({
      id: itemId,
      receipt_id: receiptId,
      position: 0,
      name: 'OAT MILK',
      unit: null,
      unit_price_cents: null,
      price_cents: 249,
      category: null,
      product_id: productId,
      created_at: now,
    })
    .execute();
  await t.app.db
    .insertInto('price_observations')
    .values({
      id: createId(),
      product_id: productId,
      store_id: storeId,
      observed_on: '2026-11-01',
      unit_price_cents: 249,
      size_value: null,
      size_unit: null,
      source: 'receipt',
      source_id: itemId,
      user_id: user.id,
      created_at: now,
    })
    .execute();

  // An uploaded e-receipt waiting in the queue, with its stored PDF.
  const upload = toMultipart([
    { name: 'receipt.pdf', data: makeTextPdf(['CORNER SHOP', 'MILK 2.49', 'TOTAL 2.49']), type: 'application/pdf' },
  ]);
  const uploaded = await callRoute(t.app, receiptJobsApi.upload, { headers: { ...upload.headers, ...as(user) }, body: upload.payload });
  expect(uploaded.statusCode, uploaded.body).toBe(201);

  const list = await callRoute(t.app, listsApi.create, { headers: as(user), body: { name: 'Weekly shop' } });
  expect(list.statusCode).toBe(201);
  await t.app.db.insertInto('list_items').values({ id: createId(), list_id: list.json().id, name: 'Bread', created_at: now }).execute();
  const pantry = await callRoute(t.app, pantryApi.create, { headers: as(user), body: { name: 'Rice', qty: 2 } });
  expect(pantry.statusCode).toBe(201);
  await t.app.db.insertInto('user_home_stores').values({ user_id: user.id, store_id: storeId }).execute();
  await t.app.db
    .insertInto('notifications')
    .values({ id: createId(), user_id: user.id, kind: 'admin', title: 'Hello', link: null, read_at: null, created_at: now })
    .execute();

  // One deal approved (the community keeps it) and one still pending (it goes).
  const approvedDealId = await createApprovedDeal(t.app, user, admin, { title: 'Oat milk 1L', price: 1.99, storeId, productId });
  const pending = await submitDeal(t.app, user, { title: 'Rice 2kg', description: 'Shelf tag', price: 3.49, storeId });
  expect(pending.statusCode).toBe(201);
  await t.app.db
    .insertInto('deal_alerts')
    .values({ id: createId(), user_id: user.id, deal_id: approvedDealId, emailed_at: null, created_at: now })
    .execute();

  // Two-factor secret (a better-auth factor) and a passkey.
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    headers: as(user),
    payload: { password: user.password },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const ctx = await t.app.auth.$context;
  await ctx.adapter.create({
    model: 'passkey',
    data: {
      name: 'Phone',
      publicKey: 'pk',
      userId: user.id,
      credentialID: `cred-${user.id}`,
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
      createdAt: new Date(),
    },
  });
  // A personal access token (it must stop working too).
  const token = await callRoute(t.app, apiTokensApi.create, { headers: as(user), body: { name: 'Script' } });
  expect(token.statusCode, token.body).toBe(201);
  // A wrong password counted against the account (a throttle row keyed by the address).
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: ORIGIN,
    payload: { email: user.email, password: 'wrong-password' },
  });
  // A pending reset token.
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: ORIGIN,
    payload: { email: user.email, redirectTo: 'http://localhost:3000/reset-password' },
  });
  return { user, approvedDealId, productId, apiToken: (token.json() as { secret: string }).secret };
}

describe('deleting an account', () => {
  it('removes everything of the shopper, keeps the community prices and deals anonymously, and refuses their sign-in', async () => {
    const { user, approvedDealId, productId, apiToken } = await createBusyShopper();
    expect((await callRoute(t.app, accountApi.me, { headers: { authorization: `Bearer ${apiToken}` } })).statusCode).toBe(200);
    // A personal access token cannot delete the account.
    const byToken = await callRoute(t.app, accountApi.deleteAccount, {
      headers: { authorization: `Bearer ${apiToken}` },
      body: { password: user.password },
    });
    expect(byToken.statusCode).toBe(403);
    const other = await createUser(t.app);
    expect(await findTraces(user)).not.toEqual([]);
    const storedKeys = [
      ...(await t.app.db.selectFrom('receipts').select('image_key as key').where('user_id', '=', user.id).execute()),
      ...(await t.app.db.selectFrom('receipt_jobs').select('file_key as key').where('user_id', '=', user.id).execute()),
    ].map((row) => row.key!);
    expect(storedKeys).toHaveLength(2);
    for (const key of storedKeys) expect((await t.app.files.readFile(key)).length).toBeGreaterThan(0);

    const res = await callRoute(t.app, accountApi.deleteAccount, { headers: as(user), body: { password: user.password } });
    expect(res.statusCode, res.body).toBe(204);

    expect(await findTraces(user)).toEqual([]);
    for (const key of storedKeys) await expect(t.app.files.readFile(key)).rejects.toBeInstanceOf(FileNotFoundError);
    if (t.app.files.kind === 'local') {
      expect(listStoredFiles().filter((f) => f.includes(user.id))).toEqual([]);
      expect(fs.existsSync(path.join(t.app.config.dataDir, 'uploads', 'receipts', user.id))).toBe(false);
    }
    const deal = await t.app.db
      .selectFrom('deals')
      .select(['submitted_by', 'status'])
      .where('id', '=', approvedDealId)
      .executeTakeFirstOrThrow();
    expect(deal).toEqual({ submitted_by: null, status: 'approved' });
    const prices = await t.app.db
      .selectFrom('price_observations')
      .select(['user_id', 'unit_price_cents'])
      .where('product_id', '=', productId)
      .execute();
    expect(prices).toContainEqual({ user_id: null, unit_price_cents: 249 });

    expect((await callRoute(t.app, accountApi.me, { headers: asUser(user) })).statusCode).toBe(401);
    expect((await callRoute(t.app, accountApi.me, { headers: { authorization: `Bearer ${apiToken}` } })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);
    // Another shopper is untouched.
    expect((await callRoute(t.app, accountApi.me, { headers: asUser(other) })).statusCode).toBe(200);
  });

  it('refuses a wrong or missing password with a clear message and deletes nothing', async () => {
    const user = await createUser(t.app);
    const wrong = await callRoute(t.app, accountApi.deleteAccount, { headers: as(user), body: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.error().message).toBe('The password is not correct.');
    const missing = await callRoute(t.app, accountApi.deleteAccount, { headers: as(user) });
    expect(missing.statusCode).toBe(400);
    expect(missing.error().message).toBe('Enter your password to delete your account.');
    expect((await callRoute(t.app, accountApi.me, { headers: asUser(user) })).statusCode).toBe(200);
    expect((await callRoute(t.app, accountApi.deleteAccount, { headers: ORIGIN, body: { password: 'x' } })).statusCode).toBe(401);
  });

  it('asks an account without a password for a recent sign-in', async () => {
    const user = await createUser(t.app);
    await t.app.db.updateTable('account').set({ password: null }).where('userId', '=', user.id).execute();
    const hourAgo = new Date(Date.now() - 3600_000);
    await t.app.db
      .updateTable('session')
      .set({ createdAt: t.app.database.kind === 'postgres' ? hourAgo : hourAgo.toISOString() })
      .where('userId', '=', user.id)
      .execute();
    t.app.sessionCache.forgetUser(user.id);
    const stale = await callRoute(t.app, accountApi.deleteAccount, { headers: as(user) });
    expect(stale.statusCode).toBe(403);
    expect(stale.error().message).toMatch(/Sign in again/);
    const now = new Date();
    await t.app.db
      .updateTable('session')
      .set({ createdAt: t.app.database.kind === 'postgres' ? now : now.toISOString() })
      .where('userId', '=', user.id)
      .execute();
    t.app.sessionCache.forgetUser(user.id);
    expect((await callRoute(t.app, accountApi.deleteAccount, { headers: as(user) })).statusCode).toBe(204);
    expect(await findTraces(user)).toEqual([]);
  });

  it('lets an operator delete an account, audited by id, but not their own or as a shopper', async () => {
    const user = await createUser(t.app);
    const shopper = await createUser(t.app);
    expect((await callRoute(t.app, adminApi.deleteUser, { params: { id: user.id }, headers: as(shopper) })).statusCode).toBe(403);
    expect((await callRoute(t.app, adminApi.deleteUser, { params: { id: admin.id }, headers: as(admin) })).statusCode).toBe(400);
    const res = await callRoute(t.app, adminApi.deleteUser, { params: { id: user.id }, headers: as(admin) });
    expect(res.statusCode).toBe(204);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.deleted')
      .where('target_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_id).toBe(admin.id);
    expect(audit.details).not.toContain(user.email);
    // The audit entry keeps the bare id; nothing else names the user.
    expect((await findTraces(user)).filter((trace) => trace !== 'audit_log.target_id')).toEqual([]);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: ORIGIN,
      payload: { email: user.email, password: user.password },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await callRoute(t.app, adminApi.deleteUser, { params: { id: user.id }, headers: as(admin) })).statusCode).toBe(404);
  });

  it('hands a household to the next member with the lists the deleted owner made for it, and ends one with nobody left', async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const shared = (await callRoute(t.app, householdsApi.create, { headers: as(owner), body: { name: 'Maple Street' } })).json()
      .id as string;
    const alone = (await callRoute(t.app, householdsApi.create, { headers: as(owner), body: { name: 'Just me' } })).json().id as string;
    const { code } = (await callRoute(t.app, householdsApi.createInvite, { params: { id: shared }, headers: as(owner) })).json();
    expect((await callRoute(t.app, householdsApi.join, { headers: as(member), body: { code } })).statusCode).toBe(200);
    const houseList = await callRoute(t.app, listsApi.create, { headers: as(owner), body: { name: 'House shop', householdId: shared } });
    expect(houseList.statusCode, houseList.body).toBe(201);
    const ownList = await callRoute(t.app, listsApi.create, { headers: as(owner), body: { name: 'Mine' } });

    const res = await callRoute(t.app, accountApi.deleteAccount, { headers: as(owner), body: { password: owner.password } });
    expect(res.statusCode, res.body).toBe(204);

    expect(await findTraces(owner)).toEqual([]);
    const household = await t.app.db.selectFrom('households').select('owner_id').where('id', '=', shared).executeTakeFirstOrThrow();
    expect(household.owner_id).toBe(member.id);
    const members = await t.app.db.selectFrom('household_members').select(['user_id', 'role']).where('household_id', '=', shared).execute();
    expect(members).toEqual([{ user_id: member.id, role: 'owner' }]);
    const list = await callRoute(t.app, listsApi.detail, { params: { id: houseList.json().id }, headers: as(member) });
    expect(list.statusCode).toBe(200);
    expect(await t.app.db.selectFrom('households').select('id').where('id', '=', alone).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('shopping_lists').select('id').where('id', '=', ownList.json().id).execute()).toEqual([]);
  });

  it('keeps the only operator from deleting themself', async () => {
    const res = await callRoute(t.app, accountApi.deleteAccount, { headers: as(admin), body: { password: admin.password } });
    expect(res.statusCode).toBe(409);
    expect((await callRoute(t.app, accountApi.me, { headers: asUser(admin) })).statusCode).toBe(200);
  });

  it('signs the deleted session out in the answer', async () => {
    const user = await createUser(t.app);
    const res = await callRoute(t.app, accountApi.deleteAccount, { headers: as(user), body: { password: user.password } });
    expect(res.statusCode).toBe(204);
    expect(toCookieHeader(res.headers['set-cookie'])).toMatch(/session_token=(;|$)/);
  });
});
