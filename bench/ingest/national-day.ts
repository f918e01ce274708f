// Writes a national day of Israeli price-transparency files from the shared samples: `stores` stores (10 chains) each
// publishing a PriceFull of `products` items and a PromoFull, gzip'd, in the chains' own XML layout, so the import
// reads them through the real source. Prices vary per store around the sample's price; names, brands and sizes are
// the samples' own. Deterministic: the same arguments write the same files.
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import { ilTransparencySource, listIlFiles, type FeedProduct } from '../../server/src/features/price-sources';

interface SampleItem {
  code: string;
  product: FeedProduct;
  priceMinor: number;
}

const CHAINS = 10;
// Items per promotion and promotions per store, so that 300 stores carry about a million promotion rows.
const ITEMS_PER_PROMOTION = 3;
const PROMOTIONS_PER_STORE = 1_100;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A small deterministic hash, so each store's price of an item is stable between runs. */
function hash(a: number, b: number): number {
  let h = (a * 2_654_435_761) ^ (b * 40_503);
  h = Math.imul(h ^ (h >>> 15), 2_246_822_507);
  return (h ^ (h >>> 13)) >>> 0;
}

/** The distinct barcoded items of the sample day, up to `count`. */
export async function readSampleItems(dir: string, count: number): Promise<SampleItem[]> {
  const items = new Map<string, SampleItem>();
  const ctx = { signal: new AbortController().signal } as Parameters<typeof ilTransparencySource.read>[1];
  for await (const input of listIlFiles(dir)) {
    if (!/PriceFull/i.test(input.name)) continue;
    for await (const record of ilTransparencySource.read(input, ctx)) {
      if (record.type !== 'price') continue;
      const code = record.price.product.gtin;
      if (!code || !/^\d{13}$/.test(code) || items.has(code)) continue;
      items.set(code, { code, product: record.price.product, priceMinor: record.price.priceMinor });
      if (items.size >= count) return [...items.values()];
    }
  }
  return [...items.values()];
}

function chainIdOf(chain: number): string {
  return `72999000000${String(chain).padStart(2, '0')}`;
}

async function writeGzip(path: string, write: (push: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
  const gzip = createGzip({ level: 1 });
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('finish', resolve).on('error', reject);
    gzip.pipe(out);
  });
  let buffered = '';
  const push = async (text: string): Promise<void> => {
    buffered += text;
    if (buffered.length < 1 << 16) return;
    if (!gzip.write(buffered)) await once(gzip, 'drain');
    buffered = '';
  };
  await write(push);
  gzip.end(buffered);
  await done;
}

function itemXml(item: SampleItem, priceMinor: number): string {
  const size = /^(?:(\d+) x )?([\d.]+) (.+)$/.exec(item.product.quantityText ?? '');
  return (
    `<Item><PriceUpdateDate>2026-08-15 06:00</PriceUpdateDate><ItemCode>${item.code}</ItemCode><ItemType>1</ItemType>` +
    `<ItemName>${escapeXml(item.product.name)}</ItemName><ManufacturerName>${escapeXml(item.product.brand ?? '')}</ManufacturerName>` +
    `<UnitQty>${escapeXml(size?.[3] ?? '')}</UnitQty><Quantity>${size?.[2] ?? ''}</Quantity>` +
    `<QtyInPackage>${size?.[1] ?? 1}</QtyInPackage><ItemPrice>${(priceMinor / 100).toFixed(2)}</ItemPrice>` +
    `<ItemStatus>1</ItemStatus></Item>\n`
  );
}

/** Writes the day into `dir`; returns the number of price rows and promotion rows written. */
export async function writeNationalDay(
  dir: string,
  items: SampleItem[],
  stores: number,
): Promise<{ prices: number; promotionRows: number; files: number }> {
  await mkdir(dir, { recursive: true });
  let prices = 0;
  let promotionRows = 0;
  for (let store = 0; store < stores; store++) {
    const chainId = chainIdOf(store % CHAINS);
    const storeId = String(100 + store);
    const header = `<?xml version="1.0" encoding="UTF-8"?>\n<Root><ChainId>${chainId}</ChainId><StoreId>${storeId}</StoreId>`;
    await writeGzip(join(dir, `PriceFull${chainId}-${storeId}-202608150600.xml.gz`), async (push) => {
      await push(`${header}<Items Count="${items.length}">\n`);
      for (const [index, item] of items.entries()) {
        const factor = 0.9 + (hash(store, index) % 21) / 100;
        await push(itemXml(item, Math.max(10, Math.round((item.priceMinor * factor) / 10) * 10)));
      }
      await push('</Items></Root>\n');
    });
    prices += items.length;
    await writeGzip(join(dir, `PromoFull${chainId}-${storeId}-202608150600.xml.gz`), async (push) => {
      await push(`${header}<Promotions Count="${PROMOTIONS_PER_STORE}">\n`);
      for (let p = 0; p < PROMOTIONS_PER_STORE; p++) {
        const codes = Array.from({ length: ITEMS_PER_PROMOTION }, (_, i) => items[hash(store + p, i) % items.length]!.code);
        const distinct = [...new Set(codes)];
        promotionRows += distinct.length;
        await push(
          `<Promotion><PromotionId>${store}${String(p).padStart(5, '0')}</PromotionId>` +
            `<PromotionDescription>מבצע ${p}</PromotionDescription><PromotionStartDate>2026-08-15</PromotionStartDate>` +
            `<PromotionStartHour>00:00</PromotionStartHour><PromotionEndDate>2026-08-31</PromotionEndDate>` +
            `<PromotionEndHour>23:59</PromotionEndHour><MinQty>${1 + (p % 3)}</MinQty>` +
            `<DiscountedPrice>${(10 + (p % 40)).toFixed(2)}</DiscountedPrice><PromotionItems Count="${distinct.length}">` +
            distinct.map((code) => `<Item><ItemCode>${code}</ItemCode><ItemType>1</ItemType></Item>`).join('') +
            `</PromotionItems><AdditionalRestrictions><AdditionalIsCoupon>0</AdditionalIsCoupon><Clubs><ClubId>0 - כלל הלקוחות</ClubId>` +
            `</Clubs></AdditionalRestrictions></Promotion>\n`,
        );
      }
      await push('</Promotions></Root>\n');
    });
  }
  return { prices, promotionRows, files: stores * 2 };
}
