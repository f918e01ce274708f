// The bytes a part of a chunk travels to the write thread as. A part of prices of one store, currency, kind and day
// (a store's daily file) goes by column: one array per product field and the prices in an Int32Array, which the
// structured clone writes and reads several times faster than an object per record and per product, in well under
// half the bytes. Any other part goes as its records.
import { deserialize, serialize } from 'node:v8';
import type { FeedPrice, FeedProduct, FeedRecord, PriceKind } from './price-source';

interface PriceColumns {
  storeRef: string;
  currency: string;
  kind: PriceKind;
  observedOn: string;
  priceMinor: Int32Array;
  gtin: FeedProduct['gtin'][];
  internalCode: FeedProduct['internalCode'][];
  canMatchByName: FeedProduct['canMatchByName'][];
  name: string[];
  brand: FeedProduct['brand'][];
  quantityText: FeedProduct['quantityText'][];
  sizeValue: FeedProduct['sizeValue'][];
  sizeUnit: FeedProduct['sizeUnit'][];
  category: FeedProduct['category'][];
}

const INT32_MAX = 2 ** 31 - 1;

/** The part's prices when they share their store, currency, kind and day and every amount fits an Int32Array. */
function findSharedPrices(records: readonly FeedRecord[]): FeedPrice[] | null {
  const first = records[0];
  if (first?.type !== 'price') return null;
  const { storeRef, currency, kind, observedOn } = first.price;
  const prices: FeedPrice[] = [];
  for (const record of records) {
    if (record.type !== 'price') return null;
    const { price } = record;
    if (price.storeRef !== storeRef || price.currency !== currency || price.kind !== kind || price.observedOn !== observedOn) return null;
    if (price.priceMinor > INT32_MAX) return null;
    prices.push(price);
  }
  return prices;
}

export function packRecords(records: FeedRecord[]): Uint8Array {
  const prices = findSharedPrices(records);
  if (!prices) return serialize(records);
  const { storeRef, currency, kind, observedOn } = prices[0]!;
  const columns: PriceColumns = {
    storeRef,
    currency,
    kind,
    observedOn,
    priceMinor: new Int32Array(prices.length),
    gtin: [],
    internalCode: [],
    canMatchByName: [],
    name: [],
    brand: [],
    quantityText: [],
    sizeValue: [],
    sizeUnit: [],
    category: [],
  };
  for (const [i, { priceMinor, product }] of prices.entries()) {
    columns.priceMinor[i] = priceMinor;
    columns.gtin.push(product.gtin);
    columns.internalCode.push(product.internalCode);
    columns.canMatchByName.push(product.canMatchByName);
    columns.name.push(product.name);
    columns.brand.push(product.brand);
    columns.quantityText.push(product.quantityText);
    columns.sizeValue.push(product.sizeValue);
    columns.sizeUnit.push(product.sizeUnit);
    columns.category.push(product.category);
  }
  return serialize(columns);
}

export function unpackRecords(bytes: Uint8Array): FeedRecord[] {
  const value = deserialize(bytes) as FeedRecord[] | PriceColumns;
  if (Array.isArray(value)) return value;
  const { storeRef, currency, kind, observedOn } = value;
  const records: FeedRecord[] = [];
  for (let i = 0; i < value.priceMinor.length; i++) {
    const product: FeedProduct = {
      gtin: value.gtin[i],
      internalCode: value.internalCode[i],
      canMatchByName: value.canMatchByName[i],
      name: value.name[i]!,
      brand: value.brand[i],
      quantityText: value.quantityText[i],
      sizeValue: value.sizeValue[i],
      sizeUnit: value.sizeUnit[i],
      category: value.category[i],
    };
    records.push({ type: 'price', price: { storeRef, currency, kind, observedOn, priceMinor: value.priceMinor[i]!, product } });
  }
  return records;
}
