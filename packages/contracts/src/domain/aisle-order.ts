/**
 * Aisle order learned per store: the order in which a household ticks products at a store is that store's walk.
 * Each trip places its ticks between 0 (first) and 1 (last); a product's place is the average of its places over
 * the trips that ticked it there, recent trips weighing more; a category's place is the average of all its ticks,
 * which places a product never ticked at that store beside its kind.
 */

/** A typical store walk: fresh food by the entrance, chilled and frozen towards the back, non-food last. */
export const AISLE_ORDER = [
  'Produce',
  'Bakery',
  'Meat & seafood',
  'Dairy & eggs',
  'Frozen',
  'Pantry',
  'Snacks',
  'Beverages',
  'Household',
  'Personal care',
] as const;

function rankCategory(category: string | null): number {
  const index = AISLE_ORDER.indexOf((category ?? '') as (typeof AISLE_ORDER)[number]);
  // Unknown categories come after the known aisles and before items with none.
  if (index >= 0) return index;
  return category ? AISLE_ORDER.length : AISLE_ORDER.length + 1;
}

/** Lines in aisle order; within an aisle (and between unknown categories) by category name, then item name. */
export function sortByAisle<T extends { category: string | null; name: string }>(lines: readonly T[]): T[] {
  return [...lines].sort(
    (a, b) =>
      rankCategory(a.category) - rankCategory(b.category) ||
      (a.category ?? '').localeCompare(b.category ?? '') ||
      a.name.localeCompare(b.name),
  );
}

/** One tick at a store: which trip, which product (and its category), and when. */
export interface AisleTick {
  tripKey: string;
  productId: string;
  category: string | null;
  tickedAt: string;
}

/** Places between 0 and 1, by product id and by category. */
export interface AisleOrder {
  products: Record<string, number>;
  categories: Record<string, number>;
}

/** Each older trip counts this much less than the next newer one. */
export const AISLE_TRIP_DECAY = 0.5;

/** Learns a store's aisle order from its ticks (any order); trips are ranked by their last tick, newest first. */
export function learnAisleOrder(ticks: readonly AisleTick[]): AisleOrder {
  const trips = new Map<string, AisleTick[]>();
  for (const tick of ticks) trips.set(tick.tripKey, [...(trips.get(tick.tripKey) ?? []), tick]);
  const lastTick = (trip: AisleTick[]) => trip.reduce((last, tick) => (tick.tickedAt > last ? tick.tickedAt : last), '');
  const newestFirst = [...trips.values()].sort((a, b) => lastTick(b).localeCompare(lastTick(a)));
  const products = new Map<string, { sum: number; weight: number }>();
  const categories = new Map<string, { sum: number; weight: number }>();
  const add = (map: Map<string, { sum: number; weight: number }>, key: string, place: number, weight: number) => {
    const entry = map.get(key) ?? { sum: 0, weight: 0 };
    entry.sum += place * weight;
    entry.weight += weight;
    map.set(key, entry);
  };
  newestFirst.forEach((trip, age) => {
    const weight = AISLE_TRIP_DECAY ** age;
    // A product ticked twice in one trip counts where it was first ticked.
    const walk = [...trip]
      .sort((a, b) => a.tickedAt.localeCompare(b.tickedAt))
      .filter((tick, index, all) => all.findIndex((t) => t.productId === tick.productId) === index);
    walk.forEach((tick, index) => {
      const place = (index + 0.5) / walk.length;
      add(products, tick.productId, place, weight);
      if (tick.category) add(categories, tick.category, place, weight);
    });
  });
  const average = (map: Map<string, { sum: number; weight: number }>) =>
    Object.fromEntries([...map.entries()].map(([key, entry]) => [key, entry.sum / entry.weight]));
  return { products: average(products), categories: average(categories) };
}

/** Where a line goes in the learned walk: its product's place, else its category's, else null (not learned). */
function placeOf(line: { productId: string; category: string | null }, order: AisleOrder): { place: number; isOwn: boolean } | null {
  const own = order.products[line.productId];
  if (own !== undefined) return { place: own, isOwn: true };
  const kind = line.category ? order.categories[line.category] : undefined;
  return kind === undefined ? null : { place: kind, isOwn: false };
}

/**
 * Lines in the store's learned order: placed lines by place (a ticked product before an untried one of its
 * category at the same place, then by name), then the lines nothing placed, in the default aisle order.
 */
export function sortByLearnedAisle<T extends { productId: string; category: string | null; name: string }>(
  lines: readonly T[],
  order: AisleOrder | undefined,
): T[] {
  if (!order) return sortByAisle(lines);
  const placed: { line: T; place: number; isOwn: boolean }[] = [];
  const rest: T[] = [];
  for (const line of lines) {
    const found = placeOf(line, order);
    if (found) placed.push({ line, ...found });
    else rest.push(line);
  }
  placed.sort((a, b) => a.place - b.place || Number(b.isOwn) - Number(a.isOwn) || a.line.name.localeCompare(b.line.name));
  return [...placed.map((entry) => entry.line), ...sortByAisle(rest)];
}
