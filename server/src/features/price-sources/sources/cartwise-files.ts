import { parsePriceImport, type PriceImportRecord } from '@cartwise/contracts/domain/price-import';
import type { FeedRecord, PriceSource, SourceContext, SourceInput } from '../price-source';
import { decodeText, isCurrencyCode, openBytes, toMinorUnits } from './feed-streams';

/** The hand-made formats are read whole (they are small); a bigger file belongs to a streaming source. */
const MAX_FILE_CHARS = 20_000_000;

async function readWhole(input: SourceInput): Promise<string> {
  let text = '';
  for await (const chunk of decodeText(await openBytes(input))) {
    text += chunk;
    if (text.length > MAX_FILE_CHARS) throw new Error('The file is over 20 MB: split it or use a streaming source');
  }
  return text;
}

const slug = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

function toRecords(record: PriceImportRecord, currency: string, seenStores: Set<string>): FeedRecord[] {
  const chainName = record.chainName ?? record.storeName;
  const storeRef = `cw:${slug(chainName)}:${slug(record.storeName)}:${slug(record.address || record.city)}`;
  const records: FeedRecord[] = [];
  if (!seenStores.has(storeRef)) {
    seenStores.add(storeRef);
    records.push({
      type: 'store',
      store: {
        sourceRef: storeRef,
        chainRef: `cw:${slug(chainName)}`,
        chainName,
        name: record.storeName,
        address: record.address || null,
        city: record.city || null,
        isOnline: false,
        currency,
      },
    });
  }
  const priceMinor = toMinorUnits((record.priceCents / 100).toFixed(2), currency);
  if (priceMinor === null) return records;
  records.push({
    type: 'price',
    price: {
      storeRef,
      product: {
        gtin: record.barcode,
        canMatchByName: true,
        name: record.productName,
        brand: record.brand,
        quantityText: record.sizeText,
        category: record.category,
      },
      priceMinor,
      currency,
      kind: record.isDeal ? 'promotion' : 'regular',
      observedOn: record.date,
    },
  });
  return records;
}

function createFileSource(id: string, label: string, kind: 'csv' | 'json', expected: 'cartwise' | 'open-prices'): PriceSource {
  return {
    id,
    label,
    async *read(input: SourceInput, ctx: SourceContext): AsyncGenerator<FeedRecord> {
      const parsed = parsePriceImport(await readWhole(input), kind);
      if ('error' in parsed) throw new Error(parsed.error);
      const firstError = parsed.errors[0];
      if (firstError) throw new Error(`Line ${firstError.line}: ${firstError.message}`);
      if (parsed.format !== expected) throw new Error(`This is a ${parsed.format} file, not ${label}`);
      const fallback = (ctx.config.currency ?? 'USD').toUpperCase();
      const seenStores = new Set<string>();
      for (const record of parsed.records) {
        const currency = record.currency?.toUpperCase() ?? fallback;
        if (!isCurrencyCode(currency)) throw new Error(`"${currency}" is not an ISO 4217 currency`);
        yield* toRecords(record, currency, seenStores);
      }
      ctx.onProgress({ rows: parsed.records.length });
    },
  };
}

export const cartwiseCsvSource = createFileSource('cartwise-csv', 'Cartwise CSV', 'csv', 'cartwise');
export const cartwiseJsonSource = createFileSource('cartwise-json', 'Cartwise JSON', 'json', 'cartwise');
export const openPricesCsvSource: PriceSource = {
  ...createFileSource('open-prices-csv', 'Open Prices CSV export', 'csv', 'open-prices'),
  attribution: 'Price data © Open Prices contributors, ODbL',
};
