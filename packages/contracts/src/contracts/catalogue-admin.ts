import { z } from 'zod';
import { defineRoute } from '../api/define-route';
import { ZId } from './common';

/**
 * How many independent shoppers must make the same catalogue change (the same line text linked to the same product
 * at a chain, or the same name for a barcode) before it is everyone's without an operator.
 */
export const CATALOGUE_AGREEMENT_USERS = 3;

export const ZCatalogueChangeKind = z.enum(['alias', 'product']);
export type TCatalogueChangeKind = z.infer<typeof ZCatalogueChangeKind>;

export const ZCatalogueChangeStatus = z.enum(['pending', 'approved', 'rejected', 'undone']);
export type TCatalogueChangeStatus = z.infer<typeof ZCatalogueChangeStatus>;

/**
 * A shopper's change to the shared catalogue: `alias` links a chain's receipt text to a product; `product` makes a
 * shopper's own product (from a receipt line, a search or a barcode) a product everyone finds. Until approved it is
 * only its proposer's.
 */
export const ZCatalogueChange = z.object({
  id: z.string(),
  kind: ZCatalogueChangeKind,
  status: ZCatalogueChangeStatus,
  productId: z.string(),
  productName: z.string(),
  /** The receipt text (alias key) an alias change links. */
  alias: z.string().nullable(),
  chainName: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The product the alias or barcode named before an approval (what undo restores). */
  previousProductName: z.string().nullable(),
  /** Distinct shoppers who proposed the same change. */
  agreeingUsers: z.number().int(),
  proposedBy: z.string().nullable(),
  /** operator | agreement, once decided. */
  decidedHow: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCatalogueChange = z.infer<typeof ZCatalogueChange>;

export const ZCatalogueChangeList = z.object({ items: z.array(ZCatalogueChange) });
export type TCatalogueChangeList = z.infer<typeof ZCatalogueChangeList>;

/** `pending` waits for a decision; `recent` is what was decided lately (approved ones can be undone). */
export const ZCatalogueChangesQuery = z.object({ view: z.enum(['pending', 'recent']).default('pending') });
export const ZCatalogueChangeParams = z.object({ id: ZId });

export const catalogueAdminApi = {
  changes: defineRoute({
    method: 'GET',
    path: '/api/admin/catalogue/changes',
    query: ZCatalogueChangesQuery,
    responses: { 200: ZCatalogueChangeList },
  }),
  approve: defineRoute({
    method: 'POST',
    path: '/api/admin/catalogue/changes/:id/approve',
    params: ZCatalogueChangeParams,
    responses: { 200: ZCatalogueChange },
  }),
  reject: defineRoute({
    method: 'POST',
    path: '/api/admin/catalogue/changes/:id/reject',
    params: ZCatalogueChangeParams,
    responses: { 200: ZCatalogueChange },
  }),
  /** Puts an approved change back: the alias or barcode names its previous product again, a product is private again. */
  undo: defineRoute({
    method: 'POST',
    path: '/api/admin/catalogue/changes/:id/undo',
    params: ZCatalogueChangeParams,
    responses: { 200: ZCatalogueChange },
  }),
};
