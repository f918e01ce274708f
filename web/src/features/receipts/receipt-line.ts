import type { TReceiptItem } from '@cartwise/contracts';
import { formatMoney, formatNumber, type FormatSettings } from '../../lib/format';

/** "WHOLE MILK 1 GAL" -> "Whole Milk 1 Gal": receipts print in capitals, people read names. */
export function toDisplayName(name: string): string {
  if (name !== name.toUpperCase() || !/[A-Z]/.test(name)) return name;
  return name.toLowerCase().replace(/(^|[\s/-])(\p{L})/gu, (_match, gap: string, letter: string) => gap + letter.toUpperCase());
}

/** The item's name: the linked product's when there is one, else the receipt text made readable. */
export function describeItemName(item: Pick<TReceiptItem, 'name' | 'productName'>): string {
  return item.productName?.trim() || toDisplayName(item.name);
}

/**
 * The quantity part of a line: "× 2" for counted items, "2.3 lb @ $0.60/lb" for weighed ones (a
 * fractional quantity), in the shopper's unit system.
 */
export function describeItemQuantity(item: Pick<TReceiptItem, 'quantity' | 'price' | 'unitPrice'>, settings: FormatSettings): string {
  if (Number.isInteger(item.quantity)) return `x ${formatNumber(item.quantity, settings, 0)}`;
  const unit = settings.units === 'imperial' ? 'lb' : 'kg';
  const perUnit = item.unitPrice ?? (item.quantity > 0 ? item.price / item.quantity : item.price);
  return `${formatNumber(item.quantity, settings, 3)} ${unit} @ ${formatMoney(perUnit, settings)}/${unit}`;
}
