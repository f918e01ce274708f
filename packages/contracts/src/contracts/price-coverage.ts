import { z } from 'zod';
import { defineRoute } from '../api/define-route';

// What the instance's prices cover: how many stores an area has, and how many of a basket's items have a price at
// one store of it and at two or more (two are what a cheaper split needs).

const ZAreaQuery = {
  city: z.string().trim().min(1).max(100).optional(),
  zipCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{2,12}$/, 'A ZIP or postal code is 2 to 12 letters, digits, spaces or dashes')
    .optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
  radiusKm: z.coerce.number().positive().max(200).optional(),
};
const hasWholePoint = (query: { lat?: number; lon?: number }) => (query.lat === undefined) === (query.lon === undefined);

/** The operator's area: a city, a ZIP code or a point and radius (km, 10 by default); none means every store. */
export const ZAdminCoverageQuery = z.object(ZAreaQuery).refine(hasWholePoint, { message: 'A point needs both lat and lon' });

/**
 * The shopper's coverage: an area as above, or `storeIds` (comma-separated, e.g. the stores picked while
 * onboarding), else their home point and radius, else their home stores. The basket is `listId` when given (a
 * list they can see), else the 100 most bought products.
 */
export const ZPriceCoverageQuery = z
  .object({
    ...ZAreaQuery,
    storeIds: z.string().max(8000).optional(),
    listId: z.string().min(1).max(64).optional(),
  })
  .refine(hasWholePoint, { message: 'A point needs both lat and lon' });

export const ZPriceCoverage = z.object({
  /** How the area was chosen. */
  area: z.enum(['city', 'zip', 'point', 'stores', 'home', 'everywhere']),
  /** Stores in the area, and of them those with at least one price. */
  stores: z.number().int(),
  pricedStores: z.number().int(),
  basket: z.object({
    kind: z.enum(['list', 'top']),
    /** Distinct products in the basket (a list's unlinked lines are left out). */
    items: z.number().int(),
    atOneStore: z.number().int(),
    atTwoOrMore: z.number().int(),
    unpriced: z.number().int(),
  }),
});
export type TPriceCoverage = z.infer<typeof ZPriceCoverage>;

export const priceCoverageApi = {
  admin: defineRoute({ method: 'GET', path: '/api/admin/price-coverage', query: ZAdminCoverageQuery, responses: { 200: ZPriceCoverage } }),
  shopper: defineRoute({ method: 'GET', path: '/api/price-coverage', query: ZPriceCoverageQuery, responses: { 200: ZPriceCoverage } }),
};
