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

export const priceSourcesApi = {
  list: defineRoute({ method: 'GET', path: '/api/admin/price-sources', responses: { 200: ZPriceSourceList } }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/admin/price-sources/:source',
    params: ZPriceSourceParams,
    body: ZSavePriceSourceConfig,
    responses: { 200: ZPriceSourceView },
  }),
};
