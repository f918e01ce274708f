import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZId } from './common';

/** GET /api/lists/:id/recommendations query: inputs of the split-cart plan. */
export const ZRecommendationQuery = z.object({
  storeIds: z
    .string()
    .optional()
    .transform((text) =>
      text
        ? text
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    ),
  tripCostCents: z.coerce.number().int().min(0, { message: 'Trip cost cannot be negative' }).max(100_000).optional(),
  maxStores: z.enum(['1', '2', '3', '4', 'any']).optional(),
  includeStale: z.enum(['true', 'false']).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type TRecommendationQuery = z.infer<typeof ZRecommendationQuery>;

export const ZPlanStore = z.object({
  id: z.string(),
  name: z.string(),
  chainName: z.string().nullable(),
  address: z.string(),
  isHome: z.boolean(),
  /** A store that delivers: its trip cost is its delivery fee. */
  isOnline: z.boolean().optional(),
  /** From the shopper's home point, when both places are known. */
  distanceKm: z.number().nullable().optional(),
  /** The plan uses this store only for at least this much. */
  minOrderCents: z.number().int().nullable().optional(),
});
export type TPlanStore = z.infer<typeof ZPlanStore>;

/** The same item at another stop of the plan: where shop mode sends it when the planned store does not have it. */
export const ZPlanAlternative = z.object({
  storeId: z.string(),
  productId: z.string(),
  productName: z.string(),
  lineCents: z.number().int(),
  packagePriceCents: z.number().int(),
  isDeal: z.boolean(),
});
export type TPlanAlternative = z.infer<typeof ZPlanAlternative>;

/** A store promotion a plan line takes. */
export const ZPlanPromotion = z.object({ id: z.string(), description: z.string() });
export type TPlanPromotion = z.infer<typeof ZPlanPromotion>;

/** Buying `addUnits` more of a line's product completes a promotion's group and lowers the stop's total. */
export const ZPlanGroupSuggestion = z.object({
  itemId: z.string(),
  productName: z.string(),
  promotion: ZPlanPromotion,
  addUnits: z.number().int().positive(),
  /** How much lower the stop's total is with the extra units, in cents. */
  savesCents: z.number().int().positive(),
});
export type TPlanGroupSuggestion = z.infer<typeof ZPlanGroupSuggestion>;

export const ZPlanLine = z.object({
  itemId: z.string(),
  name: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  productId: z.string(),
  productName: z.string(),
  /** What this line costs at this store, in cents (quantity x normalised unit price, rounded). */
  lineCents: z.number().int(),
  /** The shelf price of one package, in cents, and its size. */
  packagePriceCents: z.number().int(),
  packageLabel: z.string().nullable(),
  isDeal: z.boolean(),
  observedOn: z.string(),
  ageDays: z.number().int(),
  isStale: z.boolean(),
  /** The item's category (or its product's), for walking a store aisle by aisle; null when neither has one. */
  category: z.string().nullable(),
  /** The other stops of this plan with a price for the item, cheapest first (ties in stop order). */
  alternatives: z.array(ZPlanAlternative),
  /** The promotion this line takes at this store (lineCents is after it), or null. */
  promotion: ZPlanPromotion.nullable().default(null),
  /** What the promotion takes off this line's shelf price, in cents. */
  promotionSavedCents: z.number().int().nonnegative().default(0),
  /** A generic item ("milk 1 L"): the whole packages of the product that cover its quantity; null otherwise. */
  packs: z.number().int().positive().nullable().default(null),
  /** A generic item: the product's shelf price per kg, L or item, by which the plan compared its products. */
  comparedUnitPrice: z
    .object({ cents: z.number().int(), per: z.enum(['kg', 'L', 'item']) })
    .nullable()
    .default(null),
});
export type TPlanLine = z.infer<typeof ZPlanLine>;

/** A store's aisle order learned from the household's ticks there (domain/aisle-order.ts): places from 0 to 1. */
export const ZStoreAisleOrder = z.object({
  products: z.record(z.string(), z.number()),
  categories: z.record(z.string(), z.number()),
});

export const ZPlanStop = z.object({
  store: ZPlanStore,
  lines: z.array(ZPlanLine),
  itemsCents: z.number().int(),
  tripCostCents: z.number().int(),
  /** What this stop's promotions take off its shelf prices, in cents (already out of itemsCents). */
  promotionSavingsCents: z.number().int().nonnegative().default(0),
  suggestions: z.array(ZPlanGroupSuggestion).default([]),
  /** The order the household walks this store, when it has ticked items there; its lines already follow it. */
  aisle: ZStoreAisleOrder.optional(),
});
export type TPlanStop = z.infer<typeof ZPlanStop>;

export const ZStoreComparison = z.object({
  store: ZPlanStore,
  totalCents: z.number().int(),
  /** Items this store has no price for (bought nowhere in that comparison). */
  missingCount: z.number().int(),
});
export type TStoreComparison = z.infer<typeof ZStoreComparison>;

export const ZUnpricedItem = z.object({
  itemId: z.string(),
  name: z.string(),
  reason: z.enum(['no-product', 'no-price']),
});

export const ZRecommendationPlan = z.object({
  listId: z.string(),
  listName: z.string(),
  date: z.string(),
  /** ISO 4217: every amount of the plan is in this currency (the shopper's); absent from trips saved before it was sent. */
  currency: z.string().optional(),
  candidateStores: z.array(ZPlanStore),
  tripCostCents: z.number().int(),
  maxStores: z.number().int().nullable(),
  staleDays: z.number().int(),
  includeStale: z.boolean(),
  isFeasible: z.boolean(),
  stops: z.array(ZPlanStop),
  itemsCents: z.number().int(),
  tripCostsCents: z.number().int(),
  totalCents: z.number().int(),
  bestSingleStore: ZStoreComparison.nullable(),
  usualStore: ZStoreComparison.nullable(),
  savingsVsBestSingleCents: z.number().int().nullable(),
  savingsVsUsualCents: z.number().int().nullable(),
  unpriced: z.array(ZUnpricedItem),
  oldestPriceDays: z.number().int().nullable(),
  solverMs: z.number(),
  /** False when the solver's time limit stopped it: the plan is the best found, not proven cheapest. */
  isProven: z.boolean(),
  /** The cheapest possible plan costs at least totalCents minus this (0 when proven). */
  proofGapCents: z.number().int().nonnegative(),
});
export type TRecommendationPlan = z.infer<typeof ZRecommendationPlan>;

/**
 * POST /api/lists/:id/plans (same query as the recommendations): the shopper uses this plan. The server plans
 * again (the figures are its own, not the page's) and keeps the plan's total beside the usual store's: the store
 * where they spent most on receipts over the last 90 days or, when that store cannot supply the whole list, the
 * plan's most expensive single-store alternative.
 */
export const ZUsedPlan = z.object({
  id: z.string(),
  listId: z.string(),
  usedOn: z.string(),
  totalCents: z.number().int(),
  usualStoreName: z.string().nullable(),
  usualTotalCents: z.number().int(),
  /** Always 0: starting a trip counts nothing; finishing it (POST /api/plans/:planId/finish) proves the saving. */
  savingsCents: z.number().int().nonnegative(),
});
export type TUsedPlan = z.infer<typeof ZUsedPlan>;

/**
 * POST /api/plans/:planId/finish: the trip is over. The saving is what the ticked items would have cost at the
 * plan's best single store (with its trip) minus what they cost in the plan (with the trips to the stops they
 * came from), never below 0 and never above the plan's own saving against that store.
 */
export const ZFinishedTrip = z.object({
  savingsCents: z.number().int().nonnegative(),
  /** What the ticked items cost at their planned stores, trips included. */
  spentCents: z.number().int().nonnegative(),
  /** The whole plan's total, trips included. */
  plannedCents: z.number().int().nonnegative(),
  boughtCount: z.number().int().nonnegative(),
});
export type TFinishedTrip = z.infer<typeof ZFinishedTrip>;
export const ZPlanParams = z.object({ planId: ZId });

/** POST /api/admin/prices/import */
export const ZPriceImport = z.object({
  kind: z.enum(['csv', 'json']),
  content: z.string().min(1, { message: 'The file is empty' }).max(5_000_000, { message: 'The file is too large (5 MB at most)' }),
});
export type TPriceImport = z.infer<typeof ZPriceImport>;

export const ZPriceImportSummary = z.object({
  format: z.enum(['cartwise', 'open-prices']),
  imported: z.number().int(),
  skipped: z.number().int(),
  createdStores: z.number().int(),
  createdProducts: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type TPriceImportSummary = z.infer<typeof ZPriceImportSummary>;

/** Operator management of the price book's chains and store locations. */
export const ZCreateChain = z.object({ name: z.string().trim().min(1, { message: 'Chain name is required' }).max(80) });
export type TCreateChain = z.infer<typeof ZCreateChain>;

export const ZSaveStore = z.object({
  name: z.string().trim().min(1, { message: 'Store name is required' }).max(120),
  chainId: z.string().uuid({ message: 'Invalid id' }).nullable(),
  address: z.string().trim().max(200).default(''),
  city: z.string().trim().max(80).default(''),
  /** Left out: unchanged (null on a new store). Where it is, whether it delivers, its fee and minimum order. */
  location: z
    .object({
      lat: z.number().min(-90, { message: 'Store location is off the map' }).max(90, { message: 'Store location is off the map' }),
      lon: z.number().min(-180, { message: 'Store location is off the map' }).max(180, { message: 'Store location is off the map' }),
    })
    .nullable()
    .optional(),
  isOnline: z.boolean().optional(),
  deliveryFeeCents: z
    .number()
    .int()
    .nonnegative({ message: 'Delivery fee cannot be negative' })
    .max(100_000, { message: 'Delivery fee must be at most 1000.00' })
    .nullable()
    .optional(),
  minOrderCents: z
    .number()
    .int()
    .nonnegative({ message: 'Minimum order cannot be negative' })
    .max(10_000_000, { message: 'Minimum order is too large' })
    .nullable()
    .optional(),
});
export type TSaveStore = z.infer<typeof ZSaveStore>;

export const ZPriceBookStore = z.object({
  id: z.string(),
  name: z.string(),
  chainId: z.string().nullable(),
  chainName: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  observationCount: z.number().int(),
  latestObservedOn: z.string().nullable(),
  staleCount: z.number().int(),
  /** Another location this one looks like a misreading or misspelling of, to merge it into (the larger history). */
  possibleDuplicateOf: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TPriceBookStore = z.infer<typeof ZPriceBookStore>;

/** Merges a store location into another: its receipts, prices, deals and home-store picks move, then it is deleted. */
export const ZMergeStore = z.object({ intoId: z.string().uuid({ message: 'Choose the store to merge into' }) });
export type TMergeStore = z.infer<typeof ZMergeStore>;

export const ZMergeChain = z.object({ intoId: z.string().uuid({ message: 'Choose the chain to merge into' }) });
export type TMergeChain = z.infer<typeof ZMergeChain>;
export const ZChainMergeSummary = z.object({ intoId: z.string(), locations: z.number().int(), aliases: z.number().int() });
export type TChainMergeSummary = z.infer<typeof ZChainMergeSummary>;

export const ZStoreMergeSummary = z.object({
  intoId: z.string(),
  receipts: z.number().int(),
  prices: z.number().int(),
  deals: z.number().int(),
  homeStores: z.number().int(),
});
export type TStoreMergeSummary = z.infer<typeof ZStoreMergeSummary>;

export const ZPriceBook = z.object({
  staleDays: z.number().int(),
  chains: z.array(z.object({ id: z.string(), name: z.string(), storeCount: z.number().int() })),
  stores: z.array(ZPriceBookStore),
  productCount: z.number().int(),
  observationCount: z.number().int(),
});
export type TPriceBook = z.infer<typeof ZPriceBook>;

export const ZRecommendationParams = z.object({ id: ZId });

/** The split-cart plan of a shopping list (a paid feature), and recording the plan a shopper goes with. */
export const splitCartApi = {
  recommendations: defineRoute({
    method: 'GET',
    path: '/api/lists/:id/recommendations',
    params: ZRecommendationParams,
    query: ZRecommendationQuery,
    responses: { 200: ZRecommendationPlan },
  }),
  usePlan: defineRoute({
    method: 'POST',
    path: '/api/lists/:id/plans',
    params: ZRecommendationParams,
    query: ZRecommendationQuery,
    responses: { 201: ZUsedPlan },
  }),
  finishPlan: defineRoute({
    method: 'POST',
    path: '/api/plans/:planId/finish',
    params: ZPlanParams,
    responses: { 200: ZFinishedTrip },
  }),
};
