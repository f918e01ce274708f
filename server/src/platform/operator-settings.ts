import { RECEIPT_UPLOAD_CEILING_MB, type TAppConfig, type TAppSetting, type TFeatureFlag } from '@cartwise/contracts';
import type { Deps } from '../app-types';
import type { CurrentUser } from '../auth/current-user';
import { nowIso } from '../db/ids';
import { badRequest, HttpError, notFound } from '../http/errors';
import { writeAudit } from './audit-log';

export type SettingKey = 'stale_price_days' | 'deal_submission_rate_limit' | 'max_receipt_upload_mb' | 'photo_uploads_per_hour';
export type FeatureKey = 'receipt_ocr' | 'deal_submissions' | 'split_cart' | 'deal_alert_emails';

interface SettingDefinition {
  key: SettingKey;
  label: string;
  description: string;
  defaultValue: string;
  /** Returns an error message for an unacceptable value. */
  validate: (value: string) => string | null;
}

const positiveInteger = (max: number) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= max ? null : `Enter a whole number from 1 to ${max}`;

/** Operator-tunable settings kept in app_settings; features read them with getIntegerSetting. */
export const SETTING_DEFINITIONS: SettingDefinition[] = [
  {
    key: 'stale_price_days',
    label: 'Stale price days',
    description: 'Prices older than this many days are marked stale in comparisons.',
    defaultValue: '30',
    validate: positiveInteger(3650),
  },
  {
    key: 'deal_submission_rate_limit',
    label: 'Deal submission rate limit',
    description: 'How many deals one shopper may submit per day.',
    defaultValue: '10',
    validate: positiveInteger(1000),
  },
  {
    key: 'max_receipt_upload_mb',
    label: 'Maximum receipt upload (MB)',
    description: 'Largest receipt image or PDF a shopper may upload.',
    // 15 is what uploads allowed before this setting was enforced, so an untouched install keeps its limit.
    defaultValue: '15',
    validate: positiveInteger(RECEIPT_UPLOAD_CEILING_MB),
  },
  {
    key: 'photo_uploads_per_hour',
    label: 'Photo uploads per hour',
    description: 'How many receipt and deal photos one shopper may upload per hour (each photo is read by the scanner).',
    defaultValue: '30',
    validate: positiveInteger(10_000),
  },
];

interface FeatureDefinition {
  key: FeatureKey;
  label: string;
  description: string;
  isEnabledByDefault: boolean;
}

const FEATURE_PREFIX = 'feature.';

/** Feature flags, stored in app_settings as `feature.<key>` = 'true' | 'false'. */
export const FEATURE_DEFINITIONS: FeatureDefinition[] = [
  {
    key: 'receipt_ocr',
    label: 'Receipt scanning',
    description: 'Read uploaded receipt photos and PDFs automatically.',
    isEnabledByDefault: true,
  },
  {
    key: 'deal_submissions',
    label: 'Deal submissions',
    description: 'Shoppers can submit deals for moderation.',
    isEnabledByDefault: true,
  },
  {
    key: 'split_cart',
    label: 'Split-cart recommendations',
    description: 'Suggest how to split a list across stores.',
    isEnabledByDefault: true,
  },
  {
    key: 'deal_alert_emails',
    label: 'Deal alert emails',
    description: 'Email shoppers when a deal matches their lists.',
    isEnabledByDefault: true,
  },
];

type StoredSettings = Map<string, { value: string; updated_at: string }>;

async function readSettings(app: Deps<'db'>): Promise<StoredSettings> {
  const rows = await app.db.selectFrom('app_settings').selectAll().execute();
  return new Map(rows.map((r) => [r.key, { value: r.value, updated_at: r.updated_at }]));
}

async function upsertSetting(app: Deps<'db'>, key: string, value: string): Promise<void> {
  const now = nowIso();
  await app.db
    .insertInto('app_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

export async function listSettings(app: Deps<'db'>): Promise<TAppSetting[]> {
  const stored = await readSettings(app);
  const known = SETTING_DEFINITIONS.map((d) => ({
    key: d.key,
    label: d.label,
    description: d.description,
    value: stored.get(d.key)?.value ?? d.defaultValue,
    updated_at: stored.get(d.key)?.updated_at ?? null,
  }));
  // Keys written by other features are shown too, so nothing in the table is hidden from operators.
  const others = [...stored.entries()]
    .filter(([key]) => !key.startsWith(FEATURE_PREFIX) && !SETTING_DEFINITIONS.some((d) => d.key === key))
    .map(([key, row]) => ({ key, label: key, description: '', value: row.value, updated_at: row.updated_at }));
  return [...known, ...others];
}

export async function updateSetting(app: Deps<'db'>, actor: CurrentUser, key: string, value: string): Promise<TAppSetting> {
  if (key.startsWith(FEATURE_PREFIX)) throw badRequest('Change feature flags on the Features page');
  const definition = SETTING_DEFINITIONS.find((d) => d.key === key);
  const existing = await app.db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  if (!definition && !existing) throw notFound('Setting');
  const problem = definition?.validate(value);
  if (problem) throw badRequest(problem);
  await upsertSetting(app, key, value);
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'setting.updated',
    targetType: 'app_setting',
    targetId: key,
    details: { from: existing?.value ?? definition?.defaultValue, to: value },
  });
  const item = (await listSettings(app)).find((s) => s.key === key);
  if (!item) throw notFound('Setting');
  return item;
}

export async function listFeatures(app: Deps<'db'>): Promise<TFeatureFlag[]> {
  const stored = await readSettings(app);
  return FEATURE_DEFINITIONS.map((d) => {
    const row = stored.get(FEATURE_PREFIX + d.key);
    return {
      key: d.key,
      label: d.label,
      description: d.description,
      is_enabled: resolveFeature(stored, d.key),
      updated_at: row?.updated_at ?? null,
    };
  });
}

/** A flag's stored state, or its FEATURE_DEFINITIONS default when nobody has toggled it yet. */
function resolveFeature(stored: StoredSettings, key: FeatureKey): boolean {
  const row = stored.get(FEATURE_PREFIX + key);
  if (row) return row.value === 'true';
  return FEATURE_DEFINITIONS.find((d) => d.key === key)?.isEnabledByDefault ?? false;
}

/**
 * A whole-number setting; a stored value its definition would refuse (e.g. written straight into the table)
 * falls back to the default rather than turning a limit off.
 */
function resolveInteger(stored: StoredSettings, key: SettingKey): number {
  const definition = SETTING_DEFINITIONS.find((d) => d.key === key);
  const value = stored.get(key)?.value;
  return Number(value !== undefined && definition?.validate(value) === null ? value : definition?.defaultValue);
}

async function readSetting(app: Deps<'db'>, key: string): Promise<StoredSettings> {
  const row = await app.db.selectFrom('app_settings').selectAll().where('key', '=', key).executeTakeFirst();
  return new Map(row ? [[row.key, { value: row.value, updated_at: row.updated_at }]] : []);
}

export async function isFeatureEnabled(app: Deps<'db'>, key: FeatureKey): Promise<boolean> {
  return resolveFeature(await readSetting(app, FEATURE_PREFIX + key), key);
}

/** Refuses the request with `message` (403) while the operator has the feature turned off. */
export async function assertFeatureEnabled(app: Deps<'db'>, key: FeatureKey, message: string): Promise<void> {
  if (!(await isFeatureEnabled(app, key))) throw featureDisabled(message);
}

/** What a request for a feature the operator turned off answers (403). */
export function featureDisabled(message: string): HttpError {
  return new HttpError(403, 'feature_disabled', message);
}

export async function getIntegerSetting(app: Deps<'db'>, key: SettingKey): Promise<number> {
  return resolveInteger(await readSetting(app, key), key);
}

/** The flags and whole-number settings a request asked for together (readSettingsOf). */
export interface SettingsOf<F extends FeatureKey, S extends SettingKey> {
  isFeatureEnabled: (key: F) => boolean;
  getInteger: (key: S) => number;
}

/**
 * Several flags and settings in one statement, resolved as isFeatureEnabled and getIntegerSetting resolve each: a
 * request that needs more than one pays for one read, which on PostgreSQL is one parse and plan fewer per key.
 */
export async function readSettingsOf<F extends FeatureKey, S extends SettingKey>(
  app: Deps<'db'>,
  keys: { features: readonly F[]; integers: readonly S[] },
): Promise<SettingsOf<F, S>> {
  const names = [...keys.features.map((key) => FEATURE_PREFIX + key), ...keys.integers];
  const rows = names.length === 0 ? [] : await app.db.selectFrom('app_settings').selectAll().where('key', 'in', names).execute();
  const stored: StoredSettings = new Map(rows.map((r) => [r.key, { value: r.value, updated_at: r.updated_at }]));
  return { isFeatureEnabled: (key) => resolveFeature(stored, key), getInteger: (key) => resolveInteger(stored, key) };
}

/** What shoppers' pages need to know about the operator's flags and limits (one read of the table). */
export async function readAppConfig(app: Deps<'db'>, isBillingOn: boolean): Promise<TAppConfig> {
  const stored = await readSettings(app);
  return {
    billing: { isEnabled: isBillingOn },
    features: {
      receiptOcr: resolveFeature(stored, 'receipt_ocr'),
      dealSubmissions: resolveFeature(stored, 'deal_submissions'),
      splitCart: resolveFeature(stored, 'split_cart'),
      dealAlertEmails: resolveFeature(stored, 'deal_alert_emails'),
    },
    limits: {
      maxReceiptUploadMb: resolveInteger(stored, 'max_receipt_upload_mb'),
      dealSubmissionsPerDay: resolveInteger(stored, 'deal_submission_rate_limit'),
    },
  };
}

export async function toggleFeature(app: Deps<'db'>, actor: CurrentUser, key: string, isEnabled: boolean): Promise<TFeatureFlag> {
  if (!FEATURE_DEFINITIONS.some((d) => d.key === key)) throw notFound('Feature');
  await upsertSetting(app, FEATURE_PREFIX + key, String(isEnabled));
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'feature.toggled',
    targetType: 'feature',
    targetId: key,
    details: { is_enabled: isEnabled },
  });
  const flag = (await listFeatures(app)).find((f) => f.key === key);
  if (!flag) throw notFound('Feature');
  return flag;
}
