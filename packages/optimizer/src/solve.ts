import { buildPromotionModel } from './promotion-model';
import { solveWithPromotions } from './promotion-search';
import { solvePlainSplitCart, type SolveOptions } from './solve-plain';
import type { SplitCartInstance, SplitCartResult } from './types';

export { assignItems, type SolveOptions } from './solve-plain';

/**
 * Exact split-cart optimiser: minimises visit costs + each store's part (round(qty * unit price) per line, less
 * what that store's promotions save on it) + round(qty * penalty) over unbought items, opening at most K stores.
 * Lists with no promotion that could change a total go straight to the promotion-free search. Pure and synchronous.
 */
export function solveSplitCart(instance: SplitCartInstance, options: SolveOptions = {}): SplitCartResult {
  if (!instance.promotions?.length) return solvePlainSplitCart(instance, options);
  const model = buildPromotionModel(instance);
  if (model.live.length === 0) return solvePlainSplitCart(instance, options);
  const deadline = options.timeLimitMs === undefined ? Infinity : performance.now() + options.timeLimitMs;
  return solveWithPromotions(model, deadline);
}
