import { z } from 'zod';
import { ZId, zNonBlank } from './common';
import { defineRoute } from '../api/define-route';
import { normalizeGtin } from '../domain/gtin';

/** Canonical product: what receipt lines, list items and deals link to. */
export const ZProduct = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  sizeValue: z.number().nullable(),
  sizeUnit: z.string().nullable(),
  /** GTIN normalised to 13 (or 14) digits. */
  barcode: z.string().nullable(),
});
export type TProduct = z.infer<typeof ZProduct>;

/** GET /api/products?q=&limit= (autocomplete; also used by lists). */
export const ZProductSearchQuery = z.object({
  q: z.string().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TProductSearchQuery = z.infer<typeof ZProductSearchQuery>;

export const ZProductList = z.object({ products: z.array(ZProduct) });
export type TProductList = z.infer<typeof ZProductList>;

/** A typed or scanned EAN-13, UPC-A, EAN-8 or GTIN-14, checked and normalised (see domain/gtin). */
export const ZBarcode = z
  .string()
  .max(40, { message: 'A barcode has 8, 12, 13 or 14 digits' })
  .transform((code, ctx) => {
    const result = normalizeGtin(code);
    if (result.isValid) return result.gtin;
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  });

export const SIZE_UNITS = ['g', 'kg', 'oz', 'lb', 'ml', 'l', 'gal', 'ct', 'fl oz', 'qt', 'pt'] as const;

/** POST /api/products: a new canonical product, e.g. when correcting a receipt line's link. */
export const ZCreateProduct = z.object({
  name: zNonBlank('Enter a product name').pipe(z.string().max(160, { message: 'Product name is too long' })),
  brand: z.string().trim().max(80).nullish(),
  category: z.string().trim().max(60).nullish(),
  sizeValue: z.number().positive({ message: 'Size must be positive' }).nullish(),
  sizeUnit: z.enum(SIZE_UNITS, { message: 'Unknown size unit' }).nullish(),
  barcode: ZBarcode.nullish(),
});
export type TCreateProduct = z.infer<typeof ZCreateProduct>;

export const ZPriceObservation = z.object({
  id: z.string(),
  storeId: z.string(),
  storeName: z.string(),
  date: z.string(),
  /** Price paid per item (line total / quantity), 2 decimals. */
  unitPrice: z.number(),
  isDeal: z.boolean(),
  source: z.string(),
  /** ISO 4217 of the price; null on a legacy row whose store never said. */
  currency: z.string().nullable(),
  kind: z.enum(['regular', 'promotion', 'loyalty']),
  /** The same price per 100 g, per litre or per item when the product's size is known, for comparing pack sizes. */
  comparablePrice: z.object({ amount: z.number(), per: z.string() }).nullable(),
});
export type TPriceObservation = z.infer<typeof ZPriceObservation>;

export const ZStorePriceSummary = z.object({
  storeId: z.string(),
  storeName: z.string(),
  /** The price feed's key for the store, null for a store people made. */
  storeRef: z.string().nullable(),
  currency: z.string().nullable(),
  latestPrice: z.number(),
  latestDate: z.string(),
  lowestPrice: z.number(),
  observationCount: z.number().int(),
});
export type TStorePriceSummary = z.infer<typeof ZStorePriceSummary>;

/** GET /api/products/:id/history: every observation oldest first, a per-store summary and the recent cheapest. */
export const ZProductHistory = z.object({
  product: ZProduct,
  observations: z.array(ZPriceObservation),
  stores: z.array(ZStorePriceSummary),
  /** Cheapest observation of the last 90 days (or the latest one when none is that recent). */
  cheapestRecent: ZPriceObservation.nullable(),
});
export type TProductHistory = z.infer<typeof ZProductHistory>;

export const ZProductParams = z.object({ id: ZId });
export const ZBarcodeParams = z.object({ code: z.string().max(40) });

/** The shared product catalogue's endpoints. */
export const productsApi = {
  search: defineRoute({ method: 'GET', path: '/api/products', query: ZProductSearchQuery, responses: { 200: ZProductList } }),
  create: defineRoute({ method: 'POST', path: '/api/products', body: ZCreateProduct, responses: { 201: ZProduct } }),
  /** 400 for a code that cannot be a GTIN (a misread scan), 404 for an unknown product. */
  byBarcode: defineRoute({ method: 'GET', path: '/api/products/by-barcode/:code', params: ZBarcodeParams, responses: { 200: ZProduct } }),
  detail: defineRoute({ method: 'GET', path: '/api/products/:id', params: ZProductParams, responses: { 200: ZProduct } }),
  history: defineRoute({ method: 'GET', path: '/api/products/:id/history', params: ZProductParams, responses: { 200: ZProductHistory } }),
};

/**
 * POST /api/products/:id/shelf-prices: a shopper's own reading of the shelf price at a store on a day. It is theirs at
 * once (their product page lists it); it joins everyone's price book when an operator approves it or when another
 * shopper reports the same price at the same store within SHELF_PRICE_AGREEMENT_DAYS.
 */
export const ZShelfPriceReport = z.object({
  storeId: ZId,
  /** The price per item in the shopper's currency, e.g. 2.49. */
  price: z.number().positive('price must be more than 0').max(100_000, 'price is too high'),
  observedOn: z.iso.date('observedOn must be a date (YYYY-MM-DD)'),
});
export type TShelfPriceReport = z.infer<typeof ZShelfPriceReport>;

export const SHELF_PRICE_AGREEMENT_DAYS = 3;
/** How far back a shelf price may be dated. */
export const SHELF_PRICE_MAX_AGE_DAYS = 60;

export const ZShelfPriceStatus = z.enum(['pending', 'approved', 'rejected']);
export type TShelfPriceStatus = z.infer<typeof ZShelfPriceStatus>;

export const ZShelfPriceReportResult = z.object({ id: z.string(), status: ZShelfPriceStatus });
export type TShelfPriceReportResult = z.infer<typeof ZShelfPriceReportResult>;

/** A pending shelf price as the moderation queue lists it. */
export const ZPendingShelfPrice = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  storeName: z.string(),
  unitPriceCents: z.number().int(),
  currency: z.string(),
  observedOn: z.string(),
  reportedBy: z.string(),
  createdAt: z.string(),
});
export type TPendingShelfPrice = z.infer<typeof ZPendingShelfPrice>;
export const ZPendingShelfPriceList = z.object({ items: z.array(ZPendingShelfPrice) });
export type TPendingShelfPriceList = z.infer<typeof ZPendingShelfPriceList>;

export const shelfPricesApi = {
  report: defineRoute({
    method: 'POST',
    path: '/api/products/:id/shelf-prices',
    params: ZProductParams,
    body: ZShelfPriceReport,
    responses: { 201: ZShelfPriceReportResult },
  }),
};
