import type { Formatters } from '../../lib/use-format';
import { getSeriesStyle, type SeriesStyle } from './chart-style';

export interface MonthBar {
  month: string;
  cents: number;
}

export interface StoreBar extends SeriesStyle {
  key: string;
  name: string;
  cents: number;
  receipts: number;
}

/** Each store its own colour, in the API's order (largest spend first), so the legend matches the bars. */
export function shapeStoreBars(rows: { store_name: string; total_cents: number; receipts: number }[]): StoreBar[] {
  return rows.map((row, index) => ({
    ...getSeriesStyle(index),
    key: row.store_name || `store-${index}`,
    name: row.store_name || 'Unknown store',
    cents: row.total_cents,
    receipts: row.receipts,
  }));
}

/** Shows every nth category label so at most `maxLabels` fit; Recharts' interval is the count skipped between. */
export function getLabelInterval(count: number, maxLabels: number): number {
  if (count <= maxLabels || maxLabels < 1) return 0;
  return Math.ceil(count / maxLabels) - 1;
}

/** Long store names are shortened on the axis (the tooltip and legend keep them whole). */
export function shortenLabel(label: string, max: number): string {
  return label.length <= max ? label : `${label.slice(0, Math.max(1, max - 1)).trimEnd()}…`;
}

export interface CategoryBar extends SeriesStyle {
  key: string;
  name: string;
  /** Money in the shopper's currency (the categories endpoint reports amounts, not cents). */
  amount: number;
  share: number;
  items: number;
}

/** Each category its own colour, in the API's order (largest spend first), so the legend matches the bars. */
export function shapeCategoryBars(rows: { category: string; total: number; share: number; itemCount: number }[]): CategoryBar[] {
  return rows.map((row, index) => ({
    ...getSeriesStyle(index),
    key: row.category || `category-${index}`,
    name: row.category || 'Uncategorised',
    amount: row.total,
    share: row.share,
    items: row.itemCount,
  }));
}

/** Tooltip lines for a category: the amount, its share of all spend and how many receipt items it covers. */
export function describeCategory(bar: CategoryBar, format: Formatters): string[] {
  const share = new Intl.NumberFormat(format.settings.locale, { style: 'percent', maximumFractionDigits: 0 }).format(bar.share);
  return [`Spent ${format.money(bar.amount)}`, `${share} of spend`, `${bar.items} ${bar.items === 1 ? 'item' : 'items'}`];
}
