import { roundLineCents } from './line-rounding';

/**
 * How a promotion prices a store's part of a basket. Written once: the plan, shop mode, the optimiser and the
 * bench's MILP reference all price with `priceStorePart`.
 *
 * - `minQuantity` 1 with a price P: each unit costs P (the line costs round(qty * P)).
 * - `minQuantity` m >= 2 with a price P: each complete group of m units of the promotion's products, mixed freely
 *   among them, costs P; the other units pay their shelf price. Which units form the groups is the shopper's best
 *   choice (the dearest), and a group that would not save is not formed.
 * - A discount rate r instead of a price: units in complete groups (every unit when m is 1) cost (100 - r)% of
 *   their shelf price, rounded to the cent per unit (per line when m is 1).
 * - `minPurchaseCents`: the promotion applies only when the store's part, at shelf prices, reaches it.
 * - Each line takes at most one promotion (the one that saves most with the rest of the part).
 * - Groups need whole units: a line with a fractional quantity or price joins only promotions with m = 1.
 */
export interface PromotionRule {
  /** Whole number >= 1. */
  minQuantity: number;
  /** Whole cents > 0: the price of a complete group (of one unit when `minQuantity` is 1). */
  groupPriceCents: number | null;
  /** Percent in (0, 100], used when there is no price. */
  discountRate: number | null;
  minPurchaseCents: number | null;
}

export interface PromotionLine {
  qty: number;
  /** Shelf price of one unit, cents. */
  unitPriceCents: number;
  /** Indices into the rules array of the promotions that cover this line's product at this store. */
  promotionIndices: readonly number[];
}

export interface PricedPromotionLine {
  shelfCents: number;
  costCents: number;
  /** The rule this line takes, or null. */
  promotionIndex: number | null;
  savedCents: number;
}

export interface StorePartPrice {
  shelfCents: number;
  totalCents: number;
  savedCents: number;
  lines: PricedPromotionLine[];
}

/** Above this many combinations of choices (lines covered by several promotions) each line keeps its best alone. */
const MAX_CHOICE_COMBINATIONS = 4096;

/** True when the rule is well formed; malformed rules (price <= 0, m < 1, rate out of range) never apply. */
export function isUsablePromotionRule(rule: PromotionRule): boolean {
  if (!Number.isInteger(rule.minQuantity) || rule.minQuantity < 1) return false;
  if (rule.groupPriceCents !== null) return Number.isInteger(rule.groupPriceCents) && rule.groupPriceCents > 0;
  return rule.discountRate !== null && rule.discountRate > 0 && rule.discountRate <= 100;
}

/** A line can join a group promotion only with whole units at a whole-cent price. */
export function canJoinGroup(line: Pick<PromotionLine, 'qty' | 'unitPriceCents'>): boolean {
  return Number.isInteger(line.qty) && Number.isInteger(line.unitPriceCents);
}

/** What one unit saves in a complete group of a rate promotion. */
export function rateUnitSavingCents(unitPriceCents: number, discountRate: number): number {
  return unitPriceCents - roundLineCents(1, (unitPriceCents * (100 - discountRate)) / 100);
}

/** A line's cost under a minimum-quantity-1 rule, or null when the rule does not lower it. */
export function singleUnitLineCents(line: Pick<PromotionLine, 'qty' | 'unitPriceCents'>, rule: PromotionRule): number | null {
  const shelf = roundLineCents(line.qty, line.unitPriceCents);
  const cost =
    rule.groupPriceCents !== null
      ? roundLineCents(line.qty, rule.groupPriceCents)
      : roundLineCents(line.qty, (line.unitPriceCents * (100 - rule.discountRate!)) / 100);
  return cost < shelf ? cost : null;
}

interface GroupShare {
  lineIndex: number;
  savedCents: number;
}

/** Saving of one group rule over its member lines, attributed to them (sums to the total). */
function priceGroup(rule: PromotionRule, members: readonly number[], lines: readonly PromotionLine[]): GroupShare[] {
  const m = rule.minQuantity;
  const units: { lineIndex: number; price: number; saving: number }[] = [];
  for (const lineIndex of members) {
    const line = lines[lineIndex]!;
    const saving = rule.groupPriceCents === null ? rateUnitSavingCents(line.unitPriceCents, rule.discountRate!) : line.unitPriceCents;
    for (let u = 0; u < line.qty; u++) units.push({ lineIndex, price: line.unitPriceCents, saving });
  }
  units.sort((a, b) => b.saving - a.saving || a.lineIndex - b.lineIndex);
  const maxGroups = Math.floor(units.length / m);
  const byLine = new Map<number, number>();
  if (rule.groupPriceCents === null) {
    for (let u = 0; u < maxGroups * m; u++) byLine.set(units[u]!.lineIndex, (byLine.get(units[u]!.lineIndex) ?? 0) + units[u]!.saving);
    return [...byLine].map(([lineIndex, savedCents]) => ({ lineIndex, savedCents }));
  }
  // Groups take the dearest units; each further group saves no more than the one before, so stop at the first that does not save.
  let groups = 0;
  let saved = 0;
  for (let g = 0; g < maxGroups; g++) {
    let shelf = 0;
    for (let u = g * m; u < (g + 1) * m; u++) shelf += units[u]!.price;
    if (shelf - rule.groupPriceCents <= 0) break;
    saved += shelf - rule.groupPriceCents;
    groups++;
  }
  if (groups === 0) return [];
  let inGroups = 0;
  for (let u = 0; u < groups * m; u++) {
    inGroups += units[u]!.price;
    byLine.set(units[u]!.lineIndex, (byLine.get(units[u]!.lineIndex) ?? 0) + units[u]!.price);
  }
  // Shares in proportion to each line's shelf value in the groups, remainders to the largest fractions.
  const shares = [...byLine].map(([lineIndex, value]) => {
    const exact = (saved * value) / inGroups;
    return { lineIndex, savedCents: Math.floor(exact), fraction: exact - Math.floor(exact) };
  });
  let rest = saved - shares.reduce((sum, share) => sum + share.savedCents, 0);
  for (const share of [...shares].sort((a, b) => b.fraction - a.fraction || a.lineIndex - b.lineIndex)) {
    if (rest <= 0) break;
    share.savedCents++;
    rest--;
  }
  return shares.map(({ lineIndex, savedCents }) => ({ lineIndex, savedCents }));
}

function evaluateChoice(
  choice: readonly (number | null)[],
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
): { saved: number; perLine: number[] } {
  const perLine = new Array<number>(lines.length).fill(0);
  const members = new Map<number, number[]>();
  choice.forEach((ruleIndex, lineIndex) => {
    if (ruleIndex === null) return;
    const rule = rules[ruleIndex]!;
    if (rule.minQuantity === 1) {
      const cost = singleUnitLineCents(lines[lineIndex]!, rule);
      if (cost !== null) perLine[lineIndex] = roundLineCents(lines[lineIndex]!.qty, lines[lineIndex]!.unitPriceCents) - cost;
      return;
    }
    const list = members.get(ruleIndex) ?? [];
    list.push(lineIndex);
    members.set(ruleIndex, list);
  });
  for (const [ruleIndex, list] of members) {
    for (const share of priceGroup(rules[ruleIndex]!, list, lines)) perLine[share.lineIndex] = share.savedCents;
  }
  return { saved: perLine.reduce((sum, value) => sum + value, 0), perLine };
}

/** Lines with several options, grouped by the promotions they connect. */
function connectChoices(options: readonly (readonly number[])[]): { lines: number[]; rules: Set<number> }[] {
  const parent = new Map<number, number>();
  const find = (r: number): number => {
    let root = r;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(r, root);
    return root;
  };
  for (const list of options) {
    if (list.length < 2) continue;
    for (const r of list) if (!parent.has(r)) parent.set(r, r);
    for (const r of list.slice(1)) parent.set(find(r), find(list[0]!));
  }
  const components = new Map<number, { lines: number[]; rules: Set<number> }>();
  options.forEach((list, lineIndex) => {
    if (list.length < 2) return;
    const root = find(list[0]!);
    const component = components.get(root) ?? { lines: [], rules: new Set<number>() };
    component.lines.push(lineIndex);
    for (const r of list) component.rules.add(r);
    components.set(root, component);
  });
  return [...components.values()];
}

/** What one promotion saves over its member lines. */
function saveByRule(
  ruleIndex: number,
  members: readonly number[],
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
): number {
  const rule = rules[ruleIndex]!;
  if (rule.minQuantity > 1) return priceGroup(rule, members, lines).reduce((sum, share) => sum + share.savedCents, 0);
  return members.reduce((sum, lineIndex) => {
    const line = lines[lineIndex]!;
    const cost = singleUnitLineCents(line, rule);
    return sum + (cost === null ? 0 : roundLineCents(line.qty, line.unitPriceCents) - cost);
  }, 0);
}

/** Sets `choice` for a component's lines to the combination saving most (each line's best alone past the cap). */
function chooseWithin(
  component: { lines: number[]; rules: Set<number> },
  options: readonly (readonly number[])[],
  choice: (number | null)[],
  lines: readonly PromotionLine[],
  rules: readonly PromotionRule[],
): void {
  const fixed = new Map<number, number[]>([...component.rules].map((r) => [r, []]));
  choice.forEach((r, lineIndex) => {
    if (r !== null && fixed.has(r) && !component.lines.includes(lineIndex)) fixed.get(r)!.push(lineIndex);
  });
  const evaluate = () => {
    let saved = 0;
    for (const [r, members] of fixed) {
      const all = [...members, ...component.lines.filter((lineIndex) => choice[lineIndex] === r)];
      if (all.length > 0) saved += saveByRule(r, all, lines, rules);
    }
    return saved;
  };
  const combinations = component.lines.reduce((product, lineIndex) => product * options[lineIndex]!.length, 1);
  if (combinations > MAX_CHOICE_COMBINATIONS) {
    for (const lineIndex of component.lines) {
      const alone = options[lineIndex]!.map((r) => saveByRule(r, [...fixed.get(r)!, lineIndex], lines, rules));
      choice[lineIndex] = options[lineIndex]![alone.indexOf(Math.max(...alone))]!;
    }
    return;
  }
  let best = -1;
  let bestChoice: (number | null)[] = [];
  const visit = (depth: number) => {
    if (depth === component.lines.length) {
      const saved = evaluate();
      if (saved > best) {
        best = saved;
        bestChoice = component.lines.map((lineIndex) => choice[lineIndex]!);
      }
      return;
    }
    for (const r of options[component.lines[depth]!]!) {
      choice[component.lines[depth]!] = r;
      visit(depth + 1);
    }
  };
  visit(0);
  component.lines.forEach((lineIndex, k) => (choice[lineIndex] = bestChoice[k]!));
}

/** The exact price of one store's part of a basket under its promotions (see `PromotionRule`). */
export function priceStorePart(lines: readonly PromotionLine[], rules: readonly PromotionRule[]): StorePartPrice {
  const shelfByLine = lines.map((line) => roundLineCents(line.qty, line.unitPriceCents));
  const shelfCents = shelfByLine.reduce((sum, value) => sum + value, 0);
  const isActive = rules.map(
    (rule) => isUsablePromotionRule(rule) && (rule.minPurchaseCents === null || shelfCents >= rule.minPurchaseCents),
  );
  const options = lines.map((line) =>
    line.promotionIndices.filter((index) => isActive[index] && (rules[index]!.minQuantity === 1 || canJoinGroup(line))),
  );
  // A group's saving never falls when a member joins, so a line with one option always takes it; only lines with
  // several options are searched, per set of promotions they connect (savings add up over promotions).
  const choice: (number | null)[] = options.map((list) => (list.length === 1 ? list[0]! : null));
  for (const component of connectChoices(options)) chooseWithin(component, options, choice, lines, rules);
  const best = evaluateChoice(choice, lines, rules);
  const bestChoice = choice;
  const priced = lines.map((_, index) => {
    const savedCents = best.perLine[index]!;
    return {
      shelfCents: shelfByLine[index]!,
      costCents: shelfByLine[index]! - savedCents,
      promotionIndex: savedCents > 0 ? bestChoice[index]! : null,
      savedCents,
    };
  });
  return { shelfCents, totalCents: shelfCents - best.saved, savedCents: best.saved, lines: priced };
}

export interface GroupCompletion {
  lineIndex: number;
  promotionIndex: number;
  addUnits: number;
  /** How much lower the part's total is with the extra units. */
  savesCents: number;
}

/**
 * "Add k more": for each group promotion a line of this part takes or could take, buying the k units that
 * complete a group, of a product already in the part, when that lowers the part's total. Best per promotion.
 */
export function findGroupCompletions(lines: readonly PromotionLine[], rules: readonly PromotionRule[]): GroupCompletion[] {
  const base = priceStorePart(lines, rules).totalCents;
  const best = new Map<number, GroupCompletion>();
  rules.forEach((rule, ruleIndex) => {
    if (!isUsablePromotionRule(rule) || rule.minQuantity < 2) return;
    const members = lines.flatMap((line, index) => (line.promotionIndices.includes(ruleIndex) && canJoinGroup(line) ? [index] : []));
    if (members.length === 0) return;
    const units = members.reduce((sum, index) => sum + lines[index]!.qty, 0);
    const addUnits = rule.minQuantity - (units % rule.minQuantity);
    if (addUnits === rule.minQuantity) return;
    for (const lineIndex of members) {
      const trial = lines.map((line, index) => (index === lineIndex ? { ...line, qty: line.qty + addUnits } : line));
      const savesCents = base - priceStorePart(trial, rules).totalCents;
      if (savesCents > 0 && savesCents > (best.get(ruleIndex)?.savesCents ?? 0)) {
        best.set(ruleIndex, { lineIndex, promotionIndex: ruleIndex, addUnits, savesCents });
      }
    }
  });
  return [...best.values()];
}
