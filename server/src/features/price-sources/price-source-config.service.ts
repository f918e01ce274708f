import { ZPriceSourceArea, type TPriceSourceArea, type TPriceSourceView, type TSavePriceSourceConfig } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { createId, nowIso, toFlag } from '../../db/ids';
import { badRequest, notFound } from '../../http/errors';
import type { PriceSource } from './price-source';
import { PRICE_SOURCES } from './sources';

interface ConfigRow {
  source_id: string;
  is_enabled: number;
  schedule_hour: number | null;
  area: string;
  credentials: string;
  updated_at: string;
}

const readJson = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const readArea = (text: string): TPriceSourceArea => {
  const parsed = ZPriceSourceArea.safeParse(readJson(text));
  return parsed.success ? parsed.data : {};
};

const readCredentials = (text: string): Record<string, string> =>
  Object.fromEntries(Object.entries(readJson(text)).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));

export function findConfigurableSource(id: string): PriceSource {
  const source = PRICE_SOURCES.find((candidate) => candidate.id === id);
  if (!source) throw notFound('Price source');
  return source;
}

function toView(source: PriceSource, row: ConfigRow | undefined): TPriceSourceView {
  const credentials = row ? readCredentials(row.credentials) : {};
  return {
    id: source.id,
    label: source.label,
    attribution: source.attribution ?? null,
    canDiscover: source.discover !== undefined,
    isEnabled: row ? row.is_enabled === 1 : false,
    scheduleHour: row?.schedule_hour ?? null,
    area: row ? readArea(row.area) : {},
    credentials: (source.credentialFields ?? []).map((name) => ({ name, isSet: Boolean(credentials[name]) })),
    updatedAt: row?.updated_at ?? null,
  };
}

async function loadRows(deps: Deps<'db'>): Promise<Map<string, ConfigRow>> {
  const rows = await deps.db.selectFrom('price_source_configs').selectAll().execute();
  return new Map(rows.map((row) => [row.source_id, row]));
}

/** Every registered source with the operator's settings (credentials only as set / not set). */
export async function listPriceSources(deps: Deps<'db'>): Promise<TPriceSourceView[]> {
  const rows = await loadRows(deps);
  return PRICE_SOURCES.map((source) => toView(source, rows.get(source.id)));
}

/** Saves a source's settings and records who changed what (never the secrets' values) in the audit log. */
export async function savePriceSourceConfig(
  deps: Deps<'db' | 'log'>,
  input: { actorId: string; sourceId: string; change: TSavePriceSourceConfig },
): Promise<TPriceSourceView> {
  const source = findConfigurableSource(input.sourceId);
  const allowed = new Set(source.credentialFields ?? []);
  const unknown = Object.keys(input.change.credentials ?? {}).filter((name) => !allowed.has(name));
  if (unknown.length > 0) throw badRequest(`${source.label} takes no credential named ${unknown.join(', ')}`);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('price_source_configs').selectAll().where('source_id', '=', source.id).executeTakeFirst();
    const credentials = current ? readCredentials(current.credentials) : {};
    for (const [name, value] of Object.entries(input.change.credentials ?? {})) {
      if (value.trim() === '') delete credentials[name];
      else credentials[name] = value.trim();
    }
    const next = {
      is_enabled: toFlag(input.change.isEnabled ?? current?.is_enabled === 1),
      schedule_hour: input.change.scheduleHour === undefined ? (current?.schedule_hour ?? null) : input.change.scheduleHour,
      area: JSON.stringify(input.change.area ?? (current ? readArea(current.area) : {})),
      credentials: JSON.stringify(credentials),
      updated_by: input.actorId,
      updated_at: now,
    };
    if (current) await trx.updateTable('price_source_configs').set(next).where('source_id', '=', source.id).execute();
    else
      await trx
        .insertInto('price_source_configs')
        .values({ source_id: source.id, ...next })
        .execute();
    const details = {
      isEnabled: input.change.isEnabled,
      scheduleHour: input.change.scheduleHour,
      area: input.change.area,
      credentialsChanged: Object.keys(input.change.credentials ?? {}),
    };
    await trx
      .insertInto('audit_log')
      .values({
        id: createId(),
        actor_id: input.actorId,
        action: 'price_source.configure',
        target_type: 'price_source',
        target_id: source.id,
        details: JSON.stringify(details),
        created_at: now,
      })
      .execute();
  });
  deps.log.info({ sourceId: source.id, actorId: input.actorId }, 'price source settings saved');
  const rows = await loadRows(deps);
  return toView(source, rows.get(source.id));
}

/** The settings a run hands the source: area fields and credentials as strings (server-side only). */
export async function loadSourceRunConfig(deps: Deps<'db'>, sourceId: string): Promise<Record<string, string>> {
  const row = await deps.db.selectFrom('price_source_configs').selectAll().where('source_id', '=', sourceId).executeTakeFirst();
  if (!row) return {};
  const area: Record<string, string> = {};
  for (const [key, value] of Object.entries(readArea(row.area))) area[key] = String(value);
  return { ...area, ...readCredentials(row.credentials) };
}
