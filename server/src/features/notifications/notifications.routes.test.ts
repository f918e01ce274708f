import { beforeAll, describe, expect, it } from 'vitest';
import { ZNotificationList, notificationsApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser, type TestUser } from '../../test/factories';
import { insertNotifications } from './notifications.repo';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();
let ada: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

async function listFor(user: TestUser) {
  const res = await callRoute(t.app, notificationsApi.list, { headers: asUser(user) });
  expect(res.statusCode).toBe(200);
  return ZNotificationList.parse(res.json());
}

describe('in-app notifications', () => {
  it('answers 401 to anonymous callers', async () => {
    expect((await callRoute(t.app, notificationsApi.list)).statusCode).toBe(401);
    expect((await callRoute(t.app, notificationsApi.markRead, { body: {} })).statusCode).toBe(401);
  });

  it('lists only the caller’s own notifications, newest first, with an unread count', async () => {
    await insertNotifications(t.app.db, [
      { userId: ada.id, kind: 'admin', title: 'First', body: 'one', link: null },
      { userId: bob.id, kind: 'admin', title: 'For Bob', body: 'bob', link: '/u/deals' },
    ]);
    await new Promise((r) => setTimeout(r, 5));
    await insertNotifications(t.app.db, [{ userId: ada.id, kind: 'admin', title: 'Second', body: 'two', link: null }]);
    const list = await listFor(ada);
    expect(list.items.map((i) => i.title)).toEqual(['Second', 'First']);
    expect(list.unread).toBe(2);
    expect(list.items.every((i) => i.read_at === null)).toBe(true);
  });

  it('marks chosen ids read and ignores ids that belong to someone else', async () => {
    const before = await listFor(ada);
    const bobList = await listFor(bob);
    const first = before.items.find((i) => i.title === 'First')!;
    const res = await callRoute(t.app, notificationsApi.markRead, {
      headers: asUser(ada),
      body: { ids: [first.id, bobList.items[0]!.id] },
    });
    expect(res.statusCode).toBe(200);
    const after = ZNotificationList.parse(res.json());
    expect(after.unread).toBe(1);
    expect(after.items.find((i) => i.id === first.id)?.read_at).not.toBeNull();
    expect((await listFor(bob)).unread).toBe(1);
  });

  it('marks everything read when no ids are given', async () => {
    const res = await callRoute(t.app, notificationsApi.markRead, { headers: asUser(ada), body: {} });
    expect(res.statusCode).toBe(200);
    expect(ZNotificationList.parse(res.json()).unread).toBe(0);
    expect((await listFor(bob)).unread).toBe(1);
  });

  it('rejects a malformed body with 400', async () => {
    const res = await callRouteWithBadInput(t.app, notificationsApi.markRead, { headers: asUser(ada), body: { ids: 'all' } });
    expect(res.statusCode).toBe(400);
  });
});
