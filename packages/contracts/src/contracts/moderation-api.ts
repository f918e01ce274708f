import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZPendingStore, ZPendingStoreList } from './admin';
import { ZId } from './common';
import { ZPendingShelfPriceList, ZShelfPriceReportResult } from './products';
import { ZBulkModerate, ZBulkModerateResult, ZModerationDeal, ZModerationQueue, ZRejectDeal, ZUpdateDeal } from './deals';

// The moderation queue's endpoints (operators only): shoppers' deals and stores only private receipts name.

export const ZModerationParams = z.object({ id: ZId });

/** GET /api/admin/moderation/deals?status= (pending unless asked otherwise). */
export const ZModerationQueueQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
export type TModerationQueueQuery = z.input<typeof ZModerationQueueQuery>;

export const moderationApi = {
  deals: defineRoute({
    method: 'GET',
    path: '/api/admin/moderation/deals',
    query: ZModerationQueueQuery,
    responses: { 200: ZModerationQueue },
  }),
  /** A moderator's edit before approving. */
  updateDeal: defineRoute({
    method: 'PATCH',
    path: '/api/admin/moderation/deals/:id',
    params: ZModerationParams,
    body: ZUpdateDeal,
    responses: { 200: ZModerationDeal },
  }),
  approveDeal: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/deals/:id/approve',
    params: ZModerationParams,
    responses: { 200: ZModerationDeal },
  }),
  rejectDeal: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/deals/:id/reject',
    params: ZModerationParams,
    body: ZRejectDeal,
    responses: { 200: ZModerationDeal },
  }),
  bulk: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/deals/bulk',
    body: ZBulkModerate,
    responses: { 200: ZBulkModerateResult },
  }),
  stores: defineRoute({ method: 'GET', path: '/api/admin/moderation/stores', responses: { 200: ZPendingStoreList } }),
  approveStore: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/stores/:id/approve',
    params: ZModerationParams,
    responses: { 200: ZPendingStore },
  }),
  /** Shoppers' shelf prices no second shopper has matched yet. */
  shelfPrices: defineRoute({ method: 'GET', path: '/api/admin/moderation/shelf-prices', responses: { 200: ZPendingShelfPriceList } }),
  approveShelfPrice: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/shelf-prices/:id/approve',
    params: ZModerationParams,
    responses: { 200: ZShelfPriceReportResult },
  }),
  rejectShelfPrice: defineRoute({
    method: 'POST',
    path: '/api/admin/moderation/shelf-prices/:id/reject',
    params: ZModerationParams,
    responses: { 200: ZShelfPriceReportResult },
  }),
};
