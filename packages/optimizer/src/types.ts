import { z } from 'zod';

/** Item and store ids may be strings or numbers in instance files; they are echoed back unchanged. */
export const ZEntityId = z.union([z.string(), z.number()]);
export type EntityId = z.infer<typeof ZEntityId>;

const ZCents = z.number().finite().nonnegative();

export const ZSplitCartItem = z.object({
  id: ZEntityId,
  /** May be fractional (1.5 kg); line costs are rounded per line, see `roundLineCents`. */
  qty: z.number().finite().positive(),
  /** Per-unit cost of leaving the item unbought; null means the item must be bought. */
  penalty: ZCents.nullable(),
});

export const ZSplitCartStore = z.object({
  id: ZEntityId,
  visitCost: z.number().int().nonnegative(),
});

/** [storeIndex, itemIndex, unitPriceCents] */
export const ZSplitCartOffer = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), ZCents]);

/**
 * A promotion at one store over some of the items (rules: `PromotionRule` in contracts' domain/promotions.ts).
 * Malformed ones (price <= 0, minimum quantity < 1) are accepted here and never applied.
 */
export const ZSplitCartPromotion = z.object({
  store: z.number().int().nonnegative(),
  items: z.array(z.number().int().nonnegative()),
  minQuantity: z.number().finite(),
  groupPriceCents: z.number().finite().nullable(),
  discountRate: z.number().finite().nullable(),
  minPurchaseCents: z.number().finite().nullable(),
});

export const ZSplitCartInstance = z
  .object({
    format: z.literal('splitcart/v1'),
    K: z.number().int().nonnegative().nullable(),
    items: z.array(ZSplitCartItem),
    stores: z.array(ZSplitCartStore),
    offers: z.array(ZSplitCartOffer),
    /** Optional: without promotions every line costs round(qty * unit price). */
    promotions: z.array(ZSplitCartPromotion).optional(),
  })
  .superRefine((instance, ctx) => {
    instance.offers.forEach(([storeIndex, itemIndex], index) => {
      if (storeIndex >= instance.stores.length || itemIndex >= instance.items.length) {
        ctx.addIssue({ code: 'custom', path: ['offers', index], message: 'offer references a missing store or item' });
      }
    });
    instance.promotions?.forEach((promotion, index) => {
      if (promotion.store >= instance.stores.length || promotion.items.some((item) => item >= instance.items.length)) {
        ctx.addIssue({ code: 'custom', path: ['promotions', index], message: 'promotion references a missing store or item' });
      }
    });
  });

export type SplitCartPromotion = z.infer<typeof ZSplitCartPromotion>;

export type SplitCartInstance = z.infer<typeof ZSplitCartInstance>;
export type SplitCartItem = z.infer<typeof ZSplitCartItem>;
export type SplitCartStore = z.infer<typeof ZSplitCartStore>;

export interface SplitCartOptimum {
  isFeasible: true;
  /** Total in integer cents: visit costs of `storeIndices` + rounded line costs + rounded penalties. */
  objective: number;
  /** Stores actually used, ascending original index. */
  storeIndices: number[];
  /** Per original item index: the store it is bought at, or null when left unbought (penalty paid). */
  assignment: (number | null)[];
  /** Branch-and-bound nodes explored (diagnostics). */
  nodes: number;
  /** False only when a time limit stopped the search: the plan is then the best found, not proven cheapest. */
  isProven: boolean;
  /** Integer cents no plan can beat: equal to `objective` when proven. */
  lowerBound: number;
}

export interface SplitCartInfeasible {
  isFeasible: false;
  reason: 'no-candidate-store' | 'store-limit';
  /** Must-buy items with no offer at all (only for reason 'no-candidate-store'). */
  missingItemIndices: number[];
}

export type SplitCartResult = SplitCartOptimum | SplitCartInfeasible;

export { roundLineCents } from '@cartwise/contracts/domain/line-rounding';
