import { z } from 'zod';

/**
 * GET/PUT /api/settings/notifications. Defaults follow spec section 9
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

export const SUPPORTED_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'MYR'] as const;
export const ZCurrencyCode = z.enum(SUPPORTED_CURRENCIES);
export type TCurrencyCode = z.infer<typeof ZCurrencyCode>;

export const ZUnitSystem = z.enum(['metric', 'imperial']);
export type TUnitSystem = z.infer<typeof ZUnitSystem>;

/** GET/PUT /api/settings/preferences */
export const ZPreferences = z.object({
  currency: ZCurrencyCode,
  home_store_ids: z.array(z.string()),
  trip_cost_cents: z.number().int().nonnegative(),
  units: ZUnitSystem,
  locale: z.string().min(2).max(35),
});
export type TPreferences = z.infer<typeof ZPreferences>;

export const DEFAULT_PREFERENCES: TPreferences = {
  currency: 'USD',
  home_store_ids: [],
  trip_cost_cents: 0,
  units: 'imperial',
  locale: 'en-US',
};

export const ZUpdatePreferences = z.object({
  currency: ZCurrencyCode,
  home_store_ids: z.array(z.string()).max(50),
  trip_cost_cents: z.number({ message: 'Enter a trip cost' }).int().nonnegative({ message: 'Trip cost cannot be negative' }),
  units: ZUnitSystem,
  locale: z.string().trim().min(2, { message: 'Enter a locale like en-US' }).max(35),
});
export type TUpdatePreferences = z.infer<typeof ZUpdatePreferences>;

export const ZStoreOption = z.object({
  id: z.string(),
  name: z.string(),
  chain_name: z.string().nullable(),
  address: z.string().nullable(),
});
export type TStoreOption = z.infer<typeof ZStoreOption>;

/** GET /api/stores */
export const ZStoreList = z.object({ items: z.array(ZStoreOption) });
export type TStoreList = z.infer<typeof ZStoreList>;
