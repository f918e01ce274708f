import {
  canJoinGroup,
  isUsablePromotionRule,
  rateUnitSavingCents,
  singleUnitLineCents,
  type PromotionRule,
} from '@cartwise/contracts/domain/promotions';
import { roundLineCents, type SplitCartInstance } from '@cartwise/optimizer/types';

export interface PromotionTerms {
  objective: string[];
  rows: string[];
  binaries: string[];
  generals: string[];
}

/**
 * The promotion rules of contracts' domain/promotions.ts as MILP terms, written from the rules, not from the
 * optimiser: z_p_j = line j takes promotion p (at most one per line, only if bought there), w_p_j = its units
 * in p's complete groups, g_p = p's groups (sum w = m g), a_p = p's minimum purchase reached (the store's part
 * at shelf prices >= A). The objective subtracts what each choice saves, so HiGHS picks the dearest units and
 * forms only groups that save, as the rules say.
 */
export function buildPromotionTerms(
  instance: SplitCartInstance,
  shelfLine: Map<number, number>,
  shelfUnit: Map<number, number>,
): PromotionTerms {
  const nItems = instance.items.length;
  const terms: PromotionTerms = { objective: [], rows: [], binaries: [], generals: [] };
  const takenBy = new Map<number, string[]>();
  (instance.promotions ?? []).forEach((promotion, p) => {
    const rule: PromotionRule = promotion;
    if (!isUsablePromotionRule(rule)) return;
    const s = promotion.store;
    const members = [...new Set(promotion.items)].filter((j) => {
      const unit = shelfUnit.get(s * nItems + j);
      if (unit === undefined) return false;
      const line = { qty: instance.items[j]!.qty, unitPriceCents: unit };
      return rule.minQuantity === 1 ? singleUnitLineCents(line, rule) !== null : canJoinGroup(line);
    });
    if (members.length === 0) return;
    if (rule.minPurchaseCents !== null) {
      terms.binaries.push(`a${p}`);
      const part = [...shelfLine].filter(([key]) => Math.floor(key / nItems) === s).map(([key, line]) => `${line} x${s}_${key % nItems}`);
      terms.rows.push(`mp${p}: ${part.join(' + ') || '0 y0'} - ${rule.minPurchaseCents} a${p} >= 0`);
    }
    const groupUnits: string[] = [];
    for (const j of members) {
      const key = s * nItems + j;
      const z = `z${p}_${j}`;
      terms.binaries.push(z);
      terms.rows.push(`zx${p}_${j}: ${z} - x${s}_${j} <= 0`);
      if (rule.minPurchaseCents !== null) terms.rows.push(`za${p}_${j}: ${z} - a${p} <= 0`);
      takenBy.set(key, [...(takenBy.get(key) ?? []), z]);
      const qty = instance.items[j]!.qty;
      const unit = shelfUnit.get(key)!;
      if (rule.minQuantity === 1) {
        const saving = roundLineCents(qty, unit) - singleUnitLineCents({ qty, unitPriceCents: unit }, rule)!;
        terms.objective.push(`- ${saving} ${z}`);
        continue;
      }
      const w = `w${p}_${j}`;
      terms.generals.push(w);
      terms.rows.push(`wz${p}_${j}: ${w} - ${qty} ${z} <= 0`);
      const unitSaving = rule.groupPriceCents === null ? rateUnitSavingCents(unit, rule.discountRate!) : unit;
      terms.objective.push(`- ${unitSaving} ${w}`);
      groupUnits.push(w);
    }
    if (rule.minQuantity > 1) {
      terms.generals.push(`g${p}`);
      terms.rows.push(`gw${p}: ${groupUnits.join(' + ')} - ${rule.minQuantity} g${p} = 0`);
      if (rule.groupPriceCents !== null) terms.objective.push(`+ ${rule.groupPriceCents} g${p}`);
    }
  });
  for (const [key, list] of takenBy) {
    if (list.length > 1) terms.rows.push(`one${key}: ${list.join(' + ')} <= 1`);
  }
  return terms;
}
