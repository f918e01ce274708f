import { beforeAll, describe, expect, it } from 'vitest';
import { ZDataExport, ZHousehold, ZHouseholdInvite, ZPendingHouseholdInviteList, type TRealtimeEvent } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';

// A removal sticks: the removed member loses the household's rows on every path and every way back in.
const t = registerTestApp();
let owner: TestUser;
let householdId: string;
let address = 0;

/** Each call comes from its own address unless one is given, so the per-address join budget is tested apart. */
function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, remoteAddress?: string) {
  address += 1;
  return t.app.inject({
    method,
    url,
    headers: asUser(user),
    remoteAddress: remoteAddress ?? `10.0.${Math.floor(address / 250)}.${address % 250}`,
    ...(payload ? { payload } : {}),
  });
}

async function invite(user: TestUser, payload?: Record<string, unknown>) {
  const res = await call(user, 'POST', `/api/households/${householdId}/invites`, payload);
  expect(res.statusCode, res.body).toBe(201);
  return ZHouseholdInvite.parse(res.json());
}

async function join(user: TestUser, code: string, remoteAddress?: string) {
  return call(user, 'POST', '/api/households/join', { code }, remoteAddress);
}

async function addMember(): Promise<TestUser> {
  const user = await createUser(t.app);
  expect((await join(user, (await invite(owner)).code)).statusCode).toBe(200);
  return user;
}

async function remove(user: TestUser) {
  expect((await call(owner, 'DELETE', `/api/households/${householdId}/members/${user.id}`)).statusCode).toBe(204);
}

async function eventsDuring(user: TestUser, work: () => Promise<unknown>): Promise<TRealtimeEvent[]> {
  const events: TRealtimeEvent[] = [];
  const unsubscribe = t.app.events.subscribe(user.id, (event) => events.push(event));
  try {
    await work();
    // PostgreSQL delivers NOTIFY asynchronously: give it time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
  } finally {
    unsubscribe();
  }
  return events;
}

beforeAll(async () => {
  owner = await createUser(t.app, { name: 'Olive Owner' });
  const res = await call(owner, 'POST', '/api/households', { name: 'Maple Street' });
  householdId = ZHousehold.parse(res.json()).id;
});

describe('removing a household member (M1)', () => {
  it('drops the household rows they made from their export', async () => {
    const member = await addMember();
    const list = (await call(member, 'POST', '/api/lists', { name: 'House shop', householdId })).json();
    await call(owner, 'POST', `/api/lists/${list.id}/items`, { name: 'Owner secret' });
    await call(member, 'POST', '/api/pantry', { name: 'House rice', qty: 1, householdId });
    await call(member, 'POST', '/api/lists', { name: 'Mine alone' });
    const before = ZDataExport.parse((await call(member, 'GET', '/api/export/all.json')).json());
    expect(before.lists.map((l) => l.name).sort()).toEqual(['House shop', 'Mine alone']);
    await remove(member);
    const after = ZDataExport.parse((await call(member, 'GET', '/api/export/all.json')).json());
    expect(after.lists.map((l) => l.name)).toEqual(['Mine alone']);
    expect(JSON.stringify(after)).not.toContain('Owner secret');
    expect(after.pantry.map((p) => p.name)).not.toContain('House rice');
  });

  it('answers a replayed client key with neither the household pantry item nor the list item', async () => {
    const member = await addMember();
    const payload = { name: 'Shared flour', qty: 1, householdId, client_key: 'local-house001' };
    const first = await call(member, 'POST', '/api/pantry', payload);
    expect(first.statusCode).toBe(201);
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Keys', householdId })).json();
    const item = await call(member, 'POST', `/api/lists/${list.id}/items`, { name: 'Tea', client_key: 'local-house002' });
    expect(item.statusCode).toBe(201);
    await remove(member);
    const { householdId: _dropped, ...personal } = payload;
    for (const body of [payload, personal]) {
      const replay = await call(member, 'POST', '/api/pantry', body);
      expect(replay.statusCode, replay.body).not.toBe(201);
      expect(replay.body).not.toContain(first.json().id);
    }
    const listReplay = await call(member, 'POST', `/api/lists/${list.id}/items`, { name: 'Tea', client_key: 'local-house002' });
    expect(listReplay.statusCode).toBe(404);
    expect(listReplay.body).not.toContain(item.json().id);
  });

  it('stops their live updates of household lists and pantry', async () => {
    const member = await addMember();
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Live', householdId })).json();
    const whileMember = await eventsDuring(member, () => call(owner, 'POST', `/api/lists/${list.id}/items`, { name: 'Bread' }));
    expect(whileMember).toContainEqual({ type: 'list', id: list.id });
    await remove(member);
    const afterRemoval = await eventsDuring(member, async () => {
      await call(owner, 'POST', `/api/lists/${list.id}/items`, { name: 'Butter' });
      await call(owner, 'POST', '/api/pantry', { name: 'Jam', qty: 1, householdId });
    });
    // The removal's own "household changed" notice may still be on its way (PostgreSQL delivers it late).
    expect(afterRemoval.filter((event) => event.type !== 'household')).toEqual([]);
  });
});

describe('invite codes (M2)', () => {
  it('admits one shopper per single-use code', async () => {
    const code = (await invite(owner)).code;
    const [first, second] = [await createUser(t.app), await createUser(t.app)];
    expect((await join(first, code)).statusCode).toBe(200);
    const again = await join(second, code);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invite has already been used. Ask for a new one.');
  });

  it('admits only as many as a limited-use code allows, even when they race', async () => {
    const code = (await invite(owner, { maxUses: 2 })).code;
    const racers = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    const answers = await Promise.all(racers.map((user) => join(user, code)));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(2);
    expect(answers.filter((res) => res.statusCode === 410)).toHaveLength(4);
    expect((await call(owner, 'POST', `/api/households/${householdId}/invites`, { maxUses: 21 })).statusCode).toBe(400);
  });

  it('revokes the codes a removed member made and the one that let them in; they rejoin only with a new one', async () => {
    const member = await createUser(t.app);
    const theirs = await invite(owner, { maxUses: 5 });
    expect((await join(member, theirs.code)).statusCode).toBe(200);
    const made = await invite(member, { maxUses: 3 });
    await remove(member);
    expect((await join(member, theirs.code)).statusCode).toBe(404);
    const outsider = await createUser(t.app);
    expect((await join(outsider, made.code)).statusCode).toBe(404);
    const codes = ZPendingHouseholdInviteList.parse((await call(owner, 'GET', `/api/households/${householdId}/invites`)).json());
    expect(codes.items.map((item) => item.code)).not.toContain(made.code);
    expect((await join(member, (await invite(owner)).code)).statusCode).toBe(200);
  });

  it('lets the owner list and revoke pending codes, and answers 404 to anyone else', async () => {
    const member = await addMember();
    const outsider = await createUser(t.app);
    const pending = await invite(member, { maxUses: 2 });
    const listed = await call(owner, 'GET', `/api/households/${householdId}/invites`);
    expect(listed.statusCode).toBe(200);
    const entry = ZPendingHouseholdInviteList.parse(listed.json()).items.find((item) => item.code === pending.code);
    expect(entry).toMatchObject({ maxUses: 2, uses: 0, createdBy: { userId: member.id } });
    for (const user of [member, outsider]) {
      expect((await call(user, 'GET', `/api/households/${householdId}/invites`)).statusCode).toBe(404);
      expect((await call(user, 'DELETE', `/api/households/${householdId}/invites/${pending.code}`)).statusCode).toBe(404);
    }
    expect((await call(owner, 'DELETE', `/api/households/${householdId}/invites/${pending.code}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `/api/households/${householdId}/invites/${pending.code}`)).statusCode).toBe(404);
    expect((await join(outsider, pending.code)).statusCode).toBe(404);
  });

  it('throttles join attempts per shopper and per address', async () => {
    const guesser = await createUser(t.app);
    const tries = [];
    for (let i = 0; i < 11; i += 1) tries.push((await join(guesser, `GUESS${String(i).padStart(3, '0')}`)).statusCode);
    expect(tries.slice(0, 10).every((status) => status === 404)).toBe(true);
    const refused = await join(guesser, (await invite(owner)).code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many invite codes tried\. Try again in \d+ minutes?\.$/);
    // Four shoppers stay within their own budgets (8 tries each) while their shared address runs out.
    const crowd = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    const fromOneAddress = [];
    for (let i = 0; i < 31; i += 1) fromOneAddress.push((await join(crowd[i % 4]!, 'NOTACODE', '192.0.2.7')).statusCode);
    expect(fromOneAddress.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(fromOneAddress[30]).toBe(429);
  });
});
