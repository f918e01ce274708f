import { beforeAll, describe, expect, it } from 'vitest';
import { ZHousehold, ZHouseholdInvite, type TRealtimeEvent } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';

const t = registerTestApp();
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let householdId: string;

function call(user: TestUser | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: user ? asUser(user) : {}, ...(payload ? { payload } : {}) });
}

async function invite(user: TestUser, id = householdId) {
  const res = await call(user, 'POST', `/api/households/${id}/invites`);
  expect(res.statusCode, res.body).toBe(201);
  return ZHouseholdInvite.parse(res.json());
}

async function join(user: TestUser, code: string) {
  return call(user, 'POST', '/api/households/join', { code });
}

async function createHousehold(user: TestUser, name: string) {
  const res = await call(user, 'POST', '/api/households', { name });
  expect(res.statusCode, res.body).toBe(201);
  return ZHousehold.parse(res.json());
}

/** Collects the realtime events a user receives while `work` runs. */
async function eventsDuring(user: TestUser, work: () => Promise<unknown>): Promise<TRealtimeEvent[]> {
  const events: TRealtimeEvent[] = [];
  const unsubscribe = t.app.events.subscribe(user.id, (event) => events.push(event));
  try {
    await work();
    // PostgreSQL delivers NOTIFY asynchronously: wait until it arrived (bounded).
    for (let i = 0; i < 50 && events.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    unsubscribe();
  }
  return events;
}

beforeAll(async () => {
  owner = await createUser(t.app, { name: 'Olive Owner' });
  member = await createUser(t.app, { name: 'Mo Member' });
  outsider = await createUser(t.app);
  householdId = (await createHousehold(owner, 'Maple Street')).id;
  const { code } = await invite(owner);
  expect((await join(member, code)).statusCode).toBe(200);
});

describe('households', () => {
  it('creates a household with its creator as owner and answers 401 without a session', async () => {
    const household = await createHousehold(outsider, 'Solo flat');
    expect(household).toMatchObject({ name: 'Solo flat', ownerId: outsider.id, role: 'owner' });
    expect(household.members.map((m) => [m.userId, m.role])).toEqual([[outsider.id, 'owner']]);
    expect((await call(null, 'POST', '/api/households', { name: 'X' })).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/households/join', { code: 'ABCDEFGH' })).statusCode).toBe(401);
    expect((await call(outsider, 'POST', '/api/households', { name: '  ' })).statusCode).toBe(400);
    await call(outsider, 'POST', `/api/households/${household.id}/leave`);
  });

  it('gives an invite a code, a link carrying it and an expiry a week away', async () => {
    const created = await invite(member);
    expect(created.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(created.url).toBe(`http://localhost:3000/u/settings/household?code=${created.code}`);
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('lists members for members only; everyone else gets 404', async () => {
    const res = await call(member, 'GET', `/api/households/${householdId}`);
    expect(res.statusCode).toBe(200);
    const household = ZHousehold.parse(res.json());
    expect(household.role).toBe('member');
    expect(household.members.map((m) => [m.name, m.role])).toEqual([
      ['Olive Owner', 'owner'],
      ['Mo Member', 'member'],
    ]);
    expect((await call(outsider, 'GET', `/api/households/${householdId}`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/households/${householdId}/invites`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/api/households/${householdId}/spend`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', '/api/households')).json().items).toEqual([]);
    expect((await call(member, 'GET', '/api/households')).json().items.map((h: { id: string }) => h.id)).toEqual([householdId]);
  });

  it('refuses unknown and expired invite codes, and joining twice changes nothing', async () => {
    expect((await join(outsider, 'ZZZZZZZZ')).statusCode).toBe(404);
    const expired = await invite(owner);
    await t.app.db
      .updateTable('household_invites')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('code', '=', expired.code)
      .execute();
    const res = await join(outsider, expired.code);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe('This invite has expired. Ask for a new one.');
    expect((await call(outsider, 'GET', `/api/households/${householdId}`)).statusCode).toBe(404);
    const fresh = await invite(owner);
    const again = await join(member, fresh.code.toLowerCase().replace(/^(....)/, '$1-'));
    expect(again.statusCode).toBe(200);
    expect(ZHousehold.parse(again.json()).members).toHaveLength(2);
  });

  it('lets every member read and write a household list, and hides it from everyone else', async () => {
    const created = await call(owner, 'POST', '/api/lists', { name: 'House shop', householdId });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json();
    expect(list.household_id).toBe(householdId);
    const added = await call(member, 'POST', `/api/lists/${list.id}/items`, { name: 'Oat milk' });
    expect(added.statusCode).toBe(201);
    const tick = await call(member, 'PATCH', `/api/lists/${list.id}/items/${added.json().id}`, { is_checked: true });
    expect(tick.statusCode).toBe(200);
    const seen = await call(owner, 'GET', `/api/lists/${list.id}`);
    expect(seen.json().items).toMatchObject([{ name: 'Oat milk', is_checked: true }]);
    expect((await call(member, 'GET', '/api/lists')).json().items.map((l: { id: string }) => l.id)).toContain(list.id);
    expect((await call(outsider, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', `/api/lists/${list.id}/items`, { name: 'Sneaky' })).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', `/api/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'GET', '/api/lists')).json().items.map((l: { id: string }) => l.id)).not.toContain(list.id);
    expect((await call(outsider, 'POST', '/api/lists', { name: 'Into theirs', householdId })).statusCode).toBe(404);
  });

  it('sends a household list change to every member, and nothing to others', async () => {
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Live', householdId })).json();
    const [toMember, toOutsider] = await Promise.all([
      eventsDuring(member, () => call(owner, 'POST', `/api/lists/${list.id}/items`, { name: 'Bread' })),
      eventsDuring(outsider, () => new Promise((resolve) => setTimeout(resolve, 100))),
    ]);
    expect(toMember).toContainEqual({ type: 'list', id: list.id });
    expect(toOutsider).toEqual([]);
  });

  it('shares a household pantry among members only', async () => {
    const item = await call(member, 'POST', '/api/pantry', { name: 'Rice', qty: 2, unit: 'kg', householdId });
    expect(item.statusCode, item.body).toBe(201);
    const ownerPantry = (await call(owner, 'GET', '/api/pantry')).json();
    expect(ownerPantry.items).toContainEqual(expect.objectContaining({ name: 'Rice', household_id: householdId }));
    expect((await call(owner, 'PATCH', `/api/pantry/${item.json().id}`, { qty: 1 })).json().qty).toBe(1);
    expect((await call(outsider, 'GET', '/api/pantry')).json().items).toEqual([]);
    expect((await call(outsider, 'PATCH', `/api/pantry/${item.json().id}`, { qty: 5 })).statusCode).toBe(404);
    expect((await call(outsider, 'DELETE', `/api/pantry/${item.json().id}`)).statusCode).toBe(404);
    expect((await call(outsider, 'POST', '/api/pantry', { name: 'X', qty: 1, householdId })).statusCode).toBe(404);
  });

  it('sums only the receipts members share into the household spend', async () => {
    const receipt = { storeName: 'Corner Co-op', date: '2026-11-03', total: 12.5, items: [{ name: 'Apples', quantity: 1, price: 12.5 }] };
    const shared = (await call(member, 'POST', '/api/receipts', receipt)).json();
    await call(member, 'POST', '/api/receipts', { ...receipt, total: 99, items: [{ name: 'Private', quantity: 1, price: 99 }] });
    const share = await call(member, 'PUT', `/api/receipts/${shared.id}/household`, { householdId });
    expect(share.statusCode, share.body).toBe(200);
    expect((await call(owner, 'PUT', `/api/receipts/${shared.id}/household`, { householdId })).statusCode).toBe(404);
    expect((await call(outsider, 'GET', `/api/receipts/${shared.id}`)).statusCode).toBe(404);
    const spend = (await call(owner, 'GET', `/api/households/${householdId}/spend`)).json();
    expect(spend).toMatchObject({ total: 12.5, receiptCount: 1, byMonth: [{ month: '2026-11', total: 12.5, receiptCount: 1 }] });
    expect(spend.byMember).toContainEqual({ userId: member.id, name: 'Mo Member', total: 12.5, receiptCount: 1 });
  });

  it('shows on the receipt which household it is shared with, and unsharing takes it out of the spend again', async () => {
    const receipt = { storeName: 'Night Market', date: '2026-10-20', total: 7, items: [{ name: 'Dumplings', quantity: 1, price: 7 }] };
    const created = (await call(member, 'POST', '/api/receipts', receipt)).json();
    expect((await call(member, 'GET', `/api/receipts/${created.id}`)).json().householdId).toBeNull();
    await call(member, 'PUT', `/api/receipts/${created.id}/household`, { householdId });
    expect((await call(member, 'GET', `/api/receipts/${created.id}`)).json().householdId).toBe(householdId);
    const before = (await call(owner, 'GET', `/api/households/${householdId}/spend`)).json();
    expect(before.byMonth).toContainEqual({ month: '2026-10', total: 7, receiptCount: 1 });

    const unshare = await call(member, 'PUT', `/api/receipts/${created.id}/household`, { householdId: null });
    expect(unshare.json()).toEqual({ id: created.id, householdId: null });
    expect((await call(member, 'GET', `/api/receipts/${created.id}`)).json().householdId).toBeNull();
    const after = (await call(owner, 'GET', `/api/households/${householdId}/spend`)).json();
    expect(after.total).toBe(before.total - 7);
    expect(after.byMonth.map((entry: { month: string }) => entry.month)).not.toContain('2026-10');
  });

  it('lets only the owner remove members; a removed member loses the list, the pantry and their shared receipts', async () => {
    const list = (await call(owner, 'POST', '/api/lists', { name: 'After removal', householdId })).json();
    const extra = await createUser(t.app);
    const { code } = await invite(owner);
    await join(extra, code);
    expect((await call(member, 'DELETE', `/api/households/${householdId}/members/${extra.id}`)).statusCode).toBe(403);
    expect((await call(outsider, 'DELETE', `/api/households/${householdId}/members/${extra.id}`)).statusCode).toBe(404);
    const events = await eventsDuring(extra, () => call(owner, 'DELETE', `/api/households/${householdId}/members/${extra.id}`));
    expect(events).toContainEqual({ type: 'household', id: householdId });
    expect((await call(extra, 'GET', `/api/households/${householdId}`)).statusCode).toBe(404);
    expect((await call(extra, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(extra, 'PATCH', `/api/lists/${list.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await call(extra, 'GET', '/api/pantry')).json().items).toEqual([]);

    expect((await call(owner, 'DELETE', `/api/households/${householdId}/members/${member.id}`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
    const spend = (await call(owner, 'GET', `/api/households/${householdId}/spend`)).json();
    expect(spend.total).toBe(0);
    // Back in for the last test.
    expect((await join(member, (await invite(owner)).code)).statusCode).toBe(200);
  });

  it('hands the household to the next member when the owner leaves, and ends it with the last one', async () => {
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Kept', householdId })).json();
    expect((await call(owner, 'POST', `/api/households/${householdId}/leave`)).statusCode).toBe(204);
    const after = ZHousehold.parse((await call(member, 'GET', `/api/households/${householdId}`)).json());
    expect(after).toMatchObject({ ownerId: member.id, role: 'owner' });
    expect((await call(owner, 'GET', `/api/lists/${list.id}`)).statusCode).toBe(404);
    expect((await call(member, 'POST', `/api/households/${householdId}/leave`)).statusCode).toBe(204);
    expect((await call(member, 'GET', `/api/households/${householdId}`)).statusCode).toBe(404);
    // The ended household's list goes back to the shopper who made it.
    expect((await call(owner, 'GET', `/api/lists/${list.id}`)).json()).toMatchObject({ name: 'Kept', household_id: null });
  });

  it('answers 400 for malformed ids', async () => {
    expect((await call(owner, 'GET', '/api/households/not-a-uuid')).statusCode).toBe(400);
    expect((await call(owner, 'POST', '/api/lists', { name: 'X', householdId: 'nope' })).statusCode).toBe(400);
  });
});
