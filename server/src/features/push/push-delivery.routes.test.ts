import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPushMessage, pushApi, listsApi, householdsApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asUser, createAdmin, createUser, type TestUser } from '../../test/factories';
import {
  createFakeSubscriber,
  decryptPush,
  startFakePushService,
  type FakePushService,
  type FakeSubscriber,
} from '../../test/fake-push-service';
import { createApprovedDeal, createReceipt, createStore } from '../deals/deals-test-helpers';
import { flushListChangePushes } from './list-change-pushes';
import { sendPush } from './push-sender';
import { callRoute } from '../../test/call-route';

// A local push service on 127.0.0.1 stands in for the browser vendor's: only PUSH_ALLOW_INSECURE_ENDPOINTS lets the
// server send to it, as these tests do.
let t: TestApp;
let service: FakePushService;
let owner: TestUser;
let member: TestUser;
let householdId: string;

beforeAll(async () => {
  service = await startFakePushService();
  t = await createTestApp({ push: { vapidKeys: null, isInsecureEndpointAllowed: true, listBatchMs: 60_000 } });
  owner = await createUser(t.app, { name: 'Olive Owner' });
  member = await createUser(t.app, { name: 'Mo Member' });
  const household = await callRoute(t.app, householdsApi.create, { headers: asUser(owner), body: { name: 'Maple' } });
  householdId = household.json().id;
  const invite = await callRoute(t.app, householdsApi.createInvite, { params: { id: householdId }, headers: asUser(owner) });
  const joined = await callRoute(t.app, householdsApi.join, { headers: asUser(member), body: { code: invite.json().code } });
  expect(joined.statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
  await service.close();
});

async function subscribe(user: TestUser, path: string): Promise<FakeSubscriber> {
  const subscriber = createFakeSubscriber();
  const res = await callRoute(t.app, pushApi.subscribe, {
    headers: asUser(user),
    body: { endpoint: `${service.url}${path}`, keys: subscriber.keys },
  });
  expect(res.statusCode, res.body).toBe(201);
  return subscriber;
}

function readPush(subscriber: FakeSubscriber, index: number) {
  return ZPushMessage.parse(JSON.parse(decryptPush(subscriber, service.received[index]!.body)));
}

describe('a push received by a local endpoint', () => {
  it('arrives encrypted to the browser’s key, signed with the server’s VAPID key, and decrypts to the message', async () => {
    const subscriber = await subscribe(owner, '/push/owner-phone');
    const before = service.received.length;
    const outcome = await sendPush(t.app, [owner.id], 'deal_alerts', { title: 'Hello', body: 'A test push', url: '/u/deals', tag: 't' });
    expect(outcome).toEqual({ sent: 1, removed: 0, failed: 0 });
    const request = service.received[before]!;
    expect(request.path).toBe('/push/owner-phone');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.ttl).toBe('86400');
    const publicKey = (await callRoute(t.app, pushApi.publicKey, { headers: asUser(owner) })).json().publicKey;
    expect(request.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
    expect(request.body.includes(Buffer.from('A test push'))).toBe(false);
    expect(readPush(subscriber, before)).toEqual({ title: 'Hello', body: 'A test push', url: '/u/deals', tag: 't' });
  });

  it('batches a member’s changes to a shared list into one push to the other members, opening the list', async () => {
    const ownerPhone = await subscribe(owner, '/push/owner-list');
    await subscribe(member, '/push/member-list');
    const list = await callRoute(t.app, listsApi.create, { headers: asUser(owner), body: { name: 'Weekly', householdId } });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.json().id;
    const before = service.received.length;
    for (const name of ['Milk', 'Eggs', 'Bread', 'Apples']) {
      const added = await callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: asUser(member), body: { name } });
      expect(added.statusCode, added.body).toBe(201);
    }
    const eggs = (await callRoute(t.app, listsApi.detail, { params: { id: listId }, headers: asUser(member) }))
      .json()
      .items.find((item) => item.name === 'Eggs')!;
    await callRoute(t.app, listsApi.updateItem, {
      params: { id: listId, itemId: eggs.id },
      headers: asUser(member),
      body: { is_checked: true },
    });
    // Nothing is sent per change: the batch waits for its window.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(service.received.length).toBe(before);
    await flushListChangePushes(t.app);
    const requests = service.received.slice(before);
    // Both of the owner's browsers; none of the member's own.
    expect(requests.map((r) => r.path).sort()).toEqual(['/push/owner-list', '/push/owner-phone']);
    const index = service.received.findIndex((r) => r.path === '/push/owner-list');
    expect(readPush(ownerPhone, index)).toEqual({
      title: 'Mo Member changed Weekly',
      body: 'Added Milk, added Eggs, added Bread and 2 more changes',
      url: `/u/lists/${listId}`,
      tag: `list-${listId}`,
    });
  });

  it('pushes nothing for a topic the shopper turned off, and nothing for a personal list', async () => {
    await subscribe(member, '/push/member-quiet');
    await callRoute(t.app, pushApi.savePreferences, {
      headers: asUser(member),
      body: { list_changes: true, deal_alerts: false, trial_reminders: true },
    });
    expect(await sendPush(t.app, [member.id], 'deal_alerts', { title: 'x', body: 'y', url: '/u', tag: 'z' })).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
    const before = service.received.length;
    const personal = await callRoute(t.app, listsApi.create, { headers: asUser(owner), body: { name: 'Mine' } });
    const listId = personal.json().id;
    await callRoute(t.app, listsApi.addItem, { params: { id: listId }, headers: asUser(owner), body: { name: 'Tea' } });
    await flushListChangePushes(t.app);
    expect(service.received.length).toBe(before);
  });

  it('removes a subscription the push service answers 410 or 404 for, and keeps one it answers 500 for', async () => {
    const shopper = await createUser(t.app);
    await subscribe(shopper, '/push/gone');
    await subscribe(shopper, '/push/unknown');
    await subscribe(shopper, '/push/flaky');
    service.answer('/push/gone', 410);
    service.answer('/push/unknown', 404);
    service.answer('/push/flaky', 500);
    expect(await sendPush(t.app, [shopper.id], 'list_changes', { title: 'x', body: 'y', url: '/u', tag: 'z' })).toEqual({
      sent: 0,
      removed: 2,
      failed: 1,
    });
    const left = await t.app.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', shopper.id).execute();
    expect(left.map((r) => r.endpoint)).toEqual([`${service.url}/push/flaky`]);
  });

  it('pushes a deal alert to a shopper who bought the product, opening the deal', async () => {
    const admin = await createAdmin(t.app);
    const buyer = await createUser(t.app);
    const phone = await subscribe(buyer, '/push/buyer');
    await createReceipt(t.app, buyer.id, [{ name: 'OAT MILK 1L' }]);
    const storeId = await createStore(t.app, 'FreshMart Downtown', 'FreshMart');
    const before = service.received.length;
    const dealId = await createApprovedDeal(t.app, await createUser(t.app), admin, { title: 'Oat milk 1L', price: 1.99, storeId });
    await service.waitFor(before + 1);
    const index = service.received.findIndex((r, i) => i >= before && r.path === '/push/buyer');
    const message = readPush(phone, index);
    expect(message).toMatchObject({ title: 'Deal: Oat milk 1L', url: `/u/deals/${dealId}` });
    expect(message.body).toContain('Because you bought OAT MILK 1L');
  });
});
