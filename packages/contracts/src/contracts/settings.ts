import { z } from 'zod';
import { PREFERENCES_PATH } from '../api/boot-paths';
import { defineRoute } from '../api/define-route';
import { isCurrencyCode } from '../domain/currencies';
import { ZMessage } from './common';
import { ZSettingsProfile, ZUpdateSettingsProfile } from './profile';

/**
 * GET/PUT /api/settings/notifications. Defaults follow the product spec
 * (marketing off, product and receipts on); deal alerts default on.
 */
export const ZNotificationPreferences = z.object({
  marketing: z.boolean(),
  product: z.boolean(),
  receipts: z.boolean(),
  deal_alerts: z.boolean(),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const DEFAULT_NOTIFICATION_PREFERENCES: TNotificationPreferences = {
  marketing: false,
  product: true,
  receipts: true,
  deal_alerts: true,
};

export const ZUpdateNotificationPreferences = ZNotificationPreferences;
export type TUpdateNotificationPreferences = z.infer<typeof ZUpdateNotificationPreferences>;

/** Any ISO 4217 code (domain/currencies.ts), not a fixed list: prices keep the currency their source gives. */
export const ZCurrencyCode = z
  .string({ message: 'Choose a currency by its ISO 4217 code, like EUR' })
  .refine(isCurrencyCode, { message: 'Choose a currency by its ISO 4217 code, like EUR' });
export type TCurrencyCode = z.infer<typeof ZCurrencyCode>;

export const ZUnitSystem = z.enum(['metric', 'imperial']);
export type TUnitSystem = z.infer<typeof ZUnitSystem>;

/** A place on the map in WGS 84 degrees; anything off the map is refused with a clear message. */
export const ZGeoPoint = z.object({
  lat: z
    .number({ message: 'Latitude must be a number' })
    .min(-90, { message: 'Home point is off the map' })
    .max(90, { message: 'Home point is off the map' }),
  lon: z
    .number({ message: 'Longitude must be a number' })
    .min(-180, { message: 'Home point is off the map' })
    .max(180, { message: 'Home point is off the map' }),
});
export type TGeoPoint = z.infer<typeof ZGeoPoint>;

/** Upper bounds: a 500 km radius and 100.00 a km are past any grocery trip. */
export const MAX_STORE_RADIUS_KM = 500;
export const MAX_TRIP_COST_PER_KM_CENTS = 10_000;

/** GET/PUT /api/settings/preferences */
export const ZPreferences = z.object({
  currency: ZCurrencyCode,
  home_store_ids: z.array(z.string()),
  trip_cost_cents: z.number().int().nonnegative(),
  units: ZUnitSystem,
  locale: z.string().min(2).max(35),
  /** Where trips start; with a radius, the plan's stores default to those within it. */
  home_point: ZGeoPoint.nullable(),
  store_radius_km: z.number().nonnegative().nullable(),
  /** Added to each store's trip cost per km from the home point to the store. */
  trip_cost_per_km_cents: z.number().int().nonnegative().nullable(),
  /** Chains whose loyalty card the shopper holds: their club-only promotions apply to the shopper's plans. */
  loyalty_chain_ids: z.array(z.string()),
});
export type TPreferences = z.infer<typeof ZPreferences>;

export const DEFAULT_PREFERENCES: TPreferences = {
  currency: 'USD',
  home_store_ids: [],
  trip_cost_cents: 0,
  units: 'imperial',
  locale: 'en-US',
  home_point: null,
  store_radius_km: null,
  trip_cost_per_km_cents: null,
  loyalty_chain_ids: [],
};

/** Upper bound for the per-trip cost the optimiser adds for each extra store (1000.00). */
export const MAX_TRIP_COST_CENTS = 100_000;

export const ZUpdatePreferences = z.object({
  currency: ZCurrencyCode,
  home_store_ids: z.array(z.string()).max(50),
  trip_cost_cents: z
    .number({ message: 'Enter a trip cost' })
    .int()
    .nonnegative({ message: 'Trip cost cannot be negative' })
    .max(MAX_TRIP_COST_CENTS, { message: 'Trip cost must be at most 1000.00' }),
  units: ZUnitSystem,
  locale: z.string().trim().min(2, { message: 'Enter a locale like en-US' }).max(35),
  /** Left out: unchanged; null: cleared. */
  home_point: ZGeoPoint.nullable().optional(),
  store_radius_km: z
    .number({ message: 'Radius must be a number' })
    .nonnegative({ message: 'Radius cannot be negative' })
    .max(MAX_STORE_RADIUS_KM, { message: `Radius must be at most ${MAX_STORE_RADIUS_KM} km` })
    .nullable()
    .optional(),
  trip_cost_per_km_cents: z
    .number({ message: 'Trip cost per km must be a number' })
    .int()
    .nonnegative({ message: 'Trip cost per km cannot be negative' })
    .max(MAX_TRIP_COST_PER_KM_CENTS, { message: 'Trip cost per km must be at most 100.00' })
    .nullable()
    .optional(),
  /** Left out: the saved cards stay as they are. */
  loyalty_chain_ids: z.array(z.string()).max(100).optional(),
});
export type TUpdatePreferences = z.infer<typeof ZUpdatePreferences>;

export const ZStoreOption = z.object({
  id: z.string(),
  name: z.string(),
  chain_name: z.string().nullable(),
  address: z.string().nullable(),
  /** The price feed's key for the store ('il:7290027600007:413'), null for a store people made. */
  source_ref: z.string().nullable(),
  chain_id: z.string().nullable(),
  /** ISO 4217, null when the store never said. */
  currency: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  is_online: z.boolean(),
});
export type TStoreOption = z.infer<typeof ZStoreOption>;

/** GET /api/stores */
export const ZStoreList = z.object({ items: z.array(ZStoreOption) });
export type TStoreList = z.infer<typeof ZStoreList>;

/** PATCH /api/settings/debug: the profile's debug flag. */
export const ZUpdateDebug = z.object({ debug_enabled: z.boolean() });
export type TUpdateDebug = z.infer<typeof ZUpdateDebug>;
export const ZDebugSetting = ZUpdateDebug;
export type TDebugSetting = z.infer<typeof ZDebugSetting>;

const ZExportListItem = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  category: z.string().nullable(),
  product_id: z.string().nullable(),
  is_checked: z.boolean(),
  accepts_substitutes: z.boolean(),
});

const ZExportReceiptItem = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unit_price_cents: z.number().nullable(),
  price_cents: z.number(),
  discount_cents: z.number(),
  category: z.string().nullable(),
  product_id: z.string().nullable(),
});

/** GET /api/export/all.json: everything the signed-in user owns, money in integer cents. */
export const ZDataExport = z.object({
  exported_at: z.string(),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.string(),
    display_name: z.string().nullable(),
    role: z.string(),
    subscription_status: z.string(),
    trial_started_at: z.string().nullable(),
    trial_ends_at: z.string().nullable(),
    created_at: z.string(),
  }),
  preferences: ZPreferences,
  notifications: ZNotificationPreferences,
  lists: z.array(
    z.object({ id: z.string(), name: z.string(), created_at: z.string(), updated_at: z.string(), items: z.array(ZExportListItem) }),
  ),
  pantry: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      qty: z.number(),
      unit: z.string(),
      expires_on: z.string().nullable(),
      product_id: z.string().nullable(),
    }),
  ),
  receipts: z.array(
    z.object({
      id: z.string(),
      store_name: z.string(),
      store_address: z.string().nullable(),
      purchased_on: z.string().nullable(),
      purchased_time: z.string().nullable(),
      subtotal_cents: z.number().nullable(),
      tax_cents: z.number().nullable(),
      total_cents: z.number(),
      payment: z.string().nullable(),
      source: z.string(),
      created_at: z.string(),
      items: z.array(ZExportReceiptItem),
    }),
  ),
  deals: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      sale_price_cents: z.number(),
      original_price_cents: z.number().nullable(),
      store_name: z.string().nullable(),
      chain_name: z.string().nullable(),
      starts_on: z.string().nullable(),
      ends_on: z.string().nullable(),
      status: z.string(),
      rejection_reason: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  /** The split-cart plans the shopper went with, and what each saved against their usual store. */
  split_cart_plans: z.array(
    z.object({
      id: z.string(),
      list_id: z.string().nullable(),
      list_name: z.string(),
      used_on: z.string(),
      plan_total_cents: z.number(),
      usual_store_name: z.string().nullable(),
      usual_total_cents: z.number(),
      savings_cents: z.number(),
    }),
  ),
  /** The households the shopper belongs to (shared items stay with the household, so only the membership is theirs). */
  households: z.array(z.object({ id: z.string(), name: z.string(), role: z.string(), joined_at: z.string() })),
});
export type TDataExport = z.infer<typeof ZDataExport>;

/** The shopper's settings endpoints, shared by the server's registration and the web client's calls. */
export const settingsApi = {
  profile: defineRoute({ method: 'GET', path: '/api/settings/profile', responses: { 200: ZSettingsProfile } }),
  saveProfile: defineRoute({
    method: 'POST',
    path: '/api/settings/profile',
    body: ZUpdateSettingsProfile,
    responses: { 200: ZMessage },
  }),
  notifications: defineRoute({ method: 'GET', path: '/api/settings/notifications', responses: { 200: ZNotificationPreferences } }),
  saveNotifications: defineRoute({
    method: 'PUT',
    path: '/api/settings/notifications',
    body: ZUpdateNotificationPreferences,
    responses: { 200: ZNotificationPreferences },
  }),
  preferences: defineRoute({ method: 'GET', path: PREFERENCES_PATH, responses: { 200: ZPreferences } }),
  savePreferences: defineRoute({
    method: 'PUT',
    path: PREFERENCES_PATH,
    body: ZUpdatePreferences,
    responses: { 200: ZPreferences },
  }),
  setDebug: defineRoute({ method: 'PATCH', path: '/api/settings/debug', body: ZUpdateDebug, responses: { 200: ZDebugSetting } }),
};

/** GET /api/stores: the stores a shopper can pick (settings, receipts). */
export const storesApi = {
  list: defineRoute({ method: 'GET', path: '/api/stores', responses: { 200: ZStoreList } }),
};

/**
 * The data export's files (everything the shopper owns), downloaded through a link: CSV and indented JSON sent as text, so no
 * response schema (a JSON serializer would quote the CSV and compact the JSON).
 */
export const exportApi = {
  receiptsCsv: defineRoute({ method: 'GET', path: '/api/export/receipts.csv', responses: {} }),
  receiptItemsCsv: defineRoute({ method: 'GET', path: '/api/export/receipt-items.csv', responses: {} }),
  allJson: defineRoute({ method: 'GET', path: '/api/export/all.json', responses: {} }),
};
