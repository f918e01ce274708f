import { parseCsv } from './csv';
import { normalizeGtin } from './gtin';

/**
 * One price from an import, whatever the source format. The native Cartwise CSV has the columns
 * product, brand, size, category, chain, store, address, city, price, date, is_deal; the Open Prices CSV
 * export (product_name, product_code, category_tag, price, price_is_discounted, currency, date,
 * location_osm_name, location_osm_display_name, location_osm_address_city, location_id) is read as well.
 */
export interface PriceImportRecord {
  productName: string;
  brand: string | null;
  sizeText: string | null;
  category: string | null;
  /** The row's barcode or Open Prices product_code as a normalised GTIN; null when absent or not a valid GTIN. */
  barcode: string | null;
  chainName: string | null;
  storeName: string;
  address: string;
  city: string;
  priceCents: number;
  currency: string | null;
  date: string;
  isDeal: boolean;
}

export interface PriceImportError {
  line: number;
  message: string;
}

export interface PriceImportParse {
  format: 'cartwise' | 'open-prices';
  records: PriceImportRecord[];
  errors: PriceImportError[];
}

type Row = Record<string, string>;

const pick = (row: Row, ...keys: string[]): string => {
  for (const key of keys) {
    const value = row[key]?.trim();
    if (value) return value;
  }
  return '';
};

function parsePriceCents(text: string): number | null {
  const cleaned = text.replace(/[^\d.,-]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,4})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 ? cents : null;
}

function parseIsoDate(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : `${match[1]}-${match[2]}-${match[3]}`;
}

/** A code that is not a valid GTIN (Open Prices also holds shop-internal codes) is dropped, the price kept. */
function toGtinOrNull(code: string): string | null {
  if (!code) return null;
  const result = normalizeGtin(code);
  return result.isValid ? result.gtin : null;
}

const isTruthy = (text: string) => /^(1|true|yes|y)$/i.test(text.trim());

/** Open Prices names raw products by taxonomy tag ("en:bananas"): make it a readable name. */
function readableTag(tag: string): string {
  const name = tag.replace(/^[a-z]{2}:/, '').replace(/-/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function toRecord(row: Row, isOpenPrices: boolean): PriceImportRecord | string {
  const category = pick(row, 'category', 'category_tag');
  const productName = pick(row, 'product', 'product_name', 'name') || (category ? readableTag(category) : '');
  if (!productName) return 'missing product name';
  const storeName = pick(row, 'store', 'location_osm_name', 'location_osm_display_name', 'location_name', 'location_id');
  if (!storeName) return 'missing store';
  const priceCents = parsePriceCents(pick(row, 'price'));
  if (priceCents === null) return 'price must be a positive number';
  const date = parseIsoDate(pick(row, 'date'));
  if (!date) return 'date must look like 2026-01-31';
  return {
    productName,
    brand: pick(row, 'brand', 'product_brand') || null,
    sizeText: pick(row, 'size', 'product_quantity') || null,
    category: category ? (isOpenPrices ? readableTag(category) : category) : null,
    barcode: toGtinOrNull(pick(row, 'barcode', 'product_code', 'gtin', 'ean')),
    chainName: pick(row, 'chain', 'location_osm_brand') || null,
    storeName,
    address: pick(row, 'address', 'location_osm_display_name'),
    city: pick(row, 'city', 'location_osm_address_city'),
    priceCents,
    currency: pick(row, 'currency') || null,
    date,
    isDeal: isTruthy(pick(row, 'is_deal', 'price_is_discounted')),
  };
}

function readRows(content: string, kind: 'csv' | 'json'): { rows: Row[]; firstLine: number } | string {
  if (kind === 'json') {
    let data: unknown;
    try {
      data = JSON.parse(content);
    } catch {
      return 'The file is not valid JSON';
    }
    const list = Array.isArray(data) ? data : (data as { items?: unknown }).items;
    if (!Array.isArray(list)) return 'JSON must be an array of prices or { "items": [...] }';
    const rows = list.map((item) =>
      Object.fromEntries(Object.entries((item ?? {}) as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), formatCell(v)])),
    );
    return { rows, firstLine: 1 };
  }
  const table = parseCsv(content.replace(/^\uFEFF/, '')).filter((r) => r.some((cell) => cell.trim() !== ''));
  const [header, ...body] = table;
  if (!header) return 'The file is empty';
  const keys = header.map((h) => h.trim().toLowerCase());
  return { rows: body.map((cells) => Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? '']))), firstLine: 2 };
}

/** Parses an import file; bad rows are reported by line and skipped, good rows are returned. */
export function parsePriceImport(content: string, kind: 'csv' | 'json'): PriceImportParse | { error: string } {
  const read = readRows(content, kind);
  if (typeof read === 'string') return { error: read };
  const sample = read.rows[0] ?? {};
  const isOpenPrices = 'location_osm_id' in sample || 'product_code' in sample || 'location_osm_name' in sample;
  const records: PriceImportRecord[] = [];
  const errors: PriceImportError[] = [];
  read.rows.forEach((row, index) => {
    const result = toRecord(row, isOpenPrices);
    if (typeof result === 'string') errors.push({ line: index + read.firstLine, message: result });
    else records.push(result);
  });
  return { format: isOpenPrices ? 'open-prices' : 'cartwise', records, errors };
}

/** A JSON value as the text a CSV cell would hold; nested values keep their JSON rather than '[object Object]'. */
function formatCell(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value) ?? '';
}
