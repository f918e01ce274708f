import { z } from 'zod';
import { defineRoute } from '../api/define-route';

// The operator's price sources: which run, when, over which area, with which credentials.

/** Where a source looks for stores: a city, a ZIP/postal code, or a point and a radius. */
export const ZPriceSourceArea = z
  .object({
    city: z.string().trim().min(1).max(100).optional(),
    zipCode: z.string().trim().min(2).max(12).optional(),
    lat: z.number().min(-90).max(90).optional(),
    lon: z.number().min(-180).max(180).optional(),
    radiusKm: z.number().positive().max(200).optional(),
  })
  .refine((area) => (area.lat === undefined) === (area.lon === undefined), { message: 'A point needs both lat and lon' });
export type TPriceSourceArea = z.infer<typeof ZPriceSourceArea>;

export const ZPriceSourceView = z.object({
  id: z.string(),
  label: z.string(),
  attribution: z.string().nullable(),
  /** It finds its own inputs (an API over the area): it can run on a schedule and without files. */
  canDiscover: z.boolean(),
  isEnabled: z.boolean(),
  /** Hour of the day (UTC) of the scheduled run; null when it runs only by hand. */
  scheduleHour: z.number().int().min(0).max(23).nullable(),
  area: ZPriceSourceArea,
  /** Each credential the source takes, and only whether it is set: a secret is never sent back. */
  credentials: z.array(z.object({ name: z.string(), isSet: z.boolean() })),
  updatedAt: z.string().nullable(),
});
export type TPriceSourceView = z.infer<typeof ZPriceSourceView>;

export const ZPriceSourceList = z.object({ sources: z.array(ZPriceSourceView) });
export type TPriceSourceList = z.infer<typeof ZPriceSourceList>;

export const ZPriceSourceParams = z.object({ source: z.string().min(1).max(40) });

/** A change of a source's settings; a credential set to "" is removed, one left out is kept. */
export const ZSavePriceSourceConfig = z.object({
  isEnabled: z.boolean().optional(),
  scheduleHour: z.number().int().min(0).max(23).nullable().optional(),
  area: ZPriceSourceArea.optional(),
  credentials: z.record(z.string().max(40), z.string().max(500)).optional(),
});
export type TSavePriceSourceConfig = z.infer<typeof ZSavePriceSourceConfig>;

/** One uploaded feed file may be this large; a run takes at most this many files. */
export const PRICE_FEED_MAX_FILE_MB = 1024;
export const PRICE_FEED_MAX_FILES = 100;

export const ZPriceSourceRunStatus = z.enum(['queued', 'running', 'succeeded', 'partial', 'failed']);
export type TPriceSourceRunStatus = z.infer<typeof ZPriceSourceRunStatus>;

export const ZPriceImportError = z.object({ file: z.string(), line: z.number().int().optional(), message: z.string() });
export type TPriceImportError = z.infer<typeof ZPriceImportError>;

/** A run's import summary (as the CLI prints it) plus its status and live progress. */
export const ZPriceSourceRun = z.object({
  runId: z.string(),
  source: z.string(),
  status: ZPriceSourceRunStatus,
  files: z.number().int(),
  stores: z.number().int(),
  products: z.number().int(),
  /** Distinct product-store prices read. */
  prices: z.number().int(),
  promotions: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(ZPriceImportError),
  /** Records read so far (updated while the run goes on). */
  rowsRead: z.number().int(),
  /** Who started it by hand; null for a scheduled run. */
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TPriceSourceRun = z.infer<typeof ZPriceSourceRun>;

export const ZPriceSourceRunList = z.object({ runs: z.array(ZPriceSourceRun) });
export type TPriceSourceRunList = z.infer<typeof ZPriceSourceRunList>;

export const ZPriceSourceRunListQuery = z.object({
  source: z.string().min(1).max(40).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ZPriceSourceRunParams = z.object({ runId: z.string().min(1).max(64) });

/**
 * A run started by hand: a multipart form of feed files (field `files`), or JSON with the `url` of one file; an
 * empty JSON body runs the source over what it discovers itself (an API source's area, a configured directory).
 */
export const ZStartPriceSourceRun = z.object({ url: z.string().trim().url().max(2000).optional() });
export type TStartPriceSourceRun = z.infer<typeof ZStartPriceSourceRun>;

export const ZStartedPriceSourceRun = z.object({ runId: z.string() });

export const priceSourcesApi = {
  list: defineRoute({ method: 'GET', path: '/api/admin/price-sources', responses: { 200: ZPriceSourceList } }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/admin/price-sources/:source',
    params: ZPriceSourceParams,
    body: ZSavePriceSourceConfig,
    responses: { 200: ZPriceSourceView },
  }),
  startRun: defineRoute({
    method: 'POST',
    path: '/api/admin/price-sources/:source/runs',
    params: ZPriceSourceParams,
    form: z.object({}),
    body: ZStartPriceSourceRun,
    responses: { 202: ZStartedPriceSourceRun },
  }),
  runs: defineRoute({
    method: 'GET',
    path: '/api/admin/price-sources/runs',
    query: ZPriceSourceRunListQuery,
    responses: { 200: ZPriceSourceRunList },
  }),
  run: defineRoute({
    method: 'GET',
    path: '/api/admin/price-sources/runs/:runId',
    params: ZPriceSourceRunParams,
    responses: { 200: ZPriceSourceRun },
  }),
};
