import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseCsv } from '@cartwise/contracts/domain/csv';
import type { StoredPromotion } from '@cartwise/contracts/domain/promotion-reading';

/** The shared data sits beside the repository (`../shared/data`); CARTWISE_SHARED_DATA points elsewhere (worktrees). */
export const ISRAEL_DIR = process.env.CARTWISE_SHARED_DATA
  ? new URL('prices/israel/', pathToFileURL(`${process.env.CARTWISE_SHARED_DATA.replace(/\/$/, '')}/`))
  : new URL('../../../shared/data/prices/israel/', import.meta.url);
export const ISRAEL_DAYS = ['2026-08-09', '2026-08-10', '2026-08-11', '2026-08-13', '2026-08-14', '2026-08-15'];

export interface DayStore {
  chainId: string;
  storeId: string;
  /** barcode -> shelf price, agorot */
  prices: Map<string, number>;
  promotions: DayPromotion[];
}

export interface DayPromotion extends StoredPromotion {
  id: string;
  barcodes: string[];
}

export interface IsraelDay {
  date: string;
  stores: DayStore[];
}

function readRows(name: string): Record<string, string>[] {
  const text = gunzipSync(readFileSync(new URL(name, ISRAEL_DIR)))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  const [header, ...rows] = parseCsv(text);
  return rows.filter((row) => row.length === header!.length).map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

const toAgorot = (value: string) => (value.trim() === '' ? null : Math.round(Number(value) * 100));

/** One published day: each chain's store with its shelf prices and the promotions of that same store. */
export function loadIsraelDay(date: string): IsraelDay {
  const stores = new Map<string, DayStore>();
  for (const row of readRows(`prices-${date}.csv.gz`)) {
    const key = `${row['מזהה רשת']}:${row['מזהה חנות']}`;
    let store = stores.get(key);
    if (!store) {
      store = { chainId: row['מזהה רשת']!, storeId: row['מזהה חנות']!, prices: new Map(), promotions: [] };
      stores.set(key, store);
    }
    const price = toAgorot(row['מחיר (₪)']!);
    if (price !== null && price > 0) store.prices.set(row['ברקוד']!, price);
  }
  const promotions = new Map<string, DayPromotion>();
  for (const row of readRows(`promos-${date}.csv.gz`)) {
    const store = stores.get(`${row['מזהה רשת']}:${row['מזהה חנות']}`);
    if (!store) continue;
    const key = `${row['מזהה רשת']}:${row['מזהה חנות']}:${row['מזהה מבצע']}`;
    let promotion = promotions.get(key);
    if (!promotion) {
      const rate = row['שיעור הנחה']!.trim();
      promotion = {
        id: row['מזהה מבצע']!,
        barcodes: [],
        minQuantity: Number(row['כמות מינימום'] || 0),
        discountedPriceMinor: toAgorot(row['מחיר מבצע (₪)']!),
        discountRate: rate === '' ? null : Number(rate),
        minPurchaseMinor: null,
        isClubOnly: row['מועדון'] === '1',
        isCoupon: row['קופון'] === '1',
        validFrom: null,
        validTo: row['בתוקף עד'] || null,
      };
      promotions.set(key, promotion);
      store.promotions.push(promotion);
    }
    promotion.barcodes.push(row['ברקוד']!);
  }
  return { date, stores: [...stores.values()] };
}
