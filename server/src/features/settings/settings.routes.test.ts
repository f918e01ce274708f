import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ZNotificationPreferences,
  ZPreferences,
  ZProfile,
  ZSettingsProfile,
  settingsApi,
  accountApi,
  type RouteBody,
} from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';
import { asUser, createUser } from '../../test/factories';
import { createId, nowIso } from '../../db/ids';
import { callRoute, callRouteWithBadInput } from '../../test/call-route';

const t = registerTestApp();
let storeIds: string[];
let chainId: string;
beforeAll(async () => {
  storeIds = [createId(), createId()];
  chainId = createId();
  await t.app.db.insertInto('store_chains').values({ id: chainId, name: 'FreshMart', created_at: nowIso() }).execute();
  await t.app.db
    .insertInto('store_locations')
    .values(
      storeIds.map((id, i) => ({
        id,
        chain_id: chainId,
        name: `FreshMart ${i + 1}`,
        address: `${i + 1} Main St`,
        city: 'Madison',
        created_at: nowIso(),
      })),
    )
    .execute();
});

const validPreferences = () => ({
  currency: 'EUR',
  home_store_ids: [storeIds[0]!],
  trip_cost_cents: 450,
  units: 'metric' as const,
  locale: 'de-DE',
});
// Trips from home stay unset unless a save sends them (delivery-distance.routes.test.ts).
const storedPreferences = () => ({
  ...validPreferences(),
  home_point: null,
  store_radius_km: null,
  trip_cost_per_km_cents: null,
  loyalty_chain_ids: [],
});

describe('settings routes', () => {
  it.each([
    ['GET', '/api/settings/profile', undefined],
    ['POST', '/api/settings/profile', { displayName: 'X' }],
    ['GET', '/api/settings/notifications', undefined],
    ['PUT', '/api/settings/notifications', { marketing: true, product: true, receipts: true, deal_alerts: true }],
    ['GET', '/api/settings/preferences', undefined],
    ['PUT', '/api/settings/preferences', { currency: 'USD' }],
    ['PATCH', '/api/settings/debug', { debug_enabled: 'yes' }],
  ] as const)('answers 401 to an anonymous %s %s, even with a bad body', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Auth session missing!');
  });

  describe('profile', () => {
    it('returns id, email and display name of the caller', async () => {
      const user = await createUser(t.app, { name: 'Ada Shopper' });
      const res = await callRoute(t.app, settingsApi.profile, { headers: asUser(user) });
      expect(res.statusCode).toBe(200);
      expect(ZSettingsProfile.parse(res.json())).toEqual({ id: user.id, email: user.email, display_name: 'Ada Shopper' });
    });

    it('saves the display name and full name and pushes the profile change', async () => {
      const user = await createUser(t.app);
      const events: unknown[] = [];
      const unsubscribe = t.app.events.subscribe(user.id, (event) => events.push(event));
      const res = await callRoute(t.app, settingsApi.saveProfile, {
        headers: asUser(user),
        body: { id: user.id, email: user.email, displayName: '  Ada  ', fullName: 'Ada Lovelace' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Profile saved' });
      const me = ZProfile.parse((await callRoute(t.app, accountApi.me, { headers: asUser(user) })).json());
      expect(me.display_name).toBe('Ada');
      expect(me.full_name).toBe('Ada Lovelace');
      // On PostgreSQL the event travels through LISTEN/NOTIFY, so it arrives a moment later.
      await vi.waitFor(() =>
        expect(events).toContainEqual(
          expect.objectContaining({ type: 'profile', profile: expect.objectContaining({ display_name: 'Ada' }) }),
        ),
      );
      unsubscribe();
    });

    it('clears the display name when it is blank', async () => {
      const user = await createUser(t.app);
      await callRoute(t.app, settingsApi.saveProfile, { headers: asUser(user), body: { displayName: '   ' } });
      const res = await callRoute(t.app, settingsApi.profile, { headers: asUser(user) });
      expect(res.json().display_name).toBeNull();
    });

    it("never touches another user's row when the body names their id", async () => {
      const victim = await createUser(t.app, { name: 'Victim Name' });
      const attacker = await createUser(t.app, { name: 'Attacker' });
      const res = await callRoute(t.app, settingsApi.saveProfile, {
        headers: asUser(attacker),
        body: { id: victim.id, email: victim.email, displayName: 'Hacked' },
      });
      expect(res.statusCode).toBe(200);
      const victimRow = await t.app.db
        .selectFrom('profiles')
        .select(['display_name', 'email'])
        .where('id', '=', victim.id)
        .executeTakeFirstOrThrow();
      expect(victimRow).toEqual({ display_name: 'Victim Name', email: victim.email.toLowerCase() });
      const attackerRow = await t.app.db
        .selectFrom('profiles')
        .select(['display_name', 'email'])
        .where('id', '=', attacker.id)
        .executeTakeFirstOrThrow();
      expect(attackerRow).toEqual({ display_name: 'Hacked', email: attacker.email.toLowerCase() });
    });

    it('rejects a missing or overlong display name with 400', async () => {
      const user = await createUser(t.app);
      const missing = await callRouteWithBadInput(t.app, settingsApi.saveProfile, { headers: asUser(user), body: {} });
      expect(missing.statusCode).toBe(400);
      const long = await callRoute(t.app, settingsApi.saveProfile, { headers: asUser(user), body: { displayName: 'x'.repeat(81) } });
      expect(long.statusCode).toBe(400);
      expect(long.error().message).toContain('Display name is too long');
    });
  });

  describe('notifications', () => {
    it('starts with the spec defaults: marketing off, product, receipts and deal alerts on', async () => {
      const user = await createUser(t.app);
      const res = await callRoute(t.app, settingsApi.notifications, { headers: asUser(user) });
      expect(res.statusCode).toBe(200);
      expect(ZNotificationPreferences.parse(res.json())).toEqual({ marketing: false, product: true, receipts: true, deal_alerts: true });
    });

    it('answers the defaults for an account that has no preferences row yet, then creates it on save', async () => {
      const user = await createUser(t.app);
      await t.app.db.deleteFrom('notification_preferences').where('user_id', '=', user.id).execute();
      const read = await callRoute(t.app, settingsApi.notifications, { headers: asUser(user) });
      expect(read.json()).toEqual({ marketing: false, product: true, receipts: true, deal_alerts: true });
      const saved = await callRoute(t.app, settingsApi.saveNotifications, {
        headers: asUser(user),
        body: { marketing: true, product: false, receipts: true, deal_alerts: false },
      });
      expect(saved.statusCode).toBe(200);
      const row = await t.app.db
        .selectFrom('notification_preferences')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.unsubscribe_token.length).toBeGreaterThan(20);
    });

    it('persists a save and keeps users apart', async () => {
      const user = await createUser(t.app);
      const other = await createUser(t.app);
      const body = { marketing: true, product: false, receipts: false, deal_alerts: false };
      const res = await callRoute(t.app, settingsApi.saveNotifications, { headers: asUser(user), body: body });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(body);
      const again = await callRoute(t.app, settingsApi.notifications, { headers: asUser(user) });
      expect(again.json()).toEqual(body);
      const theirs = await callRoute(t.app, settingsApi.notifications, { headers: asUser(other) });
      expect(theirs.json()).toEqual({ marketing: false, product: true, receipts: true, deal_alerts: true });
    });

    it('rejects a partial or non-boolean body with 400', async () => {
      const user = await createUser(t.app);
      const partial = await callRouteWithBadInput(t.app, settingsApi.saveNotifications, {
        headers: asUser(user),
        body: { marketing: true },
      });
      expect(partial.statusCode).toBe(400);
      const wrong = await callRouteWithBadInput(t.app, settingsApi.saveNotifications, {
        headers: asUser(user),
        body: { marketing: 'yes', product: true, receipts: true, deal_alerts: true },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.error().error).toBe('validation_error');
    });
  });

  describe('preferences', () => {
    it('starts from the profile defaults with no home stores', async () => {
      const user = await createUser(t.app);
      const res = await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) });
      expect(res.statusCode).toBe(200);
      expect(ZPreferences.parse(res.json())).toEqual({
        currency: 'USD',
        home_store_ids: [],
        trip_cost_cents: 300,
        units: 'imperial',
        locale: 'en-US',
        home_point: null,
        store_radius_km: null,
        trip_cost_per_km_cents: null,
        loyalty_chain_ids: [],
      });
    });

    it('persists currency, home stores, trip cost, units and locale', async () => {
      const user = await createUser(t.app);
      const res = await callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: validPreferences() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(storedPreferences());
      const again = await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) });
      expect(again.json()).toEqual(storedPreferences());
    });

    it('replaces the home-store set, drops duplicates and canonicalises the locale', async () => {
      const user = await createUser(t.app);
      await callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: validPreferences() });
      const res = await callRoute(t.app, settingsApi.savePreferences, {
        headers: asUser(user),
        body: { ...validPreferences(), home_store_ids: [storeIds[1]!, storeIds[1]!], locale: 'en_gb' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().home_store_ids).toEqual([storeIds[1]]);
      expect(res.json().locale).toBe('en-GB');
    });

    it.each([
      ['an unknown currency', { currency: 'XYZ' }, 'currency'],
      ['a negative trip cost', { trip_cost_cents: -1 }, 'Trip cost cannot be negative'],
      ['a trip cost above 1000.00', { trip_cost_cents: 100_001 }, 'Trip cost must be at most 1000.00'],
      ['a fractional trip cost', { trip_cost_cents: 2.5 }, 'trip_cost_cents'],
      ['unknown units', { units: 'cubits' }, 'units'],
      ['a locale Intl cannot read', { locale: 'not a locale!' }, 'Enter a locale like en-US'],
    ])('rejects %s with 400', async (_label, patch, message) => {
      const user = await createUser(t.app);
      const res = await callRouteWithBadInput(t.app, settingsApi.savePreferences, {
        headers: asUser(user),
        body: { ...validPreferences(), ...patch },
      });
      expect(res.statusCode).toBe(400);
      expect(res.error().message).toContain(message);
    });

    it('accepts the largest trip cost, 1000.00', async () => {
      const user = await createUser(t.app);
      const res = await callRoute(t.app, settingsApi.savePreferences, {
        headers: asUser(user),
        body: { ...validPreferences(), trip_cost_cents: 100_000 },
      });
      expect(res.statusCode).toBe(200);
    });

    it('rejects home stores that do not exist and saves nothing', async () => {
      const user = await createUser(t.app);
      const res = await callRoute(t.app, settingsApi.savePreferences, {
        headers: asUser(user),
        body: { ...validPreferences(), home_store_ids: [storeIds[0]!, createId()] },
      });
      expect(res.statusCode).toBe(400);
      expect(res.error().message).toBe('Unknown store');
      const after = await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) });
      expect(after.json()).toMatchObject({ currency: 'USD', home_store_ids: [] });
    });

    it('saves the loyalty cards held, keeps them when a save leaves them out, and refuses an unknown chain', async () => {
      const user = await createUser(t.app);
      const put = (payload: RouteBody<typeof settingsApi.savePreferences>) =>
        callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: payload });
      const saved = await put({ ...validPreferences(), loyalty_chain_ids: [chainId, chainId] });
      expect(saved.statusCode).toBe(200);
      expect(ZPreferences.parse(saved.json()).loyalty_chain_ids).toEqual([chainId]);
      expect((await put(validPreferences())).json().loyalty_chain_ids).toEqual([chainId]);
      const unknown = await put({ ...validPreferences(), loyalty_chain_ids: [createId()] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.error().message).toBe('Unknown chain');
      const after = await callRoute(t.app, settingsApi.preferences, { headers: asUser(user) });
      expect(after.json().loyalty_chain_ids).toEqual([chainId]);
      expect((await put({ ...validPreferences(), loyalty_chain_ids: [] })).json().loyalty_chain_ids).toEqual([]);
    });

    it("does not show one user's preferences to another", async () => {
      const user = await createUser(t.app);
      const other = await createUser(t.app);
      await callRoute(t.app, settingsApi.savePreferences, { headers: asUser(user), body: validPreferences() });
      const theirs = await callRoute(t.app, settingsApi.preferences, { headers: asUser(other) });
      expect(theirs.json()).toMatchObject({ currency: 'USD', home_store_ids: [] });
    });
  });

  describe('debug flag', () => {
    it('turns the debug flag on and off and pushes the profile change', async () => {
      const user = await createUser(t.app);
      const events: unknown[] = [];
      const unsubscribe = t.app.events.subscribe(user.id, (event) => events.push(event));
      const on = await callRoute(t.app, settingsApi.setDebug, { headers: asUser(user), body: { debug_enabled: true } });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ debug_enabled: true });
      expect(ZProfile.parse((await callRoute(t.app, accountApi.me, { headers: asUser(user) })).json()).debug_enabled).toBe(true);
      await vi.waitFor(() =>
        expect(events).toContainEqual(
          expect.objectContaining({ type: 'profile', profile: expect.objectContaining({ debug_enabled: true }) }),
        ),
      );
      const off = await callRoute(t.app, settingsApi.setDebug, { headers: asUser(user), body: { debug_enabled: false } });
      expect(off.json()).toEqual({ debug_enabled: false });
      unsubscribe();
    });

    it('rejects a non-boolean flag with 400', async () => {
      const user = await createUser(t.app);
      const res = await callRouteWithBadInput(t.app, settingsApi.setDebug, { headers: asUser(user), body: { debug_enabled: 'true' } });
      expect(res.statusCode).toBe(400);
    });
  });
});
