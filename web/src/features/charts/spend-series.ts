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
