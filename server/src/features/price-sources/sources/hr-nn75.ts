import { normalizeGtin } from '@cartwise/contracts/domain/gtin';
import type { FeedProduct, FeedRecord, PriceSource, SourceContext, SourceInput } from '../price-source';
import { decodeText, openBytes, readCsvRecords, readLines, toMinorUnits } from './feed-streams';
import { HR_CHAINS, mapHrColumns, type HrField } from './hr-nn75-columns';

const CURRENCY = 'EUR';

interface HrFileFacts {
  chain: string;
  store: string;
  date: string;
}

/**
 * Chain, store and day of a list: from the operator's settings, else from the file name
 * ("store0204_2025-07-03.csv", "konzum_0204_2025-07-03.csv", "..._03.07.2025.csv").
 */
export function readHrFileFacts(fileName: string, config: Record<string, string>): HrFileFacts {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.(csv|txt)(\.gz)?$/i, '');
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(base);
  const european = /(\d{2})\.(\d{2})\.(\d{4})/.exec(base);
  const date = iso ? iso[0] : european ? `${european[3]}-${european[2]}-${european[1]}` : (config.date ?? null);
  if (!date) throw new Error(`${fileName}: the file name has no date (YYYY-MM-DD) and no date was given`);
  const chainInName = Object.keys(HR_CHAINS).find((key) => base.toLowerCase().includes(key));
  const chain = (config.chain ?? chainInName ?? 'konzum').toLowerCase();
  const store = config.store ?? /store[_-]?([A-Za-z0-9]+)/i.exec(base)?.[1] ?? /(?:^|[_,-])(\d{3,6})(?=[_,-]|$)/.exec(base)?.[1];
  if (!store) throw new Error(`${fileName}: the file name names no store and no store was given`);
  return { chain, store, date };
}

/** "0.30 kg" stays as written; a bare number takes the unit column ("500" + "g"). */
function toQuantityText(quantity: string, unit: string): string | null {
  const text = quantity.trim();
  if (!text) return null;
  return /[a-zA-Z]/.test(text) || !unit.trim() ? text : `${text} ${unit.trim()}`;
}

async function* readHrList(input: SourceInput, ctx: SourceContext): AsyncGenerator<FeedRecord> {
  const facts = readHrFileFacts(input.name, ctx.config);
  const storeRef = `hr:${facts.chain}:${facts.store}`;
  const chainName = HR_CHAINS[facts.chain]?.name ?? facts.chain.charAt(0).toUpperCase() + facts.chain.slice(1);
  const lines = readLines(decodeText(await openBytes(input)));
  const first = await lines.next();
  if (first.done) throw new Error('The file is empty');
  const headerLine = first.value.line;
  const delimiter = [';', ',', '\t'].reduce((best, d) => (headerLine.split(d).length > headerLine.split(best).length ? d : best), ',');
  const header = await readCsvRecords([first.value], delimiter).next();
  const columns = mapHrColumns(facts.chain, header.done ? [] : header.value.cells);
  yield {
    type: 'store',
    store: {
      sourceRef: storeRef,
      chainRef: `hr:${facts.chain}`,
      chainName,
      name: `${chainName} ${facts.store}`,
      isOnline: false,
      currency: CURRENCY,
    },
  };
  let rows = 0;
  for await (const record of readCsvRecords(lines, delimiter)) {
    const cell = (field: HrField) => {
      const index = columns.get(field);
      return index === undefined ? '' : (record.cells[index] ?? '').trim();
    };
    const name = cell('name');
    if (!name) throw new Error(`Line ${record.line}: the product has no name`);
    const barcode = cell('barcode');
    const gtinResult = barcode ? normalizeGtin(barcode) : null;
    const code = cell('code');
    if (!gtinResult?.isValid && !code) throw new Error(`Line ${record.line}: no valid barcode and no product code`);
    const product: FeedProduct = {
      gtin: gtinResult?.isValid ? gtinResult.gtin : null,
      internalCode: code || null,
      name,
      brand: cell('brand') || null,
      quantityText: toQuantityText(cell('netQuantity'), cell('unit')),
      category: cell('category') || null,
    };
    let retail: number | null;
    let special: number | null;
    try {
      retail = toMinorUnits(cell('retailPrice'), CURRENCY);
      special = toMinorUnits(cell('specialPrice'), CURRENCY);
    } catch (error) {
      throw new Error(`Line ${record.line}: ${(error as Error).message}`, { cause: error });
    }
    if (retail === null && special === null) throw new Error(`Line ${record.line}: the row has no price`);
    const base = { storeRef, product, currency: CURRENCY, observedOn: facts.date };
    if (retail !== null) yield { type: 'price', price: { ...base, priceMinor: retail, kind: 'regular' } };
    if (special !== null) yield { type: 'price', price: { ...base, priceMinor: special, kind: 'promotion' } };
    rows += 1;
    if (rows % 1000 === 0) ctx.onProgress({ rows });
  }
  ctx.onProgress({ rows });
}

/** Croatian per-store price lists under NN 75/2025 (one CSV per store and day, prices in EUR). */
export const hrNn75Source: PriceSource = {
  id: 'hr-nn75',
  label: 'Croatian price lists (NN 75/2025)',
  read: readHrList,
};
