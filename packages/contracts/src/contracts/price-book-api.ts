import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZId } from './common';
import {
  ZChainMergeSummary,
  ZCreateChain,
  ZMergeChain,
  ZMergeStore,
  ZPriceBook,
  ZPriceImport,
  ZPriceImportSummary,
  ZSaveStore,
  ZStoreMergeSummary,
} from './splitcart';

// The price book's operator endpoints: chains, store locations, merges and price imports.

export const ZPriceBookStoreParams = z.object({ id: ZId });

/** The id of a chain or store location just created or saved. */
export const ZPriceBookRef = z.object({ id: z.string() });
export type TPriceBookRef = z.infer<typeof ZPriceBookRef>;

/** A price import's file is read whole: its JSON body may reach 6 MB (the content itself at most 5 MB). */
export const PRICE_IMPORT_BODY_LIMIT_BYTES = 6 * 1024 * 1024;

export const priceBookApi = {
  get: defineRoute({ method: 'GET', path: '/api/admin/price-book', responses: { 200: ZPriceBook } }),
  importPrices: defineRoute({
    method: 'POST',
    path: '/api/admin/price-book/import',
    body: ZPriceImport,
    responses: { 200: ZPriceImportSummary },
  }),
  createChain: defineRoute({ method: 'POST', path: '/api/admin/price-book/chains', body: ZCreateChain, responses: { 201: ZPriceBookRef } }),
  createStore: defineRoute({ method: 'POST', path: '/api/admin/price-book/stores', body: ZSaveStore, responses: { 201: ZPriceBookRef } }),
  updateStore: defineRoute({
    method: 'PATCH',
    path: '/api/admin/price-book/stores/:id',
    params: ZPriceBookStoreParams,
    body: ZSaveStore,
    responses: { 200: ZPriceBookRef },
  }),
  deleteStore: defineRoute({
    method: 'DELETE',
    path: '/api/admin/price-book/stores/:id',
    params: ZPriceBookStoreParams,
    responses: { 204: null },
  }),
  /** Moves the location's receipts, prices, deals and home-store picks into another, then deletes it. */
  mergeStore: defineRoute({
    method: 'POST',
    path: '/api/admin/price-book/stores/:id/merge',
    params: ZPriceBookStoreParams,
    body: ZMergeStore,
    responses: { 200: ZStoreMergeSummary },
  }),
  /** Moves a chain's locations and remembered item names into another chain and deletes it; audited. */
  mergeChain: defineRoute({
    method: 'POST',
    path: '/api/admin/price-book/chains/:id/merge',
    params: ZPriceBookStoreParams,
    body: ZMergeChain,
    responses: { 200: ZChainMergeSummary },
  }),
};
