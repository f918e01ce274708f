import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DEFAULT_PREFERENCES,
  ZCurrencyCode,
  ZUnitSystem,
  type TNotificationPreferences,
  type TPreferences,
  type TSettingsProfile,
  type TUpdatePreferences,
  type TUpdateSettingsProfile,
} from '@cartwise/contracts';
import type { FormatSettings } from '@cartwise/contracts/domain/format';
import type { Deps } from '../../app-types';
import { isFlagSet } from '../../db/ids';
import { badRequest, notFound } from '../../http/errors';
import { findProfile, updateProfile } from '../profile';
import { publishProfileChange } from '../profile';
import {
  findExistingStoreIds,
  findNotificationPreferences,
  listHomeStoreIds,
  savePreferences,
  listLoyaltyChainIds,
  findExistingChainIds,
  upsertNotificationPreferences,
} from './settings.repo';

export async function getSettingsProfile(app: Deps<'db'>, userId: string): Promise<TSettingsProfile> {
  const row = await findProfile(app.db, userId);
  if (!row) throw notFound('Profile');
  return { id: row.id, email: row.email, display_name: row.display_name };
}

/** Always the caller's own row: the body's id and email are accepted for the spec's shape but never trusted. */
export async function updateSettingsProfile(app: Deps<'db' | 'events'>, userId: string, input: TUpdateSettingsProfile): Promise<void> {
  const displayName = input.displayName.trim();
  await updateProfile(app.db, userId, {
    display_name: displayName === '' ? null : displayName,
    ...(input.fullName !== undefined ? { full_name: input.fullName.trim() } : {}),
  });
  await publishProfileChange(app, userId);
}

export async function getNotificationPreferences(app: Deps<'db'>, userId: string): Promise<TNotificationPreferences> {
  const row = await findNotificationPreferences(app.db, userId);
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    marketing: isFlagSet(row.marketing),
    product: isFlagSet(row.product),
    receipts: isFlagSet(row.receipts),
    deal_alerts: isFlagSet(row.deal_alerts),
  };
}

export async function updateNotificationPreferences(
  app: Deps<'db'>,
  userId: string,
  input: TNotificationPreferences,
): Promise<TNotificationPreferences> {
  await upsertNotificationPreferences(app.db, userId, input);
  return getNotificationPreferences(app, userId);
}

export async function getPreferences(app: Deps<'db'>, userId: string): Promise<TPreferences> {
  const row = await findProfile(app.db, userId);
  if (!row) throw notFound('Profile');
  const { currency, units, locale } = toFormatSettings(row);
  return {
    currency,
    home_store_ids: await listHomeStoreIds(app.db, userId),
    trip_cost_cents: row.trip_cost_cents,
    units,
    locale,
    home_point: row.home_lat !== null && row.home_lon !== null ? { lat: Number(row.home_lat), lon: Number(row.home_lon) } : null,
    store_radius_km: row.store_radius_km === null ? null : Number(row.store_radius_km),
    trip_cost_per_km_cents: row.trip_cost_per_km_cents === null ? null : Number(row.trip_cost_per_km_cents),
    loyalty_chain_ids: await listLoyaltyChainIds(app.db, userId),
  };
}

export async function updatePreferences(app: Deps<'db' | 'events'>, userId: string, input: TUpdatePreferences): Promise<TPreferences> {
  const locale = canonicalLocale(input.locale);
  const storeIds = [...new Set(input.home_store_ids)];
  const existing = await findExistingStoreIds(app.db, storeIds);
  const unknown = storeIds.filter((id) => !existing.has(id));
  if (unknown.length > 0) throw badRequest(unknown.length === 1 ? 'Unknown store' : `${unknown.length} unknown stores`);
  const chainIds = input.loyalty_chain_ids === undefined ? undefined : [...new Set(input.loyalty_chain_ids)];
  const knownChains = await findExistingChainIds(app.db, chainIds ?? []);
  const unknownChains = (chainIds ?? []).filter((id) => !knownChains.has(id));
  if (unknownChains.length > 0) throw badRequest(unknownChains.length === 1 ? 'Unknown chain' : `${unknownChains.length} unknown chains`);
  await savePreferences(app.db, userId, { ...input, locale, home_store_ids: storeIds, loyalty_chain_ids: chainIds });
  await publishProfileChange(app, userId);
  return getPreferences(app, userId);
}

export async function setDebugEnabled(app: Deps<'db' | 'events'>, userId: string, isEnabled: boolean): Promise<boolean> {
  await updateProfile(app.db, userId, { debug_enabled: isEnabled ? 1 : 0 });
  await publishProfileChange(app, userId);
  const row = await findProfile(app.db, userId);
  return isFlagSet(row?.debug_enabled);
}

/** en_us and EN-us both become en-US; anything Intl cannot read is a 400, not a stored surprise. */
function canonicalLocale(locale: string): string {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.trim().replace(/_/g, '-'));
    if (canonical) return canonical;
  } catch {
    // fall through to the validation message
  }
  throw badRequest('Enter a locale like en-US');
}

/**
 * Each user's currency, locale and unit system, for text written for them outside a request
 * (notifications, emails). A user without a profile row gets the defaults.
 */
export async function findFormatSettings(app: Deps<'db'>, userIds: readonly string[]): Promise<Map<string, FormatSettings>> {
  const settings = new Map<string, FormatSettings>();
  for (let i = 0; i < userIds.length; i += 200) {
    const rows = await app.db
      .selectFrom('profiles')
      .select(['id', 'currency', 'locale', 'units'])
      .where('id', 'in', userIds.slice(i, i + 200))
      .execute();
    for (const row of rows) settings.set(row.id, toFormatSettings(row));
  }
  for (const id of userIds) if (!settings.has(id)) settings.set(id, toFormatSettings({}));
  return settings;
}

/** A profile row's saved preferences as format settings; anything unreadable falls back to the default. */
export function toFormatSettings(row: {
  currency?: string | null;
  locale?: string | null;
  units?: string | null;
}): FormatSettings & Pick<TPreferences, 'currency' | 'units'> {
  const currency = ZCurrencyCode.safeParse(row.currency);
  const units = ZUnitSystem.safeParse(row.units);
  return {
    currency: currency.success ? currency.data : DEFAULT_PREFERENCES.currency,
    locale: row.locale || DEFAULT_PREFERENCES.locale,
    units: units.success ? units.data : DEFAULT_PREFERENCES.units,
  };
}
