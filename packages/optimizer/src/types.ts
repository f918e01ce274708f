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

export const ZSplitCartInstance = z
  .object({
    format: z.literal('splitcart/v1'),
    K: z.number().int().nonnegative().nullable(),
    items: z.array(ZSplitCartItem),
    stores: z.array(ZSplitCartStore),
    offers: z.array(ZSplitCartOffer),
  })
  .superRefine((instance, ctx) => {
    instance.offers.forEach(([storeIndex, itemIndex], index) => {
      if (storeIndex >= instance.stores.length || itemIndex >= instance.items.length) {
        ctx.addIssue({ code: 'custom', path: ['offers', index], message: 'offer references a missing store or item' });
      }
    });
  });

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

/**
 * The single rounding rule used everywhere (solver, brute force, HiGHS reference, plan):
 * a line costs round(qty * unitPrice) cents, half away from zero, after trimming float noise
 * so 1.15 * 100 rounds like the decimal the user typed.
 */
export function roundLineCents(qty: number, unitPriceCents: number): number {
  const exact = qty * unitPriceCents;
  if (Number.isInteger(exact)) return exact;
  return Math.round(Number(exact.toFixed(6)));
}
