import { z } from 'zod';
import { ZId, ZIsoDate, zNonBlank } from './common';
import { ZConsistencyCheck } from './parsed-receipt';
import { defineRoute } from '../api/define-route';

/** Money crosses the API as a number with at most 2 decimals (the database keeps integer cents). */
const ZAmount = z
  .number({ message: 'Enter an amount' })
  .finite()
  .min(-1_000_000, { message: 'Amount is too large' })
  .max(1_000_000, { message: 'Amount is too large' });
const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Use a time like 14:05' });

export const ZReceiptItemInput = z.object({
  name: zNonBlank('Enter an item name').pipe(z.string().max(160, { message: 'Item name is too long' })),
  quantity: z.number({ message: 'Enter a quantity' }).positive({ message: 'Quantity must be more than 0' }).max(10_000).default(1),
  /** Line total as paid before the line's discount. */
  price: ZAmount,
  unitPrice: ZAmount.nullish(),
  discount: z.number().min(0, { message: 'Discount cannot be negative' }).max(1_000_000).nullish(),
  category: z.string().trim().max(60).nullish(),
  productId: ZId.nullish(),
});
export type TReceiptItemInput = z.input<typeof ZReceiptItemInput>;

/** POST /api/receipts (manual entry) and POST /api/receipt-jobs/:id/save (the reviewed draft). */
export const ZCreateReceipt = z.object({
  storeName: zNonBlank('Enter the store name').pipe(z.string().max(120, { message: 'Store name is too long' })),
  storeId: ZId.nullish(),
  storeAddress: z.string().trim().max(200).nullish(),
  date: ZIsoDate,
  time: ZTime.nullish(),
  items: z.array(ZReceiptItemInput).max(500, { message: 'At most 500 items per receipt' }),
  subtotal: ZAmount.nullish(),
  tax: ZAmount.nullish(),
  total: ZAmount,
  payment: z.string().trim().max(60).nullish(),
});
export type TCreateReceipt = z.input<typeof ZCreateReceipt>;

/** PATCH /api/receipts/:id: any subset; `items`, when present, replaces all lines. */
export const ZUpdateReceipt = ZCreateReceipt.partial();
export type TUpdateReceipt = z.input<typeof ZUpdateReceipt>;

/** Spec entity "Receipt item": id, name, quantity, price; plus what the app adds. */
export const ZReceiptItem = z.object({
  id: z.string(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  unitPrice: z.number().nullable(),
  discount: z.number(),
  category: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string().nullable(),
});
export type TReceiptItem = z.infer<typeof ZReceiptItem>;

/** Spec entity "Receipt": storeName, date, items, total (number). */
export const ZReceipt = z.object({
  id: z.string(),
  storeName: z.string(),
  storeId: z.string().nullable(),
  chainName: z.string().nullable(),
  storeAddress: z.string().nullable(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  items: z.array(ZReceiptItem),
  subtotal: z.number().nullable(),
  tax: z.number().nullable(),
  total: z.number(),
  payment: z.string().nullable(),
  source: z.string(),
  hasImage: z.boolean(),
  /** What GET /api/receipts/:id/image returns: a photo or the original PDF. */
  imageType: z.enum(['image', 'pdf']).nullable(),
  /** The household the shopper shared it with (PUT /api/receipts/:id/household); null while it is personal. */
  householdId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

export const ZReceiptSummary = z.object({
  id: z.string(),
  storeName: z.string(),
  date: z.string().nullable(),
  total: z.number(),
  itemCount: z.number().int(),
  hasImage: z.boolean(),
});
export type TReceiptSummary = z.infer<typeof ZReceiptSummary>;

/** GET /api/receipts?q=&from=&to=&page= ; q matches the store name or any item name. */
export const ZReceiptListQuery = z.object({
  q: z.string().trim().max(120).optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TReceiptListQuery = z.input<typeof ZReceiptListQuery>;

export const ZMonthlySpend = z.object({ month: z.string(), total: z.number(), receiptCount: z.number().int() });
export type TMonthlySpend = z.infer<typeof ZMonthlySpend>;

export const ZReceiptList = z.object({
  receipts: z.array(ZReceiptSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalCount: z.number().int(),
  /** Spend per month (yyyy-mm, newest first) over the same filter. */
  monthlySpend: z.array(ZMonthlySpend),
});
export type TReceiptList = z.infer<typeof ZReceiptList>;

/** POST /api/receipts/:id/items/:itemId/link: link a line to a product (create one first with POST /api/products); remembered per store chain. */
export const ZLinkReceiptItem = z.object({ productId: ZId });
export type TLinkReceiptItem = z.infer<typeof ZLinkReceiptItem>;

export const RECEIPT_JOB_STATUSES = ['queued', 'reading', 'parsing', 'ready', 'failed', 'saved'] as const;
export const ZReceiptJobStatus = z.enum(RECEIPT_JOB_STATUSES);
export type TReceiptJobStatus = z.infer<typeof ZReceiptJobStatus>;

function draftField<T extends z.ZodType>(value: T) {
  return z.object({ value: value.nullable(), confidence: z.number() });
}

export const ZDraftItem = z.object({
  name: z.string(),
  quantity: z.number(),
  unitPrice: z.number().nullable(),
  price: z.number(),
  discount: z.number(),
  confidence: z.number(),
  size: z.object({ amount: z.number(), unit: z.string() }).nullable(),
  /** Suggested product link (from this chain's aliases or fuzzy matching), confirmed by the user on save. */
  productId: z.string().nullable(),
  productName: z.string().nullable(),
  matchScore: z.number().nullable(),
  isAliasMatch: z.boolean(),
});
export type TDraftItem = z.infer<typeof ZDraftItem>;

/** The reader's consistency check (items - discounts + tax against the printed total), as the parser computes it. */
export const ZDraftConsistency = ZConsistencyCheck;
export type TDraftConsistency = z.infer<typeof ZDraftConsistency>;

/** What the reader made of an upload; every field carries a confidence (0..1) so the review can flag doubts. */
export const ZReceiptDraft = z.object({
  locale: z.string(),
  currency: z.string(),
  storeName: draftField(z.string()),
  storeAddress: draftField(z.string()),
  date: draftField(z.string()),
  time: draftField(z.string()),
  subtotal: draftField(z.number()),
  tax: draftField(z.number()),
  total: draftField(z.number()),
  payment: draftField(z.string()),
  items: z.array(ZDraftItem),
  consistency: ZDraftConsistency,
  rawText: z.string(),
  readMs: z.number().nullable(),
  /**
   * The store already in Cartwise that the read name was matched to (storeName then holds its name), and the name
   * as it was read ('' when none could be read), so the review can say so and offer the read name back.
   * `isSellerMatch`: matched by the seller registration number printed on the receipt, not by the name. Absent when
   * nothing matched.
   */
  knownStore: z.object({ id: z.string(), name: z.string(), readAs: z.string(), isSellerMatch: z.boolean().optional() }).optional(),
  /** Why the draft is empty when it was not read automatically (the operator turned receipt scanning off). */
  notice: z.string().optional(),
});
export type TReceiptDraft = z.infer<typeof ZReceiptDraft>;

export const ZReceiptJob = z.object({
  id: z.string(),
  status: ZReceiptJobStatus,
  /** 0..1 */
  progress: z.number(),
  error: z.string().nullable(),
  kind: z.enum(['image', 'pdf', 'text']),
  fileName: z.string().nullable(),
  hasImage: z.boolean(),
  attempts: z.number().int(),
  receiptId: z.string().nullable(),
  draft: ZReceiptDraft.nullable(),
  /**
   * Ready as a blank draft to type in, because receipt scanning was off when this photo or PDF was processed
   * (the draft's `notice` says so). POST /api/receipt-jobs/:id/reread reads it once scanning is back on.
   */
  isManualEntry: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TReceiptJob = z.infer<typeof ZReceiptJob>;

/** GET /api/receipt-jobs: the user's jobs still waiting for review (and recent failures). */
export const ZReceiptJobList = z.object({ jobs: z.array(ZReceiptJob) });
export type TReceiptJobList = z.infer<typeof ZReceiptJobList>;

/** POST /api/receipts/uploads as JSON (pasted text); files go as multipart/form-data field `files`. */
export const ZPastedReceipt = z.object({
  text: zNonBlank('Paste the receipt text').pipe(z.string().max(100_000, { message: 'The text is too long' })),
  locale: z.string().trim().min(2).max(35).optional(),
});
export type TPastedReceipt = z.infer<typeof ZPastedReceipt>;

export const ZUploadResult = z.object({
  jobs: z.array(z.object({ id: z.string(), status: ZReceiptJobStatus })),
});
export type TUploadResult = z.infer<typeof ZUploadResult>;

/**
 * The size limit per file is the operator's `max_receipt_upload_mb` setting (GET /api/app-config); this is the
 * highest value that setting accepts.
 */
export const RECEIPT_UPLOAD_CEILING_MB = 100;
export const RECEIPT_MAX_FILES = 10;

/** GET /api/analytics/categories?from=&to= : spend by category and what deals and discounts saved. */
export const ZCategorySpendQuery = z.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });
export type TCategorySpendQuery = z.infer<typeof ZCategorySpendQuery>;

export const ZCategorySpend = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  totalSpend: z.number(),
  categories: z.array(z.object({ category: z.string(), total: z.number(), itemCount: z.number().int(), share: z.number() })),
  savedOnDeals: z.object({ discounts: z.number(), dealSavings: z.number(), total: z.number() }),
});
export type TCategorySpend = z.infer<typeof ZCategorySpend>;

export const ZReceiptParams = z.object({ id: ZId });
export const ZReceiptItemParams = z.object({ id: ZId, itemId: ZId });
export const ZReceiptJobParams = z.object({ id: ZId });

/** The shopper's saved receipts and their category spend. */
export const receiptsApi = {
  list: defineRoute({ method: 'GET', path: '/api/receipts', query: ZReceiptListQuery, responses: { 200: ZReceiptList } }),
  create: defineRoute({ method: 'POST', path: '/api/receipts', body: ZCreateReceipt, responses: { 201: ZReceipt } }),
  detail: defineRoute({ method: 'GET', path: '/api/receipts/:id', params: ZReceiptParams, responses: { 200: ZReceipt } }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/receipts/:id',
    params: ZReceiptParams,
    body: ZUpdateReceipt,
    responses: { 200: ZReceipt },
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/receipts/:id', params: ZReceiptParams, responses: { 204: null } }),
  /** The original photo or PDF, opened by the browser (img or link) rather than fetched as JSON. */
  image: defineRoute({ method: 'GET', path: '/api/receipts/:id/image', params: ZReceiptParams, responses: {} }),
  linkItem: defineRoute({
    method: 'POST',
    path: '/api/receipts/:id/items/:itemId/link',
    params: ZReceiptItemParams,
    body: ZLinkReceiptItem,
    responses: { 200: ZReceipt },
  }),
  categorySpend: defineRoute({
    method: 'GET',
    path: '/api/analytics/categories',
    query: ZCategorySpendQuery,
    responses: { 200: ZCategorySpend },
  }),
};

/** Uploads waiting to be read or reviewed, each the shopper's own. */
export const receiptJobsApi = {
  /** Photos and PDFs as a multipart form of file parts (a paid feature), or pasted text as a JSON body. */
  upload: defineRoute({
    method: 'POST',
    path: '/api/receipts/uploads',
    form: z.object({}),
    body: ZPastedReceipt,
    responses: { 201: ZUploadResult },
  }),
  list: defineRoute({ method: 'GET', path: '/api/receipt-jobs', responses: { 200: ZReceiptJobList } }),
  detail: defineRoute({ method: 'GET', path: '/api/receipt-jobs/:id', params: ZReceiptJobParams, responses: { 200: ZReceiptJob } }),
  image: defineRoute({ method: 'GET', path: '/api/receipt-jobs/:id/image', params: ZReceiptJobParams, responses: {} }),
  save: defineRoute({
    method: 'POST',
    path: '/api/receipt-jobs/:id/save',
    params: ZReceiptJobParams,
    body: ZCreateReceipt,
    responses: { 201: ZReceipt },
  }),
  retry: defineRoute({ method: 'POST', path: '/api/receipt-jobs/:id/retry', params: ZReceiptJobParams, responses: { 200: ZReceiptJob } }),
  /** A blank draft left while scanning was off, read now that it is on. */
  reread: defineRoute({ method: 'POST', path: '/api/receipt-jobs/:id/reread', params: ZReceiptJobParams, responses: { 200: ZReceiptJob } }),
  discard: defineRoute({ method: 'DELETE', path: '/api/receipt-jobs/:id', params: ZReceiptJobParams, responses: { 204: null } }),
};
