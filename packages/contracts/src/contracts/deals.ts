import { z } from 'zod';
import { ZApiError, ZId, ZIsoDate, zNonBlank } from './common';
import { defineRoute } from '../api/define-route';
import { parseDecimalInput } from '../domain/format';

export const ZDealStatus = z.enum(['pending', 'approved', 'rejected']);
export type TDealStatus = z.infer<typeof ZDealStatus>;

export const ZDealStore = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when the store belongs to no known chain; the list groups these under Unknown. */
  chainName: z.string().nullable(),
  city: z.string(),
});
export type TDealStore = z.infer<typeof ZDealStore>;

/** A deal as the shopper sees it (spec: id, productName, originalPrice, salePrice, endDate, store with chain name, status). */
export const ZDeal = z.object({
  id: z.string(),
  productName: z.string(),
  description: z.string(),
  originalPrice: z.number().nullable(),
  salePrice: z.number(),
  percentOff: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  store: ZDealStore.nullable(),
  productId: z.string().nullable(),
  category: z.string().nullable(),
  status: ZDealStatus,
  rejectionReason: z.string().nullable(),
  isMine: z.boolean(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type TDeal = z.infer<typeof ZDeal>;

/** GET /api/deals query: search text plus the filters of the deals page. */
export const ZDealListQuery = z.object({
  q: z.string().trim().max(200).optional(),
  category: z.string().trim().max(100).optional(),
  /** Only deals at the shopper's home stores (user_home_stores). */
  isMyStores: z.enum(['true', 'false']).optional(),
  /** Only deals ending within the next 3 days. */
  isEndingSoon: z.enum(['true', 'false']).optional(),
});
export type TDealListQuery = z.infer<typeof ZDealListQuery>;

/** GET /api/deals: approved, unexpired deals, plus the caller's own pending and rejected submissions. */
export const ZDealList = z.object({
  items: z.array(ZDeal),
  mySubmissions: z.array(ZDeal),
  categories: z.array(z.string()),
});
export type TDealList = z.infer<typeof ZDealList>;

export const ZDealStoreList = z.object({ items: z.array(ZDealStore) });
export type TDealStoreList = z.infer<typeof ZDealStoreList>;

export const ZDealProduct = z.object({ id: z.string(), name: z.string(), category: z.string().nullable() });
export const ZDealProductList = z.object({ items: z.array(ZDealProduct) });
export type TDealProductList = z.infer<typeof ZDealProductList>;

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** Form fields arrive as text in multipart uploads; blank means "not given". */
function toOptionalNumber(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    // Typed in a form: either decimal mark ("2,49" in German); anything else keeps its own number check.
    const parsed = parseDecimalInput(trimmed) ?? Number(trimmed);
    return Number.isNaN(parsed) ? value : parsed;
  }
  return value;
}

function toOptionalText(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value === null ? undefined : value;
}

function zPrice(label: string) {
  return z
    .number({ message: `${label} must be a number` })
    .positive({ message: `${label} must be more than 0` })
    .max(100_000, { message: `${label} is too large` })
    .refine(hasAtMostTwoDecimals, { message: `${label} can have at most 2 decimals` });
}

/** POST /api/deals (JSON or multipart with an optional `photo` file). Title, description, price and store are required. */
export const ZCreateDeal = z
  .object({
    title: zNonBlank('Title is required').pipe(z.string().max(200, { message: 'Title is too long' })),
    description: zNonBlank('Description is required').pipe(z.string().max(2000, { message: 'Description is too long' })),
    price: z.preprocess(toOptionalNumber, zPrice('Price').optional()),
    originalPrice: z.preprocess(toOptionalNumber, zPrice('Original price').optional()),
    storeId: z.preprocess(toOptionalText, z.string().uuid({ message: 'Choose a store' }).optional()),
    /** A store not in the picker yet; it is created with the deal. */
    storeName: z.preprocess(toOptionalText, z.string().trim().max(120).optional()),
    productId: z.preprocess(toOptionalText, z.string().uuid({ message: 'Invalid product' }).optional()),
    category: z.preprocess(toOptionalText, z.string().trim().max(100).optional()),
    startDate: z.preprocess(toOptionalText, ZIsoDate.optional()),
    endDate: z.preprocess(toOptionalText, ZIsoDate.optional()),
  })
  .superRefine((deal, ctx) => {
    if (deal.price === undefined) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Price is required' });
    if (!deal.storeId && !deal.storeName) ctx.addIssue({ code: 'custom', path: ['storeId'], message: 'Store is required' });
    if (deal.price !== undefined && deal.originalPrice !== undefined && deal.price > deal.originalPrice) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'Sale price must not be above the original price' });
    }
    if (deal.startDate && deal.endDate && deal.endDate < deal.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
    }
  });
export type TCreateDeal = z.input<typeof ZCreateDeal>;
export type TCreateDealParsed = z.output<typeof ZCreateDeal>;

/** PATCH /api/admin/moderation/deals/:id: a moderator's edit before approving. */
export const ZUpdateDeal = z
  .object({
    title: zNonBlank('Title is required').pipe(z.string().max(200)).optional(),
    description: zNonBlank('Description is required').pipe(z.string().max(2000)).optional(),
    price: zPrice('Price').optional(),
    originalPrice: zPrice('Original price').nullable().optional(),
    storeId: z.string().uuid({ message: 'Choose a store' }).optional(),
    productId: z.string().uuid({ message: 'Invalid product' }).nullable().optional(),
    category: z.string().trim().max(100).nullable().optional(),
    startDate: ZIsoDate.nullable().optional(),
    endDate: ZIsoDate.nullable().optional(),
  })
  .refine((d) => d.price === undefined || d.originalPrice == null || d.price <= d.originalPrice, {
    path: ['price'],
    message: 'Sale price must not be above the original price',
  });
export type TUpdateDeal = z.infer<typeof ZUpdateDeal>;

export const ZRejectDeal = z.object({ reason: zNonBlank('A reason is required').pipe(z.string().max(500)) });
export type TRejectDeal = z.infer<typeof ZRejectDeal>;

export const ZBulkModerate = z
  .object({
    ids: z
      .array(z.string().uuid({ message: 'Invalid id' }))
      .min(1, { message: 'Select at least one deal' })
      .max(100),
    action: z.enum(['approve', 'reject']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.action === 'approve' || Boolean(b.reason), { path: ['reason'], message: 'A reason is required' });
export type TBulkModerate = z.infer<typeof ZBulkModerate>;

export const ZBulkModerateResult = z.object({ updated: z.number().int(), skipped: z.number().int() });
export type TBulkModerateResult = z.infer<typeof ZBulkModerateResult>;

/** A pending deal in the moderation queue. */
export const ZModerationDeal = ZDeal.extend({
  submitterEmail: z.string().nullable(),
  isPossibleDuplicate: z.boolean(),
});
export type TModerationDeal = z.infer<typeof ZModerationDeal>;

export const ZModerationQueue = z.object({ items: z.array(ZModerationDeal) });
export type TModerationQueue = z.infer<typeof ZModerationQueue>;

export const ZDealMatchSource = z.enum(['receipt', 'list', 'pantry']);

/** GET /api/deals/for-you: active deals on things the shopper buys, lists or keeps. */
export const ZDealForYou = z.object({
  deal: ZDeal,
  source: ZDealMatchSource,
  /** The shopper's own item name that matched, e.g. a receipt line. */
  matchedName: z.string(),
});
export const ZDealsForYou = z.object({ items: z.array(ZDealForYou) });
export type TDealsForYou = z.infer<typeof ZDealsForYou>;

/** Shown by the server's 403 and by the Submit Deal dialog while the operator has submissions off. */
export const DEAL_SUBMISSIONS_OFF_MESSAGE = 'Deal submissions are turned off for now. Deals already listed stay available.';

/** "up to 1 deal a day" / "up to 10 deals a day": the operator's deal_submission_rate_limit in words. */
export function describeDealLimit(perDay: number): string {
  return `up to ${perDay} ${perDay === 1 ? 'deal' : 'deals'} a day`;
}

export const ZDealParams = z.object({ id: ZId });
export const ZDealProductQuery = z.object({ q: z.string().trim().max(100).optional() });

/** GET /api/unsubscribe: the email's token and the list it unsubscribes from (deal alerts unless named). */
export const ZUnsubscribeQuery = z.object({
  token: z.string().trim().min(1).max(200),
  list: z.enum(['deal_alerts', 'marketing', 'product', 'receipts']).default('deal_alerts'),
});

/** The shopper's deal endpoints, shared by the server's registration and the web client's calls. */
export const dealsApi = {
  list: defineRoute({ method: 'GET', path: '/api/deals', query: ZDealListQuery, responses: { 200: ZDealList } }),
  forYou: defineRoute({ method: 'GET', path: '/api/deals/for-you', responses: { 200: ZDealsForYou } }),
  stores: defineRoute({ method: 'GET', path: '/api/deals/stores', responses: { 200: ZDealStoreList } }),
  products: defineRoute({ method: 'GET', path: '/api/deals/products', query: ZDealProductQuery, responses: { 200: ZDealProductList } }),
  detail: defineRoute({ method: 'GET', path: '/api/deals/:id', params: ZDealParams, responses: { 200: ZDeal } }),
  /** The shelf-tag photo (image/jpeg), shown with an img tag rather than fetched as JSON. */
  photo: defineRoute({ method: 'GET', path: '/api/deals/:id/photo', params: ZDealParams, responses: {} }),
  /** A JSON body or a multipart form whose optional `photo` part is the shelf-tag picture. */
  create: defineRoute({
    method: 'POST',
    path: '/api/deals',
    body: ZCreateDeal,
    form: ZCreateDeal,
    responses: { 201: ZDeal, 400: ZApiError },
  }),
  /** One-click unsubscribe from an email link: no sign-in, answers an HTML page. */
  unsubscribe: defineRoute({ method: 'GET', path: '/api/unsubscribe', query: ZUnsubscribeQuery, responses: {} }),
};
