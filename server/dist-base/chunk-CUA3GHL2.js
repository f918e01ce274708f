// packages/contracts/src/domain/line-rounding.ts
function roundLineCents(qty, unitPriceCents) {
  const exact = qty * unitPriceCents;
  if (Number.isInteger(exact)) return exact;
  return Math.round(Number(exact.toFixed(6)));
}

// packages/contracts/src/domain/promotions.ts
var MAX_CHOICE_COMBINATIONS = 4096;
function isUsablePromotionRule(rule) {
  if (!Number.isInteger(rule.minQuantity) || rule.minQuantity < 1) return false;
  if (rule.groupPriceCents !== null) return Number.isInteger(rule.groupPriceCents) && rule.groupPriceCents > 0;
  return rule.discountRate !== null && rule.discountRate > 0 && rule.discountRate <= 100;
}
function canJoinGroup(line) {
  return Number.isInteger(line.qty) && Number.isInteger(line.unitPriceCents);
}
function rateUnitSavingCents(unitPriceCents, discountRate) {
  return unitPriceCents - roundLineCents(1, unitPriceCents * (100 - discountRate) / 100);
}
function singleUnitLineCents(line, rule) {
  const shelf = roundLineCents(line.qty, line.unitPriceCents);
  const cost = rule.groupPriceCents !== null ? roundLineCents(line.qty, rule.groupPriceCents) : roundLineCents(line.qty, line.unitPriceCents * (100 - rule.discountRate) / 100);
  return cost < shelf ? cost : null;
}
function priceGroup(rule, members, lines) {
  const m = rule.minQuantity;
  const units = [];
  for (const lineIndex of members) {
    const line = lines[lineIndex];
    const saving = rule.groupPriceCents === null ? rateUnitSavingCents(line.unitPriceCents, rule.discountRate) : line.unitPriceCents;
    for (let u = 0; u < line.qty; u++) units.push({ lineIndex, price: line.unitPriceCents, saving });
  }
  units.sort((a, b) => b.saving - a.saving || a.lineIndex - b.lineIndex);
  const maxGroups = Math.floor(units.length / m);
  const byLine = /* @__PURE__ */ new Map();
  if (rule.groupPriceCents === null) {
    for (let u = 0; u < maxGroups * m; u++) byLine.set(units[u].lineIndex, (byLine.get(units[u].lineIndex) ?? 0) + units[u].saving);
    return [...byLine].map(([lineIndex, savedCents]) => ({ lineIndex, savedCents }));
  }
  let groups = 0;
  let saved = 0;
  for (let g = 0; g < maxGroups; g++) {
    let shelf = 0;
    for (let u = g * m; u < (g + 1) * m; u++) shelf += units[u].price;
    if (shelf - rule.groupPriceCents <= 0) break;
    saved += shelf - rule.groupPriceCents;
    groups++;
  }
  if (groups === 0) return [];
  let inGroups = 0;
  for (let u = 0; u < groups * m; u++) {
    inGroups += units[u].price;
    byLine.set(units[u].lineIndex, (byLine.get(units[u].lineIndex) ?? 0) + units[u].price);
  }
  const shares = [...byLine].map(([lineIndex, value]) => {
    const exact = saved * value / inGroups;
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
function evaluateChoice(choice, lines, rules) {
  const perLine = new Array(lines.length).fill(0);
  const members = /* @__PURE__ */ new Map();
  choice.forEach((ruleIndex, lineIndex) => {
    if (ruleIndex === null) return;
    const rule = rules[ruleIndex];
    if (rule.minQuantity === 1) {
      const cost = singleUnitLineCents(lines[lineIndex], rule);
      if (cost !== null) perLine[lineIndex] = roundLineCents(lines[lineIndex].qty, lines[lineIndex].unitPriceCents) - cost;
      return;
    }
    const list = members.get(ruleIndex) ?? [];
    list.push(lineIndex);
    members.set(ruleIndex, list);
  });
  for (const [ruleIndex, list] of members) {
    for (const share of priceGroup(rules[ruleIndex], list, lines)) perLine[share.lineIndex] = share.savedCents;
  }
  return { saved: perLine.reduce((sum, value) => sum + value, 0), perLine };
}
function connectChoices(options) {
  const parent = /* @__PURE__ */ new Map();
  const find = (r) => {
    let root = r;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root);
    parent.set(r, root);
    return root;
  };
  for (const list of options) {
    if (list.length < 2) continue;
    for (const r of list) if (!parent.has(r)) parent.set(r, r);
    for (const r of list.slice(1)) parent.set(find(r), find(list[0]));
  }
  const components = /* @__PURE__ */ new Map();
  options.forEach((list, lineIndex) => {
    if (list.length < 2) return;
    const root = find(list[0]);
    const component = components.get(root) ?? { lines: [], rules: /* @__PURE__ */ new Set() };
    component.lines.push(lineIndex);
    for (const r of list) component.rules.add(r);
    components.set(root, component);
  });
  return [...components.values()];
}
function saveByRule(ruleIndex, members, lines, rules) {
  const rule = rules[ruleIndex];
  if (rule.minQuantity > 1) return priceGroup(rule, members, lines).reduce((sum, share) => sum + share.savedCents, 0);
  return members.reduce((sum, lineIndex) => {
    const line = lines[lineIndex];
    const cost = singleUnitLineCents(line, rule);
    return sum + (cost === null ? 0 : roundLineCents(line.qty, line.unitPriceCents) - cost);
  }, 0);
}
function chooseWithin(component, options, choice, lines, rules) {
  const fixed = new Map([...component.rules].map((r) => [r, []]));
  choice.forEach((r, lineIndex) => {
    if (r !== null && fixed.has(r) && !component.lines.includes(lineIndex)) fixed.get(r).push(lineIndex);
  });
  const evaluate = () => {
    let saved = 0;
    for (const [r, members] of fixed) {
      const all = [...members, ...component.lines.filter((lineIndex) => choice[lineIndex] === r)];
      if (all.length > 0) saved += saveByRule(r, all, lines, rules);
    }
    return saved;
  };
  const combinations = component.lines.reduce((product, lineIndex) => product * options[lineIndex].length, 1);
  if (combinations > MAX_CHOICE_COMBINATIONS) {
    for (const lineIndex of component.lines) {
      const alone = options[lineIndex].map((r) => saveByRule(r, [...fixed.get(r), lineIndex], lines, rules));
      choice[lineIndex] = options[lineIndex][alone.indexOf(Math.max(...alone))];
    }
    return;
  }
  let best = -1;
  let bestChoice = [];
  const visit = (depth) => {
    if (depth === component.lines.length) {
      const saved = evaluate();
      if (saved > best) {
        best = saved;
        bestChoice = component.lines.map((lineIndex) => choice[lineIndex]);
      }
      return;
    }
    for (const r of options[component.lines[depth]]) {
      choice[component.lines[depth]] = r;
      visit(depth + 1);
    }
  };
  visit(0);
  component.lines.forEach((lineIndex, k) => choice[lineIndex] = bestChoice[k]);
}
function priceStorePart(lines, rules) {
  const shelfByLine = lines.map((line) => roundLineCents(line.qty, line.unitPriceCents));
  const shelfCents = shelfByLine.reduce((sum, value) => sum + value, 0);
  const isActive = rules.map(
    (rule) => isUsablePromotionRule(rule) && (rule.minPurchaseCents === null || shelfCents >= rule.minPurchaseCents)
  );
  const options = lines.map(
    (line) => line.promotionIndices.filter((index) => isActive[index] && (rules[index].minQuantity === 1 || canJoinGroup(line)))
  );
  const choice = options.map((list) => list.length === 1 ? list[0] : null);
  for (const component of connectChoices(options)) chooseWithin(component, options, choice, lines, rules);
  const best = evaluateChoice(choice, lines, rules);
  const bestChoice = choice;
  const priced = lines.map((_, index) => {
    const savedCents = best.perLine[index];
    return {
      shelfCents: shelfByLine[index],
      costCents: shelfByLine[index] - savedCents,
      promotionIndex: savedCents > 0 ? bestChoice[index] : null,
      savedCents
    };
  });
  return { shelfCents, totalCents: shelfCents - best.saved, savedCents: best.saved, lines: priced };
}
function findGroupCompletions(lines, rules) {
  const base = priceStorePart(lines, rules).totalCents;
  const best = /* @__PURE__ */ new Map();
  rules.forEach((rule, ruleIndex) => {
    if (!isUsablePromotionRule(rule) || rule.minQuantity < 2) return;
    const members = lines.flatMap((line, index) => line.promotionIndices.includes(ruleIndex) && canJoinGroup(line) ? [index] : []);
    if (members.length === 0) return;
    const units = members.reduce((sum, index) => sum + lines[index].qty, 0);
    const addUnits = rule.minQuantity - units % rule.minQuantity;
    if (addUnits === rule.minQuantity) return;
    for (const lineIndex of members) {
      const trial = lines.map((line, index) => index === lineIndex ? { ...line, qty: line.qty + addUnits } : line);
      const savesCents = base - priceStorePart(trial, rules).totalCents;
      if (savesCents > 0 && savesCents > (best.get(ruleIndex)?.savesCents ?? 0)) {
        best.set(ruleIndex, { lineIndex, promotionIndex: ruleIndex, addUnits, savesCents });
      }
    }
  });
  return [...best.values()];
}

// packages/optimizer/src/types.ts
import { z } from "zod";
var ZEntityId = z.union([z.string(), z.number()]);
var ZCents = z.number().finite().nonnegative();
var ZSplitCartItem = z.object({
  id: ZEntityId,
  /** May be fractional (1.5 kg); line costs are rounded per line, see `roundLineCents`. */
  qty: z.number().finite().positive(),
  /** Per-unit cost of leaving the item unbought; null means the item must be bought. */
  penalty: ZCents.nullable()
});
var ZSplitCartStore = z.object({
  id: ZEntityId,
  visitCost: z.number().int().nonnegative()
});
var ZSplitCartOffer = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative(), ZCents]);
var ZSplitCartPromotion = z.object({
  store: z.number().int().nonnegative(),
  items: z.array(z.number().int().nonnegative()),
  minQuantity: z.number().finite(),
  groupPriceCents: z.number().finite().nullable(),
  discountRate: z.number().finite().nullable(),
  minPurchaseCents: z.number().finite().nullable()
});
var ZSplitCartInstance = z.object({
  format: z.literal("splitcart/v1"),
  K: z.number().int().nonnegative().nullable(),
  items: z.array(ZSplitCartItem),
  stores: z.array(ZSplitCartStore),
  offers: z.array(ZSplitCartOffer),
  /** Optional: without promotions every line costs round(qty * unit price). */
  promotions: z.array(ZSplitCartPromotion).optional()
}).superRefine((instance, ctx) => {
  instance.offers.forEach(([storeIndex, itemIndex], index) => {
    if (storeIndex >= instance.stores.length || itemIndex >= instance.items.length) {
      ctx.addIssue({ code: "custom", path: ["offers", index], message: "offer references a missing store or item" });
    }
  });
  instance.promotions?.forEach((promotion, index) => {
    if (promotion.store >= instance.stores.length || promotion.items.some((item) => item >= instance.items.length)) {
      ctx.addIssue({ code: "custom", path: ["promotions", index], message: "promotion references a missing store or item" });
    }
  });
});

// packages/optimizer/src/promotion-model.ts
function buildPromotionModel(instance) {
  const nItems = instance.items.length;
  const shelf = /* @__PURE__ */ new Map();
  for (const [s, j, price] of instance.offers) {
    const key = s * nItems + j;
    if (price < (shelf.get(key) ?? Infinity)) shelf.set(key, price);
  }
  const live = [];
  const partCeiling = /* @__PURE__ */ new Map();
  for (const [key, price] of shelf) {
    const s = Math.floor(key / nItems);
    partCeiling.set(s, (partCeiling.get(s) ?? 0) + roundLineCents(instance.items[key - s * nItems].qty, price));
  }
  const seen = /* @__PURE__ */ new Set();
  for (const promotion of instance.promotions ?? []) {
    const rule = {
      minQuantity: promotion.minQuantity,
      groupPriceCents: promotion.groupPriceCents,
      discountRate: promotion.discountRate,
      minPurchaseCents: promotion.minPurchaseCents
    };
    if (!isUsablePromotionRule(rule)) continue;
    if (rule.minPurchaseCents !== null && (partCeiling.get(promotion.store) ?? 0) < rule.minPurchaseCents) continue;
    const members = [...new Set(promotion.items)].filter((j) => {
      const price = shelf.get(promotion.store * nItems + j);
      if (price === void 0) return false;
      const line = { qty: instance.items[j].qty, unitPriceCents: price };
      return rule.minQuantity === 1 ? singleUnitLineCents(line, rule) !== null : canJoinGroup(line);
    });
    const units = members.reduce((sum, j) => sum + instance.items[j].qty, 0);
    if (members.length === 0 || units < rule.minQuantity) continue;
    const signature = JSON.stringify([promotion.store, rule, [...members].sort((a, b) => a - b)]);
    if (seen.has(signature)) continue;
    seen.add(signature);
    live.push({ store: promotion.store, rule, members });
  }
  const liveAt = instance.stores.map(() => []);
  const covering = /* @__PURE__ */ new Map();
  const hasMinPurchase = instance.stores.map(() => false);
  live.forEach((promotion, index) => {
    liveAt[promotion.store].push(index);
    if (promotion.rule.minPurchaseCents !== null) hasMinPurchase[promotion.store] = true;
    for (const j of promotion.members) {
      const key = promotion.store * nItems + j;
      const list = covering.get(key) ?? [];
      list.push(index);
      covering.set(key, list);
    }
  });
  const { components, componentOf } = buildComponents(instance.stores.length, nItems, live, liveAt, covering, hasMinPurchase, shelf);
  return { instance, nItems, shelf, live, liveAt, covering, hasMinPurchase, components, componentOf };
}
function buildComponents(nStores, nItems, live, liveAt, covering, hasMinPurchase, shelf) {
  const parent = live.map((_, p) => p);
  const find = (p) => parent[p] === p ? p : parent[p] = find(parent[p]);
  for (const list of covering.values()) for (const p of list.slice(1)) parent[find(p)] = find(list[0]);
  for (let s = 0; s < nStores; s++) {
    if (!hasMinPurchase[s]) continue;
    for (const p of liveAt[s].slice(1)) parent[find(p)] = find(liveAt[s][0]);
  }
  const byRoot = /* @__PURE__ */ new Map();
  const componentOf = live.map(() => -1);
  const components = [];
  live.forEach((promotion, p) => {
    let component = byRoot.get(find(p));
    if (!component) {
      component = { store: promotion.store, promotions: [], keys: [] };
      byRoot.set(find(p), component);
      components.push(component);
    }
    component.promotions.push(p);
    componentOf[p] = components.indexOf(component);
  });
  for (const component of components) {
    const s = component.store;
    const keys = hasMinPurchase[s] ? [...shelf.keys()].filter((key) => Math.floor(key / nItems) === s) : [...new Set(component.promotions.flatMap((p) => live[p].members.map((j) => s * nItems + j)))];
    component.keys = keys.sort((a, b) => a - b);
  }
  return { components, componentOf };
}
function boundLineCents(qty, unitPriceCents, rule) {
  const shelf = roundLineCents(qty, unitPriceCents);
  if (rule.minQuantity === 1) return singleUnitLineCents({ qty, unitPriceCents }, rule) ?? shelf;
  if (rule.groupPriceCents === null) return qty * (unitPriceCents - rateUnitSavingCents(unitPriceCents, rule.discountRate));
  return Math.min(shelf, Math.floor(qty * rule.groupPriceCents / rule.minQuantity));
}
function buildPartLines(model, s, items) {
  const liveHere = model.liveAt[s];
  const rules = liveHere.map((index) => model.live[index].rule);
  const lines = items.map((j) => {
    const key = s * model.nItems + j;
    const covering = model.covering.get(key) ?? [];
    return {
      qty: model.instance.items[j].qty,
      unitPriceCents: model.shelf.get(key),
      promotionIndices: covering.map((index) => liveHere.indexOf(index))
    };
  });
  return { lines, rules };
}
function priceAssignment(model, assignment) {
  const { instance } = model;
  const byStore = /* @__PURE__ */ new Map();
  let total = 0;
  assignment.forEach((s, j) => {
    const item = instance.items[j];
    if (s === null) {
      total += item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
      return;
    }
    const list = byStore.get(s) ?? [];
    list.push(j);
    byStore.set(s, list);
  });
  for (const [s, items] of byStore) {
    const { lines, rules } = buildPartLines(model, s, items);
    total += instance.stores[s].visitCost + priceStorePart(lines, rules).totalCents;
  }
  return total;
}
function improveAssignment(model, start, passes = 2) {
  const { instance } = model;
  const assignment = [...start];
  const partOf = (s) => {
    const items = assignment.flatMap((t, j) => t === s ? [j] : []);
    if (items.length === 0) return 0;
    const { lines, rules } = buildPartLines(model, s, items);
    return instance.stores[s].visitCost + priceStorePart(lines, rules).totalCents;
  };
  const penaltyOf = (j) => {
    const item = instance.items[j];
    return item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
  };
  const open = [...new Set(assignment.filter((s) => s !== null))];
  const isMovable = (j) => open.some((s) => model.hasMinPurchase[s] || model.covering.has(s * model.nItems + j));
  const parts = new Map(open.map((s) => [s, partOf(s)]));
  for (let pass = 0; pass < passes; pass++) {
    let isImproved = false;
    for (let j = 0; j < assignment.length; j++) {
      const from = assignment[j] ?? null;
      if (!isMovable(j)) continue;
      const choices = open.filter((s) => s !== from && model.shelf.has(s * model.nItems + j));
      if (instance.items[j].penalty !== null && from !== null) choices.push(null);
      for (const to of choices) {
        assignment[j] = to;
        const fromBefore = from === null ? penaltyOf(j) : parts.get(from);
        const toBefore = to === null ? 0 : parts.get(to);
        const fromAfter = from === null ? 0 : partOf(from);
        const toAfter = to === null ? penaltyOf(j) : partOf(to);
        if (fromAfter + toAfter < fromBefore + toBefore) {
          if (from !== null) parts.set(from, fromAfter);
          if (to !== null) parts.set(to, toAfter);
          isImproved = true;
          break;
        }
        assignment[j] = from;
      }
    }
    if (!isImproved) break;
  }
  return { assignment, total: priceAssignment(model, assignment) };
}

// packages/optimizer/src/promotion-node.ts
function viewNode(model, node) {
  const { nItems } = model;
  const forced = /* @__PURE__ */ new Map();
  for (const [key, value] of node.decisions) if (value === 1) forced.set(key % nItems, Math.floor(key / nItems));
  return { forced, isAllowed: (s, j) => node.decisions.get(s * nItems + j) !== 0 && (forced.get(j) ?? s) === s };
}
function isInteracting(model, key) {
  return model.covering.has(key) || model.hasMinPurchase[Math.floor(key / model.nItems)];
}
function buildNodeInstance(model, node) {
  const { instance, nItems } = model;
  const { forced, isAllowed } = viewNode(model, node);
  const soleMember = /* @__PURE__ */ new Map();
  const isPossible = model.live.map((promotion, p) => {
    const s = promotion.store;
    if (promotion.rule.minPurchaseCents !== null) {
      let ceiling = 0;
      for (let j = 0; j < nItems; j++) {
        const price = model.shelf.get(s * nItems + j);
        if (price !== void 0 && isAllowed(s, j)) ceiling += roundLineCents(instance.items[j].qty, price);
      }
      if (ceiling < promotion.rule.minPurchaseCents) return false;
    }
    let units = 0;
    let allowedCount = 0;
    let last = -1;
    for (const j of promotion.members) {
      if (!isAllowed(s, j)) continue;
      units += instance.items[j].qty;
      allowedCount++;
      last = j;
    }
    if (allowedCount === 1) soleMember.set(p, last);
    return units >= promotion.rule.minQuantity;
  });
  const exactCost = /* @__PURE__ */ new Map();
  for (const component of model.components) {
    const s = component.store;
    const isDecided = component.keys.every(
      (key) => node.decisions.has(key) || !isAllowed(s, key - s * nItems) || !isInteracting(model, key)
    );
    if (!isDecided) continue;
    const forcedHere = component.keys.flatMap((key) => node.decisions.get(key) === 1 ? [key - s * nItems] : []);
    const { lines, rules } = buildPartLines(model, s, forcedHere);
    const liveHere = model.liveAt[s];
    const enabled = lines.map((line) => ({ ...line, promotionIndices: line.promotionIndices.filter((r) => isPossible[liveHere[r]]) }));
    priceStorePart(enabled, rules).lines.forEach((line, index) => exactCost.set(s * nItems + forcedHere[index], line.costCents));
  }
  const offers = [];
  for (const [key, price] of model.shelf) {
    const s = Math.floor(key / nItems);
    const j = key - s * nItems;
    if (!isAllowed(s, j)) continue;
    const qty = instance.items[j].qty;
    let line = exactCost.get(key);
    if (line === void 0) {
      line = roundLineCents(qty, price);
      for (const p of model.covering.get(key) ?? []) {
        if (!isPossible[p]) continue;
        const { rule } = model.live[p];
        const alone = soleMember.has(p) && rule.minQuantity > 1;
        const bound = alone ? priceStorePart([{ qty, unitPriceCents: price, promotionIndices: [0] }], [{ ...rule, minPurchaseCents: null }]).totalCents : boundLineCents(qty, price, rule);
        line = Math.min(line, bound);
      }
    }
    offers.push([s, j, line / qty]);
  }
  const items = instance.items.map((item, j) => forced.has(j) ? { ...item, penalty: null } : item);
  return { instance: { format: "splitcart/v1", K: instance.K, items, stores: instance.stores, offers }, forced, isAllowed };
}
function chargedLines(nodeInstance, assignment, nItems) {
  const charged = /* @__PURE__ */ new Map();
  for (const [s, j, unit] of nodeInstance.offers) {
    if (assignment[j] !== s) continue;
    const key = s * nItems + j;
    const line = roundLineCents(nodeInstance.items[j].qty, unit);
    if (line < (charged.get(key) ?? Infinity)) charged.set(key, line);
  }
  return charged;
}

// packages/optimizer/src/scratch.ts
var pools = /* @__PURE__ */ new Map();
var intPools = /* @__PURE__ */ new Map();
function borrowScratch(role, length) {
  const pooled = pools.get(role);
  if (pooled && pooled.length >= length) return pooled.subarray(0, length);
  const grown = new Float64Array(Math.max(length, Math.ceil((pooled?.length ?? 0) * 1.5)));
  pools.set(role, grown);
  return grown.subarray(0, length);
}
function borrowIntScratch(role, length) {
  const pooled = intPools.get(role);
  if (pooled && pooled.length >= length) return pooled.subarray(0, length);
  const grown = new Int32Array(Math.max(length, Math.ceil((pooled?.length ?? 0) * 1.5)));
  intPools.set(role, grown);
  return grown.subarray(0, length);
}

// packages/optimizer/src/prepare.ts
function buildLineCosts(instance) {
  const nItems = instance.items.length;
  const lines = borrowScratch("lines", instance.stores.length * nItems).fill(Infinity);
  const penalties = new Float64Array(nItems);
  instance.items.forEach((item, j) => {
    penalties[j] = item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
  });
  const qty = Float64Array.from(instance.items, (item) => item.qty);
  const { offers } = instance;
  for (let q = 0; q < offers.length; q++) {
    const offer = offers[q];
    const j = offer[1];
    const line = roundLineCents(qty[j], offer[2]);
    const k = offer[0] * nItems + j;
    if (line < lines[k] && line < penalties[j]) lines[k] = line;
  }
  return { lines, penalties };
}
function isDominated(lines, nItems, a, b, items) {
  const offA = a * nItems;
  const offB = b * nItems;
  for (let t = 0; t < items.length; t++) {
    const j = items[t];
    if (lines[offB + j] > lines[offA + j]) return false;
  }
  return true;
}
function selectStores(instance, lines, items) {
  const nItems = instance.items.length;
  const useful = [];
  for (let s = 0; s < instance.stores.length; s++) {
    const off = s * nItems;
    if (items.some((j) => lines[off + j] < Infinity)) useful.push(s);
  }
  return useful.filter((a) => {
    const fa = instance.stores[a].visitCost;
    return !useful.some((b) => {
      if (b === a) return false;
      const fb = instance.stores[b].visitCost;
      if (fb > fa) return false;
      if (fb === fa && b > a && isDominated(lines, nItems, b, a, items)) return false;
      return isDominated(lines, nItems, a, b, items);
    });
  });
}
function prepareProblem(instance) {
  const nAllItems = instance.items.length;
  const { lines, penalties } = buildLineCosts(instance);
  const missing = [];
  const kept = [];
  let constant = 0;
  const hasOffer = new Uint8Array(nAllItems);
  for (let s = 0; s < instance.stores.length; s++) {
    const off = s * nAllItems;
    for (let j = 0; j < nAllItems; j++) if (lines[off + j] < Infinity) hasOffer[j] = 1;
  }
  for (let j = 0; j < nAllItems; j++) {
    if (hasOffer[j]) kept.push(j);
    else if (penalties[j] === Infinity) missing.push(j);
    else constant += penalties[j];
  }
  if (missing.length > 0) return { isFeasible: false, missingItemIndices: missing };
  const itemMap = Int32Array.from(kept);
  const storeList = selectStores(instance, lines, itemMap);
  const nItems = itemMap.length;
  const nStores = storeList.length;
  const cost = borrowScratch("cost", nStores * nItems);
  const visit = new Float64Array(nStores);
  storeList.forEach((s, r) => {
    visit[r] = instance.stores[s].visitCost;
    for (let j = 0; j < nItems; j++) cost[r * nItems + j] = lines[s * nAllItems + itemMap[j]];
  });
  const penalty = Float64Array.from(itemMap, (j) => penalties[j]);
  const { dearest, forcedOpen } = summariseOffers(cost, penalty, nStores, nItems);
  const limit = instance.K === null ? nStores : Math.min(instance.K, nStores);
  let sorted = null;
  const candidates = () => sorted ??= buildCandidates(cost, nStores, nItems);
  return {
    isFeasible: true,
    problem: {
      nStores,
      nItems,
      storeMap: Int32Array.from(storeList),
      itemMap,
      visit,
      cost,
      penalty,
      get candStart() {
        return candidates().candStart;
      },
      get candStore() {
        return candidates().candStore;
      },
      get candCost() {
        return candidates().candCost;
      },
      dearest,
      forcedOpen,
      constant,
      limit
    }
  };
}
function summariseOffers(cost, penalty, nStores, nItems) {
  const dearest = new Float64Array(nItems).fill(-Infinity);
  const count = new Int32Array(nItems);
  const only = new Int32Array(nItems);
  for (let r = 0; r < nStores; r++) {
    const off = r * nItems;
    for (let j = 0; j < nItems; j++) {
      const c = cost[off + j];
      if (c === Infinity) continue;
      if (c > dearest[j]) dearest[j] = c;
      count[j]++;
      only[j] = r;
    }
  }
  const forced = /* @__PURE__ */ new Set();
  for (let j = 0; j < nItems; j++) if (count[j] === 1 && penalty[j] === Infinity) forced.add(only[j]);
  return { dearest, forcedOpen: [...forced].sort((a, b) => a - b) };
}
function buildCandidates(cost, nStores, nItems) {
  const candStart = borrowIntScratch("cand-start", nItems + 1).fill(0);
  for (let r = 0; r < nStores; r++) {
    const off = r * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j] < Infinity) candStart[j + 1]++;
  }
  for (let j = 0; j < nItems; j++) candStart[j + 1] += candStart[j];
  const fill = borrowIntScratch("cand-fill", nItems);
  fill.set(candStart.subarray(0, nItems));
  const candStore = borrowIntScratch("cand-store", candStart[nItems]);
  const candCost = borrowScratch("cand-cost", candStore.length);
  for (let r = 0; r < nStores; r++) {
    const off = r * nItems;
    for (let j = 0; j < nItems; j++) {
      const c = cost[off + j];
      if (c === Infinity) continue;
      let t = fill[j]++;
      while (t > candStart[j] && candCost[t - 1] > c) {
        candCost[t] = candCost[t - 1];
        candStore[t] = candStore[t - 1];
        t--;
      }
      candCost[t] = c;
      candStore[t] = r;
    }
  }
  return { candStart, candStore, candCost };
}

// packages/optimizer/src/local-search.ts
var FREE = 0;
var OPEN = 1;
var CLOSED = 2;
var UNCOVERED = 1e12;
function evaluateSet(p, set) {
  const { nItems, cost, penalty } = p;
  const best = new Float64Array(nItems);
  for (let j = 0; j < nItems; j++) best[j] = penalty[j] < Infinity ? penalty[j] : UNCOVERED;
  let total = 0;
  for (const s of set) {
    total += p.visit[s];
    const off = s * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j] < best[j]) best[j] = cost[off + j];
  }
  for (let j = 0; j < nItems; j++) total += best[j];
  return total;
}
function priceOnCaps(p, cap, set, lowered) {
  const { nItems, cost } = p;
  lowered.set(cap);
  for (const s of set) {
    const off = s * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j] < lowered[j]) lowered[j] = cost[off + j];
  }
  let total = 0;
  for (let j = 0; j < nItems; j++) total += lowered[j] === Infinity ? UNCOVERED : lowered[j];
  return total;
}
function improveSet(p, status, start, limit) {
  const { nItems, nStores, cost, visit, penalty } = p;
  const set = [...start];
  const isIn = new Uint8Array(nStores);
  for (const s of set) isIn[s] = 1;
  const best1 = new Float64Array(nItems);
  const best2 = new Float64Array(nItems);
  const who1 = new Int32Array(nItems);
  const dropLoss = new Float64Array(nStores);
  for (let guard = 0; guard < 4 * nStores + 10; guard++) {
    for (let j = 0; j < nItems; j++) {
      best1[j] = penalty[j] < Infinity ? penalty[j] : UNCOVERED;
      best2[j] = best1[j];
      who1[j] = -1;
    }
    for (const s of set) {
      const off = s * nItems;
      for (let j = 0; j < nItems; j++) {
        const c = cost[off + j];
        if (c < best1[j]) {
          best2[j] = best1[j];
          best1[j] = c;
          who1[j] = s;
        } else if (c < best2[j]) best2[j] = c;
      }
    }
    dropLoss.fill(0);
    for (let j = 0; j < nItems; j++) if (who1[j] >= 0) dropLoss[who1[j]] += best2[j] - best1[j];
    const move = { delta: 0, add: -1, drop: -1 };
    for (const s of set) {
      if (status[s] === OPEN) continue;
      const delta = dropLoss[s] - visit[s];
      if (delta < move.delta) Object.assign(move, { delta, add: -1, drop: s });
    }
    findEntering(p, status, set, isIn, best1, best2, who1, dropLoss, limit, move);
    if (move.delta >= 0) break;
    if (move.drop >= 0) {
      isIn[move.drop] = 0;
      set.splice(set.indexOf(move.drop), 1);
    }
    if (move.add >= 0) {
      isIn[move.add] = 1;
      set.push(move.add);
    }
  }
  return set;
}
function findEntering(p, status, set, isIn, best1, best2, who1, dropLoss, limit, move) {
  const { nItems, nStores, cost, visit } = p;
  const extra = new Float64Array(nStores);
  for (let k = 0; k < nStores; k++) {
    if (isIn[k] || status[k] === CLOSED) continue;
    const off = k * nItems;
    let saving = 0;
    for (const s of set) extra[s] = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cost[off + j];
      const b1 = best1[j];
      if (c < b1) saving += b1 - c;
      if (who1[j] >= 0 && c < best2[j]) extra[who1[j]] += best2[j] - (c > b1 ? c : b1);
    }
    if (set.length < limit) {
      const delta = visit[k] - saving;
      if (delta < move.delta) Object.assign(move, { delta, add: k, drop: -1 });
    }
    for (const s of set) {
      if (status[s] === OPEN) continue;
      const delta = visit[k] - saving - visit[s] + dropLoss[s] - extra[s];
      if (delta < move.delta) Object.assign(move, { delta, add: k, drop: s });
    }
  }
}

// packages/optimizer/src/bound.ts
var DualBound = class {
  constructor(p) {
    this.p = p;
    this.v = new Float64Array(p.nItems);
    this.slack = new Float64Array(p.nStores);
    this.level = new Int32Array(p.nItems);
    this.order = new Int32Array(p.nItems);
    this.itemStart = new Int32Array(p.nItems);
    this.itemEnd = new Int32Array(p.nItems);
  }
  p;
  v;
  slack;
  level;
  order;
  /**
   * Per ascent, each item's free candidates priced under its cap, cheapest first. Deep in the tree
   * about half of the entries on an item's list are closed stores; copying the free ones once per
   * ascent is faster than skipping closed ones on every level pass, and the node's own copy is
   * filtered again for its later ascents.
   */
  itemStart;
  itemEnd;
  freeStore = new Int32Array(0);
  freeCost = new Float64Array(0);
  /** False while a copy is half built (an ascent that found an uncoverable item stops early). */
  isCopyComplete = false;
  levelPasses = 12;
  /** The last ascent's candidate copy; null when it stopped early on an uncoverable item. */
  freeCandidates() {
    if (!this.isCopyComplete) return null;
    return { start: this.itemStart, end: this.itemEnd, store: this.freeStore, cost: this.freeCost };
  }
  /**
   * What the items cost with every tight free store (slack - lambda <= 0) open on top of the caps,
   * read off the last ascent's candidate copy (the first tight store on an item's list is its
   * cheapest); null without a complete copy. UNCOVERED stands in for an uncovered must-buy item.
   */
  priceTightStores(cap, lambda) {
    if (!this.isCopyComplete) return null;
    const { slack, itemStart, itemEnd, freeStore, freeCost } = this;
    let total = 0;
    for (let j = 0; j < cap.length; j++) {
      let price = cap[j] === Infinity ? UNCOVERED : cap[j];
      const end = itemEnd[j];
      for (let t = itemStart[j]; t < end; t++) {
        if (slack[freeStore[t]] - lambda > 0) continue;
        price = freeCost[t];
        break;
      }
      total += price;
    }
    return total;
  }
  /**
   * Runs the ascent; returns sum_j v_j, or Infinity when some must-buy item has no open or free store.
   * `isSameCaps`: the caps are those of the previous ascent and stores have only been closed since,
   * so each item's copy is filtered in place instead of rebuilt from its full candidate list.
   */
  ascend(status, cap, lambda, isSameCaps = false) {
    const { nItems, nStores, candStart, candStore, candCost, visit } = this.p;
    const { v, slack, level, order, itemStart, itemEnd } = this;
    if (this.freeStore.length < candStart[nItems]) {
      this.freeStore = new Int32Array(candStart[nItems]);
      this.freeCost = new Float64Array(candStart[nItems]);
    }
    const { freeStore, freeCost } = this;
    for (let s = 0; s < nStores; s++) slack[s] = status[s] === FREE ? visit[s] + lambda : 0;
    let active = 0;
    let sum = 0;
    let w = 0;
    const isFiltering = isSameCaps && this.isCopyComplete;
    this.isCopyComplete = false;
    for (let j = 0; j < nItems; j++) {
      const c = cap[j];
      if (isFiltering) {
        const end = itemEnd[j];
        const from = itemStart[j];
        itemStart[j] = w;
        for (let t2 = from; t2 < end; t2++) {
          const s = freeStore[t2];
          if (status[s] !== FREE) continue;
          freeCost[w] = freeCost[t2];
          freeStore[w++] = s;
        }
      } else {
        const end = candStart[j + 1];
        itemStart[j] = w;
        for (let t2 = candStart[j]; t2 < end; t2++) {
          const price = candCost[t2];
          if (price >= c) break;
          const s = candStore[t2];
          if (status[s] !== FREE) continue;
          freeStore[w] = s;
          freeCost[w++] = price;
        }
      }
      itemEnd[j] = w;
      const first = itemStart[j];
      if (first === w) {
        if (c === Infinity) return Infinity;
        v[j] = c;
        continue;
      }
      const cheapest = freeCost[first];
      v[j] = cheapest;
      let t = first + 1;
      while (t < w && freeCost[t] <= cheapest) t++;
      level[j] = t;
      order[active++] = j;
    }
    this.isCopyComplete = true;
    for (let pass = 0; pass < this.levelPasses && active > 0; pass++) active = this.liftOneLevel(cap, active);
    for (let q = 0; q < active; q++) this.liftGreedily(cap, order[q]);
    for (let j = 0; j < nItems; j++) sum += v[j];
    return sum;
  }
  liftOneLevel(cap, active) {
    const { v, slack, level, order, itemStart, itemEnd, freeStore, freeCost } = this;
    let kept = 0;
    for (let q = 0; q < active; q++) {
      const j = order[q];
      const start = itemStart[j];
      const lvl = level[j];
      let minSlack = Infinity;
      for (let t2 = start; t2 < lvl; t2++) {
        const sl = slack[freeStore[t2]];
        if (sl < minSlack) minSlack = sl;
      }
      if (minSlack <= 0) continue;
      const end = itemEnd[j];
      const next = lvl < end ? freeCost[lvl] : Infinity;
      const c = cap[j];
      const target = next < c ? next : c;
      const vj = v[j];
      const delta = target - vj < minSlack ? target - vj : minSlack;
      for (let u = start; u < lvl; u++) slack[freeStore[u]] -= delta;
      const nv = vj + delta;
      v[j] = nv;
      if (nv >= c || delta === minSlack) continue;
      let t = lvl;
      while (t < end && freeCost[t] <= nv) t++;
      level[j] = t;
      order[kept++] = j;
    }
    return kept;
  }
  /** Lifts v_j as far as slacks allow in one go, tracking the prefix's minimum slack incrementally. */
  liftGreedily(cap, j) {
    const { v, slack, itemStart, itemEnd, freeStore, freeCost } = this;
    const start = itemStart[j];
    const end = itemEnd[j];
    const c = cap[j];
    const v0 = v[j];
    let t = this.level[j];
    let minSlack = Infinity;
    for (let u = start; u < t; u++) {
      const sl = slack[freeStore[u]];
      if (sl < minSlack) minSlack = sl;
    }
    let vj = v0;
    while (minSlack > 0 && vj < c) {
      const next = t < end ? freeCost[t] : Infinity;
      const target = next < c ? next : c;
      const delta = target - vj < minSlack ? target - vj : minSlack;
      vj += delta;
      minSlack -= delta;
      while (t < end && freeCost[t] <= vj) {
        const sl = slack[freeStore[t]];
        if (sl < minSlack) minSlack = sl;
        t++;
      }
    }
    for (let u = start; u < t; u++) {
      const from = freeCost[u] > v0 ? freeCost[u] : v0;
      if (vj > from) slack[freeStore[u]] -= vj - from;
    }
    v[j] = vj;
  }
};
function sumMostNegative(status, slack, lambda, r, scratch) {
  scratch.length = 0;
  for (let s = 0; s < slack.length; s++) {
    if (status[s] !== FREE) continue;
    const rho = slack[s] - lambda;
    if (rho < 0) scratch.push(rho);
  }
  if (scratch.length > r) scratch.sort((a, b) => a - b);
  let total = 0;
  const n = Math.min(r, scratch.length);
  for (let q = 0; q < n; q++) total += scratch[q];
  return total;
}

// packages/optimizer/src/branch-rating.ts
var BranchScratch = class {
  /** What each store would save if opened now on the node's caps (visit cost not included). */
  saving;
  /** Estimated rise of the bound in the open / closed child of each tight store. */
  openRise;
  closedRise;
  /** One item's tight stores priced under its dual, cheapest first. */
  prefixStore;
  prefixPrice;
  constructor(nStores) {
    this.saving = new Float64Array(nStores);
    this.openRise = new Float64Array(nStores);
    this.closedRise = new Float64Array(nStores);
    this.prefixStore = new Int32Array(nStores);
    this.prefixPrice = new Float64Array(nStores);
  }
};
function estimateChildRises(copy, slack, cap, lambda, v, scratch) {
  const { start, end, store, cost } = copy;
  const { openRise, closedRise, prefixStore, prefixPrice } = scratch;
  openRise.fill(0);
  closedRise.fill(0);
  for (let j = 0; j < v.length; j++) {
    const vj = v[j];
    const last = end[j];
    let under = 0;
    let blockers = 0;
    let blocker = -1;
    let next = cap[j] === Infinity ? UNCOVERED : cap[j];
    let room = Infinity;
    for (let t = start[j]; t < last; t++) {
      const price = cost[t];
      if (price > vj && blockers !== 1) break;
      const s = store[t];
      const rest = slack[s] - lambda;
      if (rest <= 0) {
        if (price > vj) {
          next = price;
          break;
        }
        blockers++;
        blocker = s;
        if (price < vj) {
          prefixStore[under] = s;
          prefixPrice[under++] = price;
        }
      } else {
        const limit = price > vj ? rest + price - vj : rest;
        if (limit < room) room = limit;
      }
    }
    if (blockers === 1) closedRise[blocker] += next - vj < room ? next - vj : room;
    let dearer = 0;
    for (let k = under - 1; k >= 0; k--) {
      const gap = vj - prefixPrice[k];
      openRise[prefixStore[k]] += k * gap + dearer;
      dearer += gap;
    }
  }
}

// packages/optimizer/src/branching.ts
function fixByReducedCost(p, status, slack, bound, r, incumbent, closedHere) {
  const negatives = [];
  for (let s = 0; s < p.nStores; s++) if (status[s] === FREE && slack[s] - bound.lambda < 0) negatives.push(s);
  negatives.sort((a, b) => slack[a] - slack[b]);
  const selected = Math.min(r, negatives.length);
  const worstSelected = selected === r && selected > 0 ? slack[negatives[selected - 1]] - bound.lambda : 0;
  const nextOut = negatives.length > selected ? slack[negatives[selected]] - bound.lambda : 0;
  const isSelected = new Uint8Array(p.nStores);
  for (let q = 0; q < selected; q++) isSelected[negatives[q]] = 1;
  let hasClosed = false;
  let forcedOpen = -1;
  for (let s = 0; s < p.nStores; s++) {
    if (status[s] !== FREE) continue;
    const rho = slack[s] - bound.lambda;
    if (isSelected[s]) {
      if (forcedOpen < 0 && bound.value - rho + nextOut >= incumbent) forcedOpen = s;
    } else if (bound.value + rho - worstSelected >= incumbent) {
      status[s] = CLOSED;
      closedHere.push(s);
      hasClosed = true;
    }
  }
  return { hasClosed, forcedOpen };
}
function pickBranchStore(p, status, slack, cap, lambda, scratch, duals = null) {
  const copy = duals?.freeCandidates();
  if (duals && copy) {
    const best2 = pickByRises(p, status, slack, cap, lambda, duals.v, copy, scratch);
    if (best2 >= 0) return best2;
  }
  const saving = scratch.saving;
  fillSavings(p, cap, saving);
  let best = -1;
  let bestScore = -Infinity;
  let isTightOnly = false;
  for (let s = 0; s < p.nStores; s++) {
    if (status[s] !== FREE) continue;
    const isTight = slack[s] - lambda <= 0;
    if (isTightOnly && !isTight) continue;
    const score = saving[s] - p.visit[s];
    if (isTight && !isTightOnly || score > bestScore) {
      isTightOnly ||= isTight;
      [best, bestScore] = [s, score];
    }
  }
  return best;
}
function pickByRises(p, status, slack, cap, lambda, v, copy, scratch) {
  estimateChildRises(copy, slack, cap, lambda, v, scratch);
  let best = -1;
  let bestScore = -Infinity;
  for (let s = 0; s < p.nStores; s++) {
    if (status[s] !== FREE || slack[s] - lambda > 0) continue;
    const score = (scratch.openRise[s] + 1) * (scratch.closedRise[s] + 1);
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best;
}
function fillSavings(p, cap, saving) {
  const { candStart, candStore, candCost, nItems } = p;
  saving.fill(0);
  for (let j = 0; j < nItems; j++) {
    const c = cap[j] === Infinity ? UNCOVERED : cap[j];
    const end = candStart[j + 1];
    for (let t = candStart[j]; t < end; t++) {
      const price = candCost[t];
      if (price >= c) break;
      saving[candStore[t]] += c - price;
    }
  }
}

// packages/optimizer/src/must-buy-cover.ts
var MustBuyCover = class {
  words;
  n;
  /** sells[q * words + w]: which root-uncovered items the store at enumeration position q sells. */
  sells;
  /** soldFrom[q * words + w]: what the stores at positions q and later sell between them. */
  soldFrom;
  sets = [];
  counts = [];
  constructor(p, stores, rootUncovered) {
    const n = stores.length;
    const words = rootUncovered.length + 31 >>> 5;
    this.words = words;
    this.n = n;
    this.sells = new Int32Array(n * words);
    this.soldFrom = new Int32Array((n + 1) * words);
    stores.forEach((s, q) => {
      rootUncovered.forEach((j, bit) => {
        if (p.cost[s * p.nItems + j] < Infinity) this.sells[q * words + (bit >>> 5)] |= 1 << (bit & 31);
      });
    });
    for (let q = n - 1; q >= 0; q--) {
      for (let w = 0; w < words; w++) this.soldFrom[q * words + w] = this.soldFrom[(q + 1) * words + w] | this.sells[q * words + w];
    }
    const root = new Int32Array(words);
    rootUncovered.forEach((_, bit) => root[bit >>> 5] |= 1 << (bit & 31));
    this.sets.push(root);
    this.counts.push(rootUncovered.length);
  }
  /** How many must-buy items the branch at `depth` still misses. */
  count(depth) {
    return this.counts[depth];
  }
  /** How many would still be missing after adding the store at position k (nothing is written). */
  countAfter(depth, k) {
    const { words, sells } = this;
    const set = this.sets[depth];
    let count = 0;
    for (let w = 0; w < words; w++) count += countBits(set[w] & ~sells[k * words + w]);
    return count;
  }
  /** Writes depth + 1's set as depth's minus what position k sells; returns its size. */
  coverWith(depth, k) {
    const { words, sells } = this;
    while (this.sets.length <= depth + 1) this.sets.push(new Int32Array(words));
    const from = this.sets[depth];
    const to = this.sets[depth + 1];
    let count = 0;
    for (let w = 0; w < words; w++) {
      const left = from[w] & ~sells[k * words + w];
      to[w] = left;
      count += countBits(left);
    }
    this.counts[depth + 1] = count;
    return count;
  }
  /**
   * Necessary condition for covering what depth's set misses with at most `slots` stores after
   * position k. The cost bounds cannot cut such branches: an uncovered item is priced just above its
   * dearest offer, so a set that misses must-buy items looks almost as cheap as one that covers them.
   */
  canStillCover(depth, k, slots) {
    if (slots === 0) return false;
    const { words, sells, soldFrom, n } = this;
    const set = this.sets[depth];
    const missing = this.counts[depth];
    for (let w = 0; w < words; w++) if ((set[w] & ~soldFrom[(k + 1) * words + w]) !== 0) return false;
    if (slots > 1 && missing <= slots) return true;
    let most = 0;
    for (let q = k + 1; q < n; q++) {
      let count = 0;
      for (let w = 0; w < words; w++) count += countBits(set[w] & sells[q * words + w]);
      if (count > most) most = count;
      if (most * slots >= missing && (slots > 1 || most === missing)) return true;
    }
    return false;
  }
};
function countBits(value) {
  let v = value - (value >>> 1 & 1431655765);
  v = (v & 858993459) + (v >>> 2 & 858993459);
  return Math.imul(v + (v >>> 4) & 252645135, 16843009) >>> 24;
}

// packages/optimizer/src/pair-blocks.ts
var PAIR_CAP_SLOT = 3;
var PAIR_BLOCK_CAP_SLOTS = 4;
var TARGET_CHUNKS = 3;
var MAX_REGION_BYTES = 12 << 20;
var NOT_READY = -2147483648;
var MAX_SCREEN_VISIT = 1 << 30;
var totalsPool = new Int32Array(0);
function planPairBlocks(stride, nPositions) {
  const chunkLen = Math.max(4, Math.ceil(stride / TARGET_CHUNKS / 4) * 4);
  const rowLen = 4 * Math.ceil(stride / chunkLen);
  const rows = nPositions * (nPositions - 1) * (nPositions - 2) / 6;
  const bytes = (rows * rowLen + 2 * nPositions) * 4;
  return bytes <= MAX_REGION_BYTES ? { chunkLen, rowLen, bytes } : null;
}
var PairBlocks = class {
  constructor(table, stores, layout, visit) {
    this.table = table;
    this.stores = stores;
    const n = stores.length;
    this.chunkLen = layout.chunkLen;
    this.rowLen = layout.rowLen;
    this.firstRowOf = new Int32Array(n * n).fill(NOT_READY);
    const rows = n * (n - 1) * (n - 2) / 6;
    if (totalsPool.length < rows) totalsPool = new Int32Array(rows);
    this.totals = totalsPool;
    this.visitAt = this.byteOffset(rows);
    this.outAt = this.visitAt + 4 * n;
    this.canScreen = visit.every((f) => Number.isInteger(f) && f >= 0 && f <= MAX_SCREEN_VISIT);
    if (this.canScreen) table.heap.set(visit, this.visitAt >> 2);
  }
  table;
  stores;
  chunkLen;
  rowLen;
  /** Pair x * n + y -> row number r0 such that position k's row is r0 + k, or NOT_READY. */
  firstRowOf;
  totals;
  usedRows = 0;
  /** Byte offsets of the visit costs (int32 per position) and of the screen's survivors. */
  visitAt;
  outAt;
  /** The whole-node screen needs visit costs that fit its int32 sums. */
  canScreen;
  /** Whether all three pairs of the node a < b < c have their rows. */
  hasRows(a, b, c) {
    const n = this.stores.length;
    const rows = this.firstRowOf;
    return rows[a * n + b] !== NOT_READY && rows[a * n + c] !== NOT_READY && rows[b * n + c] !== NOT_READY;
  }
  /**
   * The block bound of every candidate after c on the node a < b < c in one kernel call (their rows
   * must exist): returns how many candidates' bound minus visit cost exceeds `threshold`; they are
   * read with survivor(i), in ascending position.
   */
  screen(a, b, c, threshold) {
    const n = this.stores.length;
    const k = c + 1;
    const whole = Math.floor(threshold);
    const clamped = whole < -MAX_SCREEN_VISIT - 1 ? -MAX_SCREEN_VISIT - 1 : whole > 2147483647 ? 2147483647 : whole;
    return this.table.screenLast(
      this.byteOffset(this.firstRowOf[a * n + b] + k),
      this.byteOffset(this.firstRowOf[a * n + c] + k),
      this.byteOffset(this.firstRowOf[b * n + c] + k),
      this.rowLen * 4,
      this.visitAt + 4 * k,
      n - k,
      clamped,
      this.outAt
    );
  }
  /** The position of the i-th candidate screen() let through, for the node whose newest position is c. */
  survivor(i, c) {
    return this.table.heap[(this.outAt >> 2) + i] + c + 1;
  }
  /** Pair (x, y)'s rows (x < y; only rows k > y exist), computed the first time it is asked for. */
  rowsOf(x, y) {
    const n = this.stores.length;
    const known = this.firstRowOf[x * n + y];
    if (known !== NOT_READY) return known;
    const { table, stores, chunkLen, totals } = this;
    const first = this.usedRows - (y + 1);
    this.usedRows += n - y - 1;
    table.lower(0, stores[x], PAIR_CAP_SLOT);
    table.lower(PAIR_CAP_SLOT, stores[y], PAIR_CAP_SLOT);
    for (let k = y + 1; k < n; k++) {
      totals[first + k] = table.blockSavings(PAIR_CAP_SLOT, stores[k], chunkLen, this.byteOffset(first + k));
    }
    this.firstRowOf[x * n + y] = first;
    return first;
  }
  /** What k saves on the caps of the pair whose rows are `rows` (visit cost not included). */
  totalOf(rows, k) {
    return this.totals[rows + k];
  }
  /** Block by block the least of three pairs' savings for k, summed (visit cost not included). */
  boundOf(rowsA, rowsB, rowsC, k) {
    return this.table.minSum3(this.byteOffset(rowsA + k), this.byteOffset(rowsB + k), this.byteOffset(rowsC + k), this.rowLen);
  }
  byteOffset(row) {
    return this.table.extraOffset + row * this.rowLen * 4;
  }
};

// packages/optimizer/src/kernels-wasm.ts
var KERNELS_WASM_BASE64 = "AGFzbQEAAAABLQVgA39/fwF/YAR/f39/AGAFf39/f38Bf2AEf39/fwF/YAl/f39/f39/f38BfwMGBQABAgMEBQMBAAEHQwYGbWVtb3J5AgAGc2F2aW5nAAAHbWluSW50bwABDGJsb2NrU2F2aW5ncwACB21pblN1bTMAAwpzY3JlZW5MYXN0AAQKvQUFbwIBewF/IAAgAkECdGohBAJAA0AgACAETw0BIAMgAP0ABAAgAf0ABAD9sQH9DAAAAAAAAAAAAAAAAAAAAAD9uAH9rgEhAyAAQRBqIQAgAUEQaiEBDAALCyAD/RsAIAP9GwFqIAP9GwIgA/0bA2pqC0cBAX8gACADQQJ0aiEEAkADQCAAIARPDQEgAiAA/QAEACAB/QAEAP22Af0LBAAgAEEQaiEAIAFBEGohASACQRBqIQIMAAsLC8ABAgJ7An8gACACQQJ0aiEHAkADQCAAIAdPDQEgACADQQJ0aiEIIAggB0sEQCAHIQgL/QwAAAAAAAAAAAAAAAAAAAAAIQUCQANAIAAgCE8NASAFIAD9AAQAIAH9AAQA/bEB/QwAAAAAAAAAAAAAAAAAAAAA/bgB/a4BIQUgAEEQaiEAIAFBEGohAQwACwsgBCAF/QsEACAEQRBqIQQgBiAF/a4BIQYMAAsLIAb9GwAgBv0bAWogBv0bAiAG/RsDamoLagIBewF/IAAgA0ECdGohBQJAA0AgACAFTw0BIAQgAP0ABAAgAf0ABAD9tgEgAv0ABAD9tgH9rgEhBCAAQRBqIQAgAUEQaiEBIAJBEGohAgwACwsgBP0bACAE/RsBaiAE/RsCIAT9GwNqagvVAQMCfwF7An8CQANAIAkgBk8NAf0MAAAAAAAAAAAAAAAAAAAAACELQQAhCgJAA0AgCiAETw0BIAsgACAKQQR0av0ABAAgASAKQQR0av0ABAD9tgEgAiAKQQR0av0ABAD9tgH9rgEhCyAKQQFqIQoMAAsLIAv9GwAgC/0bAWogC/0bAiAL/RsDamogBSAJQQJ0aigCAGshDSANIAdKBEAgCCAMQQJ0aiAJNgIAIAxBAWohDAsgACADaiEAIAEgA2ohASACIANqIQIgCUEBaiEJDAALCyAMCw==";

// packages/optimizer/src/simd-kernels.ts
var INITIAL_PAGES = 64;
var NOT_SOLD = 2 ** 30;
var kernels;
var isEnabled = true;
function loadKernels() {
  if (kernels !== void 0) return kernels;
  kernels = null;
  try {
    const binary = atob(KERNELS_WASM_BASE64);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    if (typeof WebAssembly === "object" && WebAssembly.validate(bytes)) {
      kernels = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports;
      kernels.memory.grow(INITIAL_PAGES - kernels.memory.buffer.byteLength / 65536);
    }
  } catch {
  }
  return kernels;
}
var IntPriceTable = class _IntPriceTable {
  constructor(k, stride, nStores, extraOffset, heap) {
    this.k = k;
    this.stride = stride;
    this.nStores = nStores;
    this.extraOffset = extraOffset;
    this.heap = heap;
  }
  k;
  stride;
  nStores;
  extraOffset;
  heap;
  /**
   * Null when SIMD is unavailable, or some value is not an integer or could overflow an int32 sum.
   * `extraBytes` reserves a region after the cap slots for the caller (at extraOffset; not zeroed).
   */
  static create(p, base, capSlots, extraBytes = 0) {
    const k = isEnabled ? loadKernels() : null;
    if (k === null) return null;
    const { nStores, nItems, cost } = p;
    const limit = Math.min(NOT_SOLD - 1, Math.floor((2 ** 31 - 1) / Math.max(1, nItems)));
    for (let j = 0; j < nItems; j++) if (!isSmallInteger(base[j], limit)) return null;
    for (let q = 0; q < cost.length; q++) {
      const c = cost[q];
      if (c !== Infinity && !isSmallInteger(c, limit)) return null;
    }
    const stride = nItems + 3 & ~3;
    const bytes = (nStores + capSlots) * stride * 4 + extraBytes;
    const { memory } = k;
    if (memory.buffer.byteLength < bytes) memory.grow(Math.ceil((bytes - memory.buffer.byteLength) / 65536));
    const heap = new Int32Array(memory.buffer, 0, (nStores + capSlots) * stride);
    for (let s = 0; s < nStores; s++) {
      const row = s * stride;
      for (let j = 0; j < nItems; j++) {
        const c = cost[s * nItems + j];
        heap[row + j] = c === Infinity ? NOT_SOLD : c;
      }
      heap.fill(NOT_SOLD, row + nItems, row + stride);
    }
    const table = new _IntPriceTable(k, stride, nStores, (nStores + capSlots) * stride * 4, new Int32Array(memory.buffer));
    const capRow = table.capOffset(0) / 4;
    for (let j = 0; j < nItems; j++) heap[capRow + j] = base[j];
    heap.fill(0, capRow + nItems, capRow + stride);
    return table;
  }
  capOffset(slot) {
    return (this.nStores + slot) * this.stride * 4;
  }
  /** What store s saves on the caps in `slot` (visit cost not included). */
  saving(slot, s) {
    return this.k.saving(this.capOffset(slot), s * this.stride * 4, this.stride);
  }
  /**
   * What store s saves on the caps in `slot`, per block: the row is cut into chunks of `chunkLen`
   * items (a multiple of 4) and each chunk's four SIMD lanes are four blocks, written as int32 values
   * from byte offset `out` on (4 * ceil(stride / chunkLen) of them). Returns their sum (visit cost not
   * included).
   */
  blockSavings(slot, s, chunkLen, out) {
    return this.k.blockSavings(this.capOffset(slot), s * this.stride * 4, this.stride, chunkLen, out);
  }
  /** Sum over `len` int32 values (a multiple of 4) of the least of the three rows at byte offsets a, b, c. */
  minSum3(a, b, c, len) {
    return this.k.minSum3(a, b, c, len);
  }
  /**
   * For candidates i < count with rows at byte offsets ab, ac, bc (+ i * rowBytes): writes from byte
   * offset `out` on each i whose sum of the least of the three rows over rowBytes / 4 values, minus
   * the int32 at visit + 4 i, exceeds `threshold`; returns how many.
   */
  screenLast(ab, ac, bc, rowBytes, visit, count, threshold, out) {
    return this.k.screenLast(ab, ac, bc, rowBytes, rowBytes >> 4, visit, count, threshold, out);
  }
  /** Caps in `to` = caps in `from` lowered by store s's prices (`to` may be `from`). */
  lower(from, s, to) {
    this.k.minInto(this.capOffset(from), s * this.stride * 4, this.capOffset(to), this.stride);
  }
};
function isSmallInteger(value, limit) {
  return Number.isInteger(value) && value >= 0 && value <= limit;
}

// packages/optimizer/src/small-limit-bounds.ts
function positionBound(bound, stores, maxR) {
  const n = stores.length;
  const rho = Float64Array.from(stores, (s) => bound.rho[s]);
  const suffixNeg = [new Float64Array(n + 1)];
  for (let r = 1; r <= maxR; r++) {
    const out = new Float64Array(n + 1);
    const top = [];
    let sum = 0;
    for (let k = n - 1; k >= 0; k--) {
      const v = rho[k];
      if (v < 0) {
        if (top.length < r) {
          top.push(v);
          sum += v;
        } else {
          let maxAt = 0;
          for (let q = 1; q < top.length; q++) if (top[q] > top[maxAt]) maxAt = q;
          if (v < top[maxAt]) {
            sum += v - top[maxAt];
            top[maxAt] = v;
          }
        }
      }
      out[k] = sum;
    }
    suffixNeg.push(out);
  }
  return { constant: bound.constant, rho, suffixNeg, pathSum: new Float64Array(maxR + 2) };
}
function lowerInto(p, cap, s) {
  const { nItems, cost } = p;
  const off = s * nItems;
  for (let j = 0; j < nItems; j++) {
    const c = cost[off + j];
    if (c < cap[j]) cap[j] = c;
  }
}
function savingOf(p, cap, s) {
  const { nItems, cost } = p;
  const off = s * nItems;
  let saving = -p.visit[s];
  for (let j = 0; j < nItems; j++) {
    const d = cap[j] - cost[off + j];
    saving += d > 0 ? d : 0;
  }
  return saving;
}
function suffixTopSums(values, from, to, r, out) {
  out.fill(0, from, to + 1);
  if (r <= 0) return;
  const top = [];
  let sum = 0;
  for (let k = to - 1; k >= from; k--) {
    out[k] = sum;
    const v = values[k];
    if (v <= 0) continue;
    if (top.length < r) {
      top.push(v);
      sum += v;
      continue;
    }
    let minAt = 0;
    for (let q = 1; q < top.length; q++) if (top[q] < top[minAt]) minAt = q;
    if (v > top[minAt]) {
      sum += v - top[minAt];
      top[minAt] = v;
    }
  }
}
function planRootBound(slots) {
  if (slots <= 3) return null;
  if (slots === 4) return { evaluations: 1, isWidened: false, isOrderedByRho: false, isPolished: false };
  return { evaluations: 6, isWidened: true, isOrderedByRho: true, isPolished: true };
}

// packages/optimizer/src/node-pricer.ts
var NodePricer = class {
  constructor(p, stores, visit, base, limit) {
    this.p = p;
    this.stores = stores;
    this.visit = visit;
    this.base = base;
    const n = stores.length;
    this.pairTotal = borrowScratch("pair-totals", limit >= 2 ? n * n : 0);
    const layout = limit === 4 ? planPairBlocks(p.nItems + 3 & ~3, n) : null;
    this.table = limit >= 2 ? IntPriceTable.create(p, base, layout ? PAIR_BLOCK_CAP_SLOTS : 3, layout?.bytes ?? 0) : null;
    this.blocks = this.table && layout ? new PairBlocks(this.table, stores, layout, visit) : null;
    this.rowReady = new Uint8Array(n);
    this.withA = new Float64Array(p.nItems);
    this.nodeCap = new Float64Array(p.nItems);
    this.savings = new Float64Array(p.nStores);
    this.beatIdx = new Int32Array(p.nItems);
    this.beatCap = new Float64Array(p.nItems);
    this.beatNew = new Float64Array(p.nItems);
  }
  p;
  stores;
  visit;
  base;
  /** pairTotal[a * n + k] (k after a): what k saves once a is open, visit cost included. */
  pairTotal;
  /** Int32 prices for the kernels (cap slots: 0 base, 1 pair rows, 2 node), or null: scalar loops. */
  table;
  /** The last slot's block screen (store limit 4 with the SIMD kernels), or null. */
  blocks;
  /** The last slot lowers the node's caps only once a candidate survives the screens. */
  pendingPath = null;
  pendingFrom = 0;
  rowReady;
  withA;
  nodeCap;
  savings;
  /** Scalar last slot: the items the newest store undercuts, with the parent's cap and its price. */
  beatIdx;
  beatCap;
  beatNew;
  beatCount = 0;
  /**
   * Positions only grow along a branch, so only pairs (a, k) with k after a are ever needed; each
   * row is filled the first time a branch through a needs it.
   */
  ensureRow(a) {
    if (this.rowReady[a]) return;
    this.rowReady[a] = 1;
    const { p, stores, pairTotal, visit, table, withA } = this;
    const n = stores.length;
    if (table) {
      table.lower(0, stores[a], 1);
      for (let k = a + 1; k < n; k++) pairTotal[a * n + k] = table.saving(1, stores[k]) - visit[k];
      return;
    }
    const { nItems, cost } = p;
    withA.set(this.base);
    lowerInto(p, withA, stores[a]);
    for (let k = a + 1; k < n; k++) {
      const offK = stores[k] * nItems;
      let sum = -visit[k];
      for (let j = 0; j < nItems; j++) {
        const d = withA[j] - cost[offK + j];
        sum += d > 0 ? d : 0;
      }
      pairTotal[a * n + k] = sum;
    }
  }
  /** bound[k] for every position k after `last`: its exact saving on the base lowered by `path`. */
  priceAll(path, from, last, bound) {
    const n = this.stores.length;
    const { table, stores, visit } = this;
    if (table) {
      this.pendingPath = null;
      this.lowerTable(path, from, path.length);
      for (let k = last + 1; k < n; k++) bound[k] = table.saving(2, stores[k]) - visit[k];
      return;
    }
    this.lowerScalar(path, from, path.length);
    this.fillSavings(this.nodeCap);
    for (let k = last + 1; k < n; k++) bound[k] = this.savings[stores[k]] - visit[k];
  }
  /** Prepares `priceLast` for the node whose stores are `path` (its newest store last). */
  beginLastSlot(path, from) {
    if (this.table) {
      this.pendingPath = path;
      this.pendingFrom = from;
      return;
    }
    this.lowerScalar(path, from, path.length - 1);
    const { nItems, cost } = this.p;
    const capP = this.nodeCap;
    const newOff = path[path.length - 1] * nItems;
    let beat = 0;
    for (let j = 0; j < nItems; j++) {
      const c = cost[newOff + j];
      if (c < capP[j]) {
        this.beatIdx[beat] = j;
        this.beatCap[beat] = capP[j];
        this.beatNew[beat++] = c;
      }
    }
    this.beatCount = beat;
  }
  /**
   * Exact saving of position k on the node's caps, or some value <= threshold once it cannot exceed
   * the threshold. `single` is k's exact saving on the parent's caps: the scalar path subtracts what
   * the newest store already takes, reading only the items it undercut (about a third of a row).
   */
  priceLast(k, single, threshold) {
    const s = this.stores[k];
    if (this.table) {
      const path = this.pendingPath;
      if (path) {
        this.lowerTable(path, this.pendingFrom, path.length);
        this.pendingPath = null;
      }
      return this.table.saving(2, s) - this.visit[k];
    }
    const { beatIdx, beatCap, beatNew, beatCount } = this;
    const cost = this.p.cost;
    const off = s * this.p.nItems;
    let saving = single;
    for (let q = 0; q < beatCount && saving > threshold; ) {
      const stop = q + 32 < beatCount ? q + 32 : beatCount;
      for (; q < stop; q++) {
        const c = cost[off + beatIdx[q]];
        const hi = c > beatNew[q] ? c : beatNew[q];
        const d = beatCap[q] - hi;
        saving -= d > 0 ? d : 0;
      }
    }
    return saving;
  }
  lowerTable(path, from, to) {
    const table = this.table;
    table.lower(0, path[from], 2);
    for (let i = from + 1; i < to; i++) table.lower(2, path[i], 2);
  }
  lowerScalar(path, from, to) {
    this.nodeCap.set(this.base);
    for (let i = from; i < to; i++) lowerInto(this.p, this.nodeCap, path[i]);
  }
  /**
   * Savings of every store on `cap` from the per-item price-sorted candidate lists: only stores
   * cheaper than an item's cap are touched, a small prefix once two or more good stores are open.
   */
  fillSavings(cap) {
    const { candStart, candStore, candCost, nItems } = this.p;
    const savings = this.savings;
    savings.fill(0);
    for (let j = 0; j < nItems; j++) {
      const c = cap[j];
      const end = candStart[j + 1];
      for (let t = candStart[j]; t < end; t++) {
        const price = candCost[t];
        if (price >= c) break;
        savings[candStore[t]] += c - price;
      }
    }
  }
};

// packages/optimizer/src/small-limit.ts
var SmallLimitSearch = class {
  /** Branch bounds along the current path, each with the depth of the node that computed it. */
  constructor(p, status, incumbentCost, incumbentSet, limit, modular = [], isOrderedByRho = modular.length > 0) {
    this.p = p;
    this.limit = limit;
    this.bestCost = incumbentCost;
    this.bestSet = incumbentSet;
    const base = new Float64Array(p.nItems);
    for (let j = 0; j < p.nItems; j++) {
      base[j] = p.penalty[j] < Infinity ? p.penalty[j] : p.dearest[j] + 1;
    }
    let baseCost = 0;
    const rootUncovered = [];
    const free = [];
    for (let s = 0; s < p.nStores; s++) {
      if (status[s] === FREE) free.push(s);
      if (status[s] !== OPEN) continue;
      this.chosen.push(s);
      baseCost += p.visit[s];
      lowerInto(p, base, s);
    }
    for (let j = 0; j < p.nItems; j++) {
      baseCost += base[j];
      if (p.penalty[j] === Infinity && base[j] > p.dearest[j]) rootUncovered.push(j);
    }
    this.baseCost = baseCost;
    this.forcedCount = this.chosen.length;
    const saving = Float64Array.from(free, (s) => savingOf(p, base, s));
    const rho = isOrderedByRho ? modular[0]?.rho : void 0;
    const order = rho ? [...free.keys()].sort((x, y) => rho[free[x]] - rho[free[y]] || saving[y] - saving[x]) : [...free.keys()].sort((x, y) => saving[y] - saving[x]);
    this.stores = Int32Array.from(order, (q) => free[q]);
    this.cover = new MustBuyCover(p, this.stores, rootUncovered);
    this.single = Float64Array.from(order, (q) => saving[q]);
    this.visit = Float64Array.from(this.stores, (s) => p.visit[s]);
    for (const bound of modular) this.modular.push(positionBound(bound, this.stores, limit));
    this.pricer = new NodePricer(p, this.stores, this.visit, base, limit);
    this.topScratch = new Float64Array(Math.max(1, limit));
  }
  p;
  limit;
  bestCost;
  bestSet;
  nodes = 0;
  /**
   * Enumeration position -> dense store index. A typed array on purpose: a plain array's elements
   * kind depends on which tier built it, and the hot code was deoptimised on the first real solve
   * after the warm-up when it changed (measured: a 621-node solve took 208 ms, not 9).
   */
  stores;
  /** Per depth: candidate bounds, the best r-1 of them after each position, and the best one after it. */
  bounds = [];
  single;
  visit;
  chosen = [];
  positions = [];
  baseCost;
  /** Per depth: must-buy items none of the chosen stores sells. */
  cover;
  modular = [];
  pricer;
  /** Stores open before the search (forced): the first entries of `chosen`, already in the base caps. */
  forcedCount;
  topScratch;
  run() {
    const limit = this.limit;
    if (this.baseCost < this.bestCost && this.cover.count(0) === 0) this.record(this.baseCost);
    if (limit <= 0 || this.stores.length === 0) return;
    this.explore(0, this.baseCost, limit, -1);
  }
  record(cost) {
    this.bestCost = cost;
    this.bestSet = this.chosen.slice().sort((a, b) => a - b);
  }
  /** `last` is the position of the most recently added store; children only add later positions. */
  explore(depth, cost, r, last) {
    this.nodes++;
    const { stores } = this;
    const n = stores.length;
    for (const m of this.modular) {
      if (m.constant + m.pathSum[depth] + m.suffixNeg[r][last + 1] >= this.bestCost) return;
    }
    while (this.bounds.length <= depth)
      this.bounds.push({ bound: new Float64Array(n), best: new Float64Array(n + 1), max: new Float64Array(n + 1) });
    const { bound, best: suffixBest, max: suffixMax } = this.bounds[depth];
    if (r === 1 && depth >= 2) {
      this.exploreLastSlot(depth, cost, last, this.bounds[depth - 1].bound);
      return;
    }
    this.boundExactly(depth, last, bound);
    suffixTopSums(bound, last + 1, n, r - 1, suffixBest);
    suffixMax[n] = -Infinity;
    for (let k = n - 1; k > last; k--) suffixMax[k] = k + 1 < n && bound[k + 1] > suffixMax[k + 1] ? bound[k + 1] : suffixMax[k + 1];
    const isLastSlotChild = r === 2 && depth >= 1;
    for (let k = last + 1; k < n; k++) {
      const ub = bound[k];
      if (ub <= 0 && this.cover.count(depth) === 0) continue;
      if (cost - ub - suffixBest[k] >= this.bestCost || this.isCutByModular(depth, k, r)) continue;
      const saving = ub;
      const missing = this.cover.coverWith(depth, k);
      if (saving <= 0 && missing === this.cover.count(depth)) continue;
      const childCost = cost - saving;
      if (missing > 0) {
        if (!this.cover.canStillCover(depth + 1, k, r - 1)) continue;
        const completion = suffixBest[k] > 0 ? suffixBest[k] : suffixMax[k];
        if (childCost - completion >= this.bestCost) continue;
      }
      this.chosen.push(stores[k]);
      if (childCost < this.bestCost && missing === 0) this.record(childCost);
      if (r > 1 && k + 1 < n && (missing > 0 || childCost - suffixBest[k] < this.bestCost && (isLastSlotChild || childCost - this.pairedCompletion(bound, k, r - 1) < this.bestCost))) {
        for (const m of this.modular) m.pathSum[depth + 1] = m.pathSum[depth] + m.rho[k];
        this.positions[depth] = k;
        this.explore(depth + 1, childCost, r - 1, k);
      }
      this.chosen.pop();
    }
  }
  /**
   * The last slot of a branch: candidates are screened by their exact saving on the parent's caps
   * and by what they save next to the newest store alone, at K = 4 also block by block on the pairs
   * of the branch's stores (PairBlocks: on k4-iid it rejects about 95 % of the candidates pricing
   * used to reject), and only survivors are priced exactly.
   */
  exploreLastSlot(depth, cost, last, parentBound) {
    const { stores, pricer } = this;
    const n = stores.length;
    const isCovered = this.cover.count(depth) === 0;
    const blocks = depth >= 3 ? pricer.blocks : null;
    const a = blocks ? this.positions[depth - 3] : -1;
    const b = blocks ? this.positions[depth - 2] : -1;
    pricer.beginLastSlot(this.chosen, this.forcedCount);
    if (blocks && blocks.canScreen && blocks.hasRows(a, b, last)) {
      this.exploreScreened(depth, cost, last, parentBound, blocks.screen(a, b, last, cost - this.bestCost));
      return;
    }
    pricer.ensureRow(last);
    const pairRow = last * n;
    let hasRows = false;
    let rowsAB = 0;
    let rowsAC = 0;
    let rowsBC = 0;
    for (let k = last + 1; k < n; k++) {
      const single = parentBound[k];
      const pair = pricer.pairTotal[pairRow + k];
      const ub = pair < single ? pair : single;
      if (ub <= 0 && isCovered) continue;
      const threshold = cost - this.bestCost;
      if (ub <= threshold || this.isCutByModular(depth, k, 1)) continue;
      const s = stores[k];
      if (!isCovered && this.cover.countAfter(depth, k) > 0) continue;
      if (blocks) {
        if (!hasRows) {
          hasRows = true;
          rowsAB = blocks.rowsOf(a, b);
          rowsAC = blocks.rowsOf(a, last);
          rowsBC = blocks.rowsOf(b, last);
        }
        const visit = this.visit[k];
        if (blocks.totalOf(rowsAC, k) - visit <= threshold || blocks.totalOf(rowsBC, k) - visit <= threshold) continue;
        if (blocks.boundOf(rowsAB, rowsAC, rowsBC, k) - visit <= threshold) continue;
      }
      const saving = pricer.priceLast(k, single, threshold);
      if (saving <= threshold) continue;
      this.chosen.push(s);
      this.record(cost - saving);
      this.chosen.pop();
    }
  }
  /**
   * The last slot once its three pairs' block rows exist (nearly every node on iid prices): one
   * kernel call bounds every candidate, and the JS loop, about half of a k4-iid solve before, only
   * sees the few survivors. The block bound is below both screens of the loop above (the least pair
   * total is at most the parent's and the newest pair's savings), so only the cover and modular tests
   * remain; the exact price decides against the current incumbent.
   */
  exploreScreened(depth, cost, last, parentBound, count) {
    const { stores, pricer } = this;
    const blocks = pricer.blocks;
    const isCovered = this.cover.count(depth) === 0;
    for (let i = 0; i < count; i++) {
      const k = blocks.survivor(i, last);
      if (this.isCutByModular(depth, k, 1)) continue;
      if (!isCovered && this.cover.countAfter(depth, k) > 0) continue;
      const threshold = cost - this.bestCost;
      const saving = pricer.priceLast(k, parentBound[k], threshold);
      if (saving <= threshold) continue;
      this.chosen.push(stores[k]);
      this.record(cost - saving);
      this.chosen.pop();
    }
  }
  /**
   * The best `slots` savings still available after adding position k, each bounded both by its saving
   * here and by what it saves next to k alone (which sees their overlap): a sharper test than the
   * suffix sums before a child is opened.
   */
  pairedCompletion(bound, k, slots) {
    this.pricer.ensureRow(k);
    const n = this.stores.length;
    const row = k * n;
    const pairTotal = this.pricer.pairTotal;
    const top = this.topScratch;
    top.fill(0, 0, slots);
    for (let l = k + 1; l < n; l++) {
      const single = bound[l];
      const pair = pairTotal[row + l];
      let value = pair < single ? pair : single;
      if (value <= top[slots - 1]) continue;
      for (let q = 0; q < slots; q++) {
        if (value <= top[q]) continue;
        const moved = top[q];
        top[q] = value;
        value = moved;
      }
    }
    let sum = 0;
    for (let q = 0; q < slots; q++) sum += top[q];
    return sum;
  }
  /**
   * Every candidate's exact saving on this node's caps (visit cost included): from the single-store
   * savings at the root, the pair table one store down, and one pass over the price lists deeper.
   */
  boundExactly(depth, last, bound) {
    const n = this.stores.length;
    if (depth === 0) {
      bound.set(this.single);
      return;
    }
    if (depth === 1) {
      const a = this.positions[0];
      this.pricer.ensureRow(a);
      const row = a * n;
      for (let k = last + 1; k < n; k++) bound[k] = this.pricer.pairTotal[row + k];
      return;
    }
    const { blocks } = this.pricer;
    if (blocks && depth === 2) {
      const rows = blocks.rowsOf(this.positions[0], last);
      for (let k = last + 1; k < n; k++) bound[k] = blocks.totalOf(rows, k) - this.visit[k];
      return;
    }
    this.pricer.priceAll(this.chosen, this.forcedCount, last, bound);
  }
  isCutByModular(depth, k, r) {
    for (const m of this.modular) {
      const rest = m.suffixNeg[r - 1][k + 1];
      if (m.constant + m.pathSum[depth] + m.rho[k] + rest >= this.bestCost) return true;
    }
    return false;
  }
};

// packages/optimizer/src/search.ts
var SMALL_LIMIT = 5;
var FIXING_ROUNDS = 12;
var SplitCartSearch = class {
  constructor(p) {
    this.p = p;
    this.status = new Uint8Array(p.nStores);
    this.bound = new DualBound(p);
    this.baseCap = Float64Array.from(p.penalty);
    this.bestV = new Float64Array(p.nItems);
    this.bestSlack = new Float64Array(p.nStores);
    this.branchScratch = new BranchScratch(p.nStores);
    this.heuristicCap = new Float64Array(p.nItems);
  }
  p;
  bestCost = Infinity;
  bestSet = [];
  nodes = 0;
  /** Set when the deadline passed before the search finished: bestSet is then a plan, not a proven optimum. */
  isStopped = false;
  /** The root's bound (reduced terms): what an unfinished search can still promise about the optimum. */
  rootBound = -Infinity;
  /** performance.now() past which the branch and bound stops (the small-limit enumeration does not). */
  deadline = Infinity;
  status;
  bound;
  scratch = [];
  baseCap;
  bestV;
  bestSlack;
  branchScratch;
  heuristicCap;
  lastHeuristic = { cap: null, set: [] };
  /** The node and caps of the last ascent: later ascents there filter its candidate copy. */
  ascentNode = -1;
  /** Set while reduced-cost fixing re-bounds a node: its dual heuristic is skipped then. */
  isInFixing = false;
  ascentCap = null;
  /** Whether the root's dual-heuristic set is polished by local search (see RootBoundPlan). */
  isRootPolished = true;
  run(deadline = Infinity) {
    this.deadline = deadline;
    const { p, status } = this;
    let fOpen = 0;
    const cap = Float64Array.from(this.baseCap);
    for (const s of p.forcedOpen) {
      status[s] = OPEN;
      fOpen += p.visit[s];
      this.lowerCap(cap, s);
    }
    if (p.forcedOpen.length > p.limit) return;
    const slots = p.limit - p.forcedOpen.length;
    if (slots <= SMALL_LIMIT && slots < this.countFree()) {
      const plan = planRootBound(slots);
      const modular = plan ? this.collectModularBounds(cap, fOpen, slots, plan) : [];
      const small = new SmallLimitSearch(p, status, this.bestCost, this.bestSet, slots, modular, plan?.isOrderedByRho ?? false);
      small.run();
      this.nodes = small.nodes;
      if (small.bestCost < this.bestCost && small.bestCost < UNCOVERED) [this.bestCost, this.bestSet] = [small.bestCost, small.bestSet];
      return;
    }
    this.explore(cap, fOpen, p.forcedOpen.length, 0, 0);
  }
  /**
   * For any dual prices v, cost(open + T) >= fOpen + sum_j v_j + sum_{s in T} rho_s for every store
   * set T: a modular lower bound the small-limit enumeration can apply to a whole branch in O(1).
   * Several multipliers around the best one give complementary bounds.
   */
  collectModularBounds(cap, fOpen, r, plan) {
    this.isRootPolished = plan.isPolished;
    const root = this.computeBound(cap, fOpen, r, this.countFree(), 0, 0, plan.evaluations);
    const bounds = [];
    const snapshot = (lambda, sumV) => {
      if (sumV === Infinity) return;
      bounds.push({ constant: fOpen + sumV, rho: Float64Array.from(this.bound.slack, (slack) => slack - lambda) });
    };
    let rootSum = 0;
    for (let j = 0; j < this.p.nItems; j++) rootSum += this.bound.v[j];
    snapshot(root.lambda, root.value === Infinity ? Infinity : rootSum);
    if (!plan.isWidened) return bounds;
    for (const lambda of /* @__PURE__ */ new Set([Math.round(root.lambda * 0.6), Math.round(root.lambda * 1.6)])) {
      if (lambda !== root.lambda) snapshot(lambda, this.ascend(cap, lambda));
    }
    return bounds;
  }
  offer(set) {
    const value = evaluateSet(this.p, set);
    if (value < this.bestCost && value < UNCOVERED) {
      this.bestCost = value;
      this.bestSet = [...set].sort((a, b) => a - b);
    }
  }
  lowerCap(cap, s) {
    const { nItems, cost } = this.p;
    const off = s * nItems;
    for (let j = 0; j < nItems; j++) if (cost[off + j] < cap[j]) cap[j] = cost[off + j];
  }
  countFree() {
    let count = 0;
    for (let s = 0; s < this.p.nStores; s++) if (this.status[s] === FREE) count++;
    return count;
  }
  openStores() {
    const open = [];
    for (let s = 0; s < this.p.nStores; s++) if (this.status[s] === OPEN) open.push(s);
    return open;
  }
  explore(cap, fOpen, openCount, depth, lambdaHint) {
    if (this.isOutOfTime()) return;
    this.nodes++;
    const { p, status } = this;
    const r = p.limit - openCount;
    let freeCount = this.countFree();
    if (r === 0 || freeCount === 0) {
      let total = fOpen;
      for (let j = 0; j < p.nItems; j++) total += cap[j];
      if (total < this.bestCost) this.offer(this.openStores());
      return;
    }
    if (r === 1) {
      this.completeWithOneStore(cap, fOpen);
      return;
    }
    const closedHere = [];
    let bound = this.computeBound(cap, fOpen, r, freeCount, depth, lambdaHint);
    let forcedOpen = -1;
    for (let round = 0; round < FIXING_ROUNDS && bound.value < this.bestCost; round++) {
      const result = fixByReducedCost(p, status, this.bound.slack, bound, r, this.bestCost, closedHere);
      forcedOpen = result.forcedOpen;
      if (!result.hasClosed || forcedOpen >= 0) break;
      freeCount = this.countFree();
      this.isInFixing = true;
      bound = this.computeBound(cap, fOpen, r, freeCount, depth, bound.lambda);
      this.isInFixing = false;
    }
    if (depth === 0) this.rootBound = Math.min(bound.value, this.bestCost);
    if (bound.value < this.bestCost) {
      const duals = r >= freeCount ? this.bound : null;
      const branch = forcedOpen >= 0 ? forcedOpen : pickBranchStore(p, status, this.bound.slack, cap, bound.lambda, this.branchScratch, duals);
      if (branch >= 0) {
        const childCap = Float64Array.from(cap);
        this.lowerCap(childCap, branch);
        status[branch] = OPEN;
        this.explore(childCap, fOpen + p.visit[branch], openCount + 1, depth + 1, bound.lambda);
        status[branch] = CLOSED;
        if (forcedOpen < 0) this.explore(cap, fOpen, openCount, depth + 1, bound.lambda);
        status[branch] = FREE;
      }
    }
    for (const s of closedHere) status[s] = FREE;
  }
  /** Reads the clock every 16 nodes, and never before the root has supplied an incumbent. */
  isOutOfTime() {
    if (this.isStopped) return true;
    if (this.deadline === Infinity || this.nodes === 0 || (this.nodes & 15) !== 0) return false;
    this.isStopped = performance.now() > this.deadline;
    return this.isStopped;
  }
  /** With one slot left the best completion is found by trying each free store: exact and cheap. */
  completeWithOneStore(cap, fOpen) {
    const { p, status } = this;
    let base = fOpen;
    for (let j = 0; j < p.nItems; j++) base += cap[j];
    let bestValue = base;
    let bestStore = -1;
    for (let s = 0; s < p.nStores; s++) {
      if (status[s] !== FREE) continue;
      const off = s * p.nItems;
      let total = fOpen + p.visit[s];
      for (let j = 0; j < p.nItems && total < bestValue; j++) {
        const c = p.cost[off + j];
        total += c < cap[j] ? c : cap[j];
      }
      if (total < bestValue) {
        bestValue = total;
        bestStore = s;
      }
    }
    if (bestValue < this.bestCost) {
      const set = this.openStores();
      if (bestStore >= 0) set.push(bestStore);
      this.offer(set);
    }
  }
  /**
   * Every ascent at one node uses that node's caps, and between them stores are only closed (by
   * reduced-cost fixing), so all but the first filter the previous ascent's candidate copies.
   */
  ascend(cap, lambda) {
    const isSameCaps = this.ascentNode === this.nodes && this.ascentCap === cap;
    this.ascentNode = this.nodes;
    this.ascentCap = cap;
    return this.bound.ascend(this.status, cap, lambda, isSameCaps);
  }
  evaluateLambda(cap, fOpen, r, lambda) {
    const sumV = this.ascend(cap, lambda);
    if (sumV === Infinity) return Infinity;
    return fOpen + sumV + sumMostNegative(this.status, this.bound.slack, lambda, r, this.scratch);
  }
  /**
   * Any lambda gives a valid bound, so the store-limit multiplier is tuned by a pattern search at
   * the root only; children start from their parent's multiplier and try one step either side.
   * The duals of the best multiplier are snapshotted so they need not be recomputed afterwards.
   * Six evaluations at the root are enough: the last steps of a longer search refine the bound by
   * less than they cost.
   */
  computeBound(cap, fOpen, r, freeCount, depth, hint, rootEvaluations = 6) {
    if (r >= freeCount) return this.finishBound(cap, fOpen, r, depth, { value: this.evaluateLambda(cap, fOpen, r, 0), lambda: 0 });
    const best = { value: -Infinity, lambda: hint };
    let lastLambda = NaN;
    const tryLambda = (lambda2) => {
      const value2 = this.evaluateLambda(cap, fOpen, r, lambda2);
      lastLambda = lambda2;
      if (value2 > best.value) {
        Object.assign(best, { value: value2, lambda: lambda2 });
        this.bestV.set(this.bound.v);
        this.bestSlack.set(this.bound.slack);
      }
      return value2;
    };
    let lambda = hint;
    if (depth === 0) {
      const atZero = tryLambda(0);
      let tight = 0;
      for (let s = 0; s < this.p.nStores; s++) if (this.status[s] === FREE && this.bound.slack[s] <= 0) tight++;
      if (tight <= r || atZero >= this.bestCost) return this.finishBound(cap, fOpen, r, depth, best);
      lambda = Math.round(this.meanVisit()) + 1;
    }
    let value = tryLambda(lambda);
    let factor = depth === 0 ? 4 : 1.5;
    const maxEvals = depth === 0 ? rootEvaluations : 3;
    for (let evals = 1; evals < maxEvals && factor > 1.05 && best.value < this.bestCost; ) {
      const up = Math.round(lambda * factor);
      evals++;
      if (tryLambda(up) > value) {
        [lambda, value] = [up, best.value];
        continue;
      }
      const down = Math.round(lambda / factor);
      evals++;
      if (tryLambda(down) > value) {
        [lambda, value] = [down, best.value];
        continue;
      }
      factor = Math.sqrt(factor);
    }
    if (lastLambda !== best.lambda) {
      this.bound.v.set(this.bestV);
      this.bound.slack.set(this.bestSlack);
    }
    return this.finishBound(cap, fOpen, r, depth, best);
  }
  /** The dual arrays hold the chosen multiplier's duals here; harvest a primal from them. */
  finishBound(cap, fOpen, r, depth, bound) {
    if (bound.value >= this.bestCost) return bound;
    if (this.isInFixing) return bound;
    this.tryDualHeuristic(cap, fOpen, r, bound.lambda, depth === 0);
    return bound;
  }
  meanVisit() {
    let total = 0;
    for (let s = 0; s < this.p.nStores; s++) total += this.p.visit[s];
    return this.p.nStores > 0 ? total / this.p.nStores : 0;
  }
  /**
   * Erlenkotter's primal: open stores whose dual slack is used up (polished by local search at the
   * root). Below the root the set is priced on the node's caps, which already hold the open stores.
   */
  tryDualHeuristic(cap, fOpen, r, lambda, isRoot) {
    const { p, status } = this;
    const slack = this.bound.slack;
    const chosen = [];
    for (let s = 0; s < p.nStores; s++) if (status[s] === FREE && slack[s] - lambda <= 0) chosen.push(s);
    const isTruncated = chosen.length > r;
    if (chosen.length > r) chosen.sort((a, b) => slack[a] - slack[b]);
    if (chosen.length > r) chosen.length = r;
    if (isRoot) {
      const set = [...this.openStores(), ...chosen];
      this.offer(this.isRootPolished ? improveSet(p, status, set, p.limit) : set);
      return;
    }
    const last = this.lastHeuristic;
    if (last.cap === cap && last.set.length === chosen.length && chosen.every((s, q) => last.set[q] === s)) return;
    last.cap = cap;
    last.set = chosen;
    let total = fOpen;
    for (const s of chosen) total += p.visit[s];
    total += (isTruncated ? null : this.bound.priceTightStores(cap, lambda)) ?? priceOnCaps(p, cap, chosen, this.heuristicCap);
    if (total < this.bestCost && total < UNCOVERED) {
      this.bestCost = total;
      this.bestSet = [...this.openStores(), ...chosen].sort((a, b) => a - b);
    }
  }
};

// packages/optimizer/src/solve-plain.ts
function solvePlainSplitCart(instance, options = {}) {
  const prepared = prepareProblem(instance);
  if (!prepared.isFeasible) {
    return { isFeasible: false, reason: "no-candidate-store", missingItemIndices: prepared.missingItemIndices };
  }
  const { problem } = prepared;
  const search = new SplitCartSearch(problem);
  search.run(options.timeLimitMs === void 0 ? Infinity : performance.now() + options.timeLimitMs);
  if (search.bestCost === Infinity) return { isFeasible: false, reason: "store-limit", missingItemIndices: [] };
  const open = search.bestSet.map((s) => problem.storeMap[s]);
  const { assignment, objective, used } = assignItems(instance, open);
  const lowerBound = search.isStopped ? Math.min(objective, Math.ceil(search.rootBound + problem.constant - 1e-6)) : objective;
  return { isFeasible: true, objective, storeIndices: used, assignment, nodes: search.nodes, isProven: !search.isStopped, lowerBound };
}
function assignItems(instance, openStores) {
  const isOpen = new Uint8Array(instance.stores.length);
  for (const s of openStores) isOpen[s] = 1;
  const bestCost = new Float64Array(instance.items.length).fill(Infinity);
  const bestStore = new Int32Array(instance.items.length).fill(-1);
  const { offers, items } = instance;
  for (let q = 0; q < offers.length; q++) {
    const offer = offers[q];
    const s = offer[0];
    if (!isOpen[s]) continue;
    const j = offer[1];
    const line = roundLineCents(items[j].qty, offer[2]);
    if (line < bestCost[j] || line === bestCost[j] && s < bestStore[j]) {
      bestCost[j] = line;
      bestStore[j] = s;
    }
  }
  let objective = 0;
  const usedSet = /* @__PURE__ */ new Set();
  const assignment = items.map((item, j) => {
    const cost = bestCost[j];
    const store = bestStore[j];
    const penalty = item.penalty === null ? Infinity : roundLineCents(item.qty, item.penalty);
    if (penalty < cost || store < 0) {
      objective += penalty;
      return null;
    }
    objective += cost;
    usedSet.add(store);
    return store;
  });
  const used = [...usedSet].sort((a, b) => a - b);
  for (const s of used) objective += instance.stores[s].visitCost;
  return { assignment, objective, used };
}

// packages/optimizer/src/promotion-search.ts
function chooseBranching(model, node, view, assignment, charged) {
  const { nItems } = model;
  const byStore = /* @__PURE__ */ new Map();
  assignment.forEach((s, j) => {
    if (s !== null && model.liveAt[s].length > 0) byStore.set(s, [...byStore.get(s) ?? [], j]);
  });
  const gapOfComponent = /* @__PURE__ */ new Map();
  for (const [s, items] of byStore) {
    const { lines, rules } = buildPartLines(model, s, items);
    const priced = priceStorePart(lines, rules).lines;
    items.forEach((j, index) => {
      const key = s * nItems + j;
      const gap = priced[index].costCents - (charged.get(key) ?? 0);
      if (gap <= 0) return;
      const covering = model.covering.get(key) ?? (model.hasMinPurchase[s] ? [model.liveAt[s][0]] : []);
      if (covering.length > 0)
        gapOfComponent.set(model.componentOf[covering[0]], (gapOfComponent.get(model.componentOf[covering[0]]) ?? 0) + gap);
    });
  }
  const ranked = [...gapOfComponent].sort((a, b) => b[1] - a[1]);
  for (const [c] of ranked) {
    const component = model.components[c];
    const s = component.store;
    const open = component.keys.filter(
      (key) => !node.decisions.has(key) && view.isAllowed(s, key - s * nItems) && isInteracting(model, key)
    );
    if (open.length === 0) continue;
    const planned = open.map((key) => [key, assignment[key - s * nItems] === s ? 1 : 0]);
    return {
      children: [
        planned,
        ...planned.map((_, i) => [...planned.slice(0, i), [planned[i][0], planned[i][1] === 1 ? 0 : 1]])
      ]
    };
  }
  return null;
}
function solveWithPromotions(model, deadline) {
  let bestTotal = Infinity;
  let bestAssignment = null;
  let nodes = 0;
  let isStopped = false;
  let unprovenBound = Infinity;
  let rootInfeasible = null;
  let order = 0;
  const queue = [{ decisions: /* @__PURE__ */ new Map(), bound: -Infinity, order }];
  while (queue.length > 0) {
    let pick = 0;
    for (let q = 1; q < queue.length; q++) {
      const other = queue[q];
      if (other.bound < queue[pick].bound || other.bound === queue[pick].bound && other.order > queue[pick].order) pick = q;
    }
    const node = queue[pick];
    queue[pick] = queue[queue.length - 1];
    queue.pop();
    if (node.bound >= bestTotal) continue;
    if (performance.now() > deadline) {
      isStopped = true;
      unprovenBound = Math.min(unprovenBound, node.bound, ...queue.map((other) => other.bound));
      break;
    }
    const view = buildNodeInstance(model, node);
    const remaining = deadline - performance.now();
    const result = solvePlainSplitCart(view.instance, Number.isFinite(remaining) ? { timeLimitMs: Math.max(1, remaining) } : {});
    nodes++;
    if (!result.isFeasible) {
      if (nodes === 1) rootInfeasible = result;
      continue;
    }
    const exact = priceAssignment(model, result.assignment);
    const isWorthImproving = exact > result.objective && (nodes === 1 || exact < bestTotal);
    const { assignment, total } = isWorthImproving ? improveAssignment(model, result.assignment) : { assignment: result.assignment, total: exact };
    if (total < bestTotal) {
      bestTotal = total;
      bestAssignment = assignment;
    }
    if (!result.isProven) {
      isStopped = true;
      unprovenBound = Math.min(unprovenBound, result.lowerBound);
      continue;
    }
    if (result.objective >= bestTotal || exact <= result.objective) continue;
    const branching = chooseBranching(model, node, view, result.assignment, chargedLines(view.instance, result.assignment, model.nItems));
    if (branching === null) continue;
    for (const child of branching.children) {
      const decisions = new Map(node.decisions);
      for (const [key, value] of child) decisions.set(key, value);
      queue.push({ decisions, bound: result.objective, order: ++order });
    }
  }
  if (bestAssignment === null) {
    return rootInfeasible ?? { isFeasible: false, reason: "store-limit", missingItemIndices: [] };
  }
  const used = [...new Set(bestAssignment.filter((s) => s !== null))].sort((a, b) => a - b);
  const lowerBound = isStopped ? Math.min(bestTotal, Math.ceil(unprovenBound - 1e-6)) : bestTotal;
  return {
    isFeasible: true,
    objective: bestTotal,
    storeIndices: used,
    assignment: bestAssignment,
    nodes,
    isProven: !isStopped,
    lowerBound
  };
}

// packages/optimizer/src/solve.ts
function solveSplitCart(instance, options = {}) {
  if (!instance.promotions?.length) return solvePlainSplitCart(instance, options);
  const model = buildPromotionModel(instance);
  if (model.live.length === 0) return solvePlainSplitCart(instance, options);
  const deadline = options.timeLimitMs === void 0 ? Infinity : performance.now() + options.timeLimitMs;
  return solveWithPromotions(model, deadline);
}

// packages/contracts/src/domain/random.ts
function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}

export {
  roundLineCents,
  priceStorePart,
  findGroupCompletions,
  solveSplitCart,
  createRandom
};
//# sourceMappingURL=chunk-CUA3GHL2.js.map
