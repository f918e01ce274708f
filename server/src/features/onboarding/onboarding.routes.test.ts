import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZOnboardingState, ZProfile, accountApi, onboardingApi } from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();
const storeIds: string[] = [];
let chainId: string;

beforeAll(async () => {
  const now = nowIso();
  chainId = createId();
  await t.app.db.insertInto('store_chains').values({ id: chainId, name: 'FreshMart', created_at: now }).execute();
  for (const [name, chain] of [
    ['FreshMart Downtown', chainId],
    ['Corner Grocer', null],
  ] as const) {
    const id = createId();
    storeIds.push(id);
    await t.app.db
      .insertInto('store_locations')
      .values({ id, chain_id: chain, name, address: '1 Main St', city: 'Springfield', created_at: now })
      .execute();
  }
});

describe('onboarding', () => {
  it('reads the starting state: name, stores with chains and the default notification choices', async () => {
    const user = await createUser(t.app, { name: 'Ada Lovelace' });
    const res = await callRoute(t.app, onboardingApi.get, { headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    const state = ZOnboardingState.parse(res.json());
    expect(state.profile).toMatchObject({ full_name: 'Ada Lovelace', is_onboarded: false });
    // Stores people made carry no feed key, place or currency.
    const MADE_BY_PEOPLE = { source_ref: null, currency: null, lat: null, lon: null, is_online: false };
    expect(state.stores).toEqual([
      {
        id: storeIds[0],
        name: 'FreshMart Downtown',
        chain_id: chainId,
        chain_name: 'FreshMart',
        address: '1 Main St, Springfield',
        ...MADE_BY_PEOPLE,
      },
      { id: storeIds[1], name: 'Corner Grocer', chain_id: null, chain_name: null, address: '1 Main St, Springfield', ...MADE_BY_PEOPLE },
    ]);
    expect(state.home_store_ids).toEqual([]);
    expect(state.preferences).toEqual({ marketing: false, product: true, receipts: true });
  });

  it('saves name, home stores and notification choices, marks the profile onboarded and pushes the change', async () => {
    const user = await createUser(t.app);
    const events: string[] = [];
    const unsubscribe = t.app.events.subscribe(user.id, (event) => events.push(event.type));
    const res = await callRoute(t.app, onboardingApi.complete, {
      headers: asUser(user),
      body: {
        fullName: ' Grace Hopper ',
        displayName: 'Grace',
        homeStoreIds: [storeIds[1]!, storeIds[1]!],
        notifications: { marketing: true, product: false, receipts: true },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    // On PostgreSQL the event travels through NOTIFY and arrives after the response.
    await vi.waitFor(() => expect(events).toContain('profile'), { timeout: 2000 });
    unsubscribe();
    const state = ZOnboardingState.parse(res.json());
    expect(state.profile).toMatchObject({ full_name: 'Grace Hopper', display_name: 'Grace', is_onboarded: true });
    expect(state.home_store_ids).toEqual([storeIds[1]]);
    expect(state.preferences).toEqual({ marketing: true, product: false, receipts: true });
    const me = ZProfile.parse((await callRoute(t.app, accountApi.me, { headers: asUser(user) })).json());
    expect(me.is_onboarded).toBe(true);
    expect(events).toContain('profile');

    // Running it again replaces the home stores rather than adding to them.
    const again = await callRoute(t.app, onboardingApi.complete, {
      headers: asUser(user),
      body: {
        fullName: 'Grace Hopper',
        displayName: '',
        homeStoreIds: [storeIds[0]!],
        notifications: { marketing: false, product: true, receipts: false },
      },
    });
    const next = ZOnboardingState.parse(again.json());
    expect(next.home_store_ids).toEqual([storeIds[0]]);
    expect(next.profile.display_name).toBeNull();
  });

  it('skips: marks the profile onboarded and keeps the defaults', async () => {
    const user = await createUser(t.app);
    const res = await callRoute(t.app, onboardingApi.skip, { headers: asUser(user) });
    expect(res.statusCode).toBe(200);
    const state = ZOnboardingState.parse((await callRoute(t.app, onboardingApi.get, { headers: asUser(user) })).json());
    expect(state.profile.is_onboarded).toBe(true);
    expect(state.preferences).toEqual({ marketing: false, product: true, receipts: true });
  });

  it('rejects unknown or malformed store ids with 400 and anonymous callers with 401', async () => {
    const user = await createUser(t.app);
    const notifications = { marketing: false, product: true, receipts: true };
    const unknown = await callRoute(t.app, onboardingApi.complete, {
      headers: asUser(user),
      body: { fullName: 'X', displayName: 'X', homeStoreIds: [createId()], notifications },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error().message).toBe('One or more chosen stores do not exist');
    const malformed = await callRoute(t.app, onboardingApi.complete, {
      headers: asUser(user),
      body: { fullName: 'X', displayName: 'X', homeStoreIds: ['nope'], notifications },
    });
    expect(malformed.statusCode).toBe(400);
    const state = ZOnboardingState.parse((await callRoute(t.app, onboardingApi.get, { headers: asUser(user) })).json());
    expect(state.profile.is_onboarded).toBe(false);
    expect((await callRoute(t.app, onboardingApi.get)).statusCode).toBe(401);
    expect((await callRouteWithBadInput(t.app, onboardingApi.complete, { body: {} })).statusCode).toBe(401);
  });
});
