import { beforeAll, describe, expect, it } from 'vitest';
import { ZHousehold, ZHouseholdInvite } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';

// Household writes race for real here: every request is in flight at once (several pool connections on PostgreSQL).
const t = registerTestApp();
let owner: TestUser;

function call(user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url, headers: asUser(user), ...(payload ? { payload } : {}) });
}

async function createHouseholdWith(count: number): Promise<{ householdId: string; members: TestUser[] }> {
  const householdId = ZHousehold.parse((await call(owner, 'POST', '/api/households', { name: 'Busy house' })).json()).id;
  const members = await Promise.all(Array.from({ length: count }, () => createUser(t.app)));
  const invite = ZHouseholdInvite.parse((await call(owner, 'POST', `/api/households/${householdId}/invites`, { maxUses: count })).json());
  for (const member of members) expect((await call(member, 'POST', '/api/households/join', { code: invite.code })).statusCode).toBe(200);
  return { householdId, members };
}

beforeAll(async () => {
  owner = await createUser(t.app);
});

describe('concurrent household writes', () => {
  it('adds every item when all members add to a household list and pantry at once', async () => {
    const { householdId, members } = await createHouseholdWith(5);
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Rush', householdId })).json();
    const everyone = [owner, ...members];
    const answers = await Promise.all(
      everyone.flatMap((user, u) =>
        Array.from({ length: 10 }, (_, i) =>
          i % 2 === 0
            ? call(user, 'POST', `/api/lists/${list.id}/items`, { name: `Item ${u}-${i}` })
            : call(user, 'POST', '/api/pantry', { name: `Jar ${u}-${i}`, qty: 1, householdId }),
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode).filter((status) => status !== 201)).toEqual([]);
    expect((await call(members[0]!, 'GET', `/api/lists/${list.id}`)).json().items).toHaveLength(everyone.length * 5);
  });

  it('lets every member leave at once while others keep writing, and ends the household', async () => {
    const { householdId, members } = await createHouseholdWith(12);
    const list = (await call(owner, 'POST', '/api/lists', { name: 'Leaving', householdId })).json();
    const everyone = [owner, ...members];
    const answers = await Promise.all([
      ...everyone.map((user) => call(user, 'POST', `/api/households/${householdId}/leave`)),
      ...everyone.map((user, u) => call(user, 'POST', '/api/pantry', { name: `Last jar ${u}`, qty: 1 })),
    ]);
    expect(answers.filter((res) => res.statusCode !== 204 && res.statusCode !== 201).map((res) => res.body)).toEqual([]);
    expect((await call(owner, 'GET', `/api/households/${householdId}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', `/api/lists/${list.id}`)).json()).toMatchObject({ household_id: null });
  });
});
