/**
 * A personal inflation index: the price change of what a household buys again and again. Months are chain-linked:
 * for each month and the month with purchases before it, the products bought in both are compared by their
 * average unit price (spend / quantity), each ratio weighted by the product's spend over the two months; the
 * month's index is the previous one times that weighted ratio. The first month is 100; a month sharing no product
 * with the one before keeps its index.
 */

/** What was paid for a product in a month: a receipt line (quantity and paid cents after its discount). */
export interface IndexPurchase {
  /** yyyy-mm */
  month: string;
  productId: string;
  quantity: number;
  paidCents: number;
}

export interface IndexMonth {
  month: string;
  /** One decimal; 100 in the first month. */
  index: number;
  /** How many products the month shares with the month before: what its change is measured on. */
  basketSize: number;
}

type MonthBasket = Map<string, { quantity: number; cents: number }>;

export function chainPriceIndex(purchases: readonly IndexPurchase[]): IndexMonth[] {
  const months = new Map<string, MonthBasket>();
  for (const purchase of purchases) {
    if (!(purchase.quantity > 0) || purchase.paidCents <= 0) continue;
    const basket = months.get(purchase.month) ?? new Map<string, { quantity: number; cents: number }>();
    const entry = basket.get(purchase.productId) ?? { quantity: 0, cents: 0 };
    entry.quantity += purchase.quantity;
    entry.cents += purchase.paidCents;
    basket.set(purchase.productId, entry);
    months.set(purchase.month, basket);
  }
  const ordered = [...months.keys()].sort();
  const result: IndexMonth[] = [];
  let index = 100;
  ordered.forEach((month, position) => {
    const previous = position > 0 ? months.get(ordered[position - 1]!)! : null;
    const current = months.get(month)!;
    let weighted = 0;
    let weights = 0;
    let basketSize = 0;
    if (previous) {
      for (const [productId, now] of current) {
        const before = previous.get(productId);
        if (!before) continue;
        const weight = before.cents + now.cents;
        weighted += weight * (now.cents / now.quantity / (before.cents / before.quantity));
        weights += weight;
        basketSize += 1;
      }
    }
    if (weights > 0) index *= weighted / weights;
    result.push({ month, index: Math.round(index * 10) / 10, basketSize });
  });
  return result;
}
