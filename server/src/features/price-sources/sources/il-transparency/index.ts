// Israel's price-transparency files (PriceFull/Price, PromoFull/Promo, Stores), as the chains publish them.
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FeedError, type FeedRecord, type PriceSource, type SourceContext, type SourceInput } from '../../price-source';
import { openBytes } from '../feed-streams';
import { nameIlChain } from './chains';
import { parseIlFileName } from './file-name';
import { describeQuantity, IL_CURRENCY, parseMoneyMinor, readPromotions, readStore, toIlStoreRef } from './map-records';
import { childText, readXmlRecords, toOwnString, type XmlRecord } from './xml-records';
import { getTodayIso } from '@cartwise/contracts';

function todayIso(): string {
  return getTodayIso();
}

/** Reads one file's records; the file's name and its root give the chain and store of its prices. */
export async function* readIlFile(input: SourceInput, ctx: Pick<SourceContext, 'signal'>): AsyncGenerator<FeedRecord> {
  const named = parseIlFileName(input.name);
  const observedOn = named.date ?? todayIso();
  const seenItems = new Map<string, number>();
  const seenPromotions = new Map<string, number>();
  const announced = new Set<string>();
  let records = 0;

  const storeOf = (record: XmlRecord): { storeRef: string; chainId: string; storeId: string } => {
    const chainId = record.header.get('chainid')?.trim() || named.chainId;
    const storeId = record.header.get('storeid')?.trim() || named.storeId;
    if (!chainId || !storeId) throw new FeedError('Neither the file name nor the file gives a ChainId and StoreId');
    return { storeRef: toIlStoreRef(chainId, storeId), chainId, storeId };
  };

  const placeholder = (chainId: string, storeId: string, storeRef: string): FeedRecord => {
    const chainName = nameIlChain(chainId, null);
    return {
      type: 'store',
      store: {
        sourceRef: storeRef,
        chainRef: `il:${chainId}`,
        chainName,
        name: `${chainName} ${storeId}`,
        isOnline: false,
        isPlaceholder: true,
        currency: IL_CURRENCY,
      },
    };
  };

  for await (const batch of readXmlRecords(await openBytes(input)))
    for (const record of batch) {
      if (ctx.signal.aborted) throw new FeedError('The run was stopped');
      records += 1;
      if (record.kind === 'store') {
        yield { type: 'store', store: readStore(record.node, record.header, record.line) };
        continue;
      }
      const { storeRef, chainId, storeId } = storeOf(record);
      if (!announced.has(storeRef)) {
        announced.add(storeRef);
        yield placeholder(chainId, storeId, storeRef);
      }
      if (record.kind === 'promotion') {
        for (const promotion of readPromotions(record.node, storeRef, record.line)) {
          const earlier = seenPromotions.get(promotion.promotionId);
          if (earlier !== undefined) throw new FeedError(`Promotion ${promotion.promotionId} appears twice (line ${earlier})`, record.line);
          seenPromotions.set(toOwnString(promotion.promotionId), record.line);
          yield { type: 'promotion', promotion };
        }
        continue;
      }
      const code = childText(record.node, 'itemcode');
      if (!code) throw new FeedError('An item has no ItemCode', record.line);
      const earlier = seenItems.get(code);
      if (earlier !== undefined) throw new FeedError(`Item ${code} appears twice (line ${earlier})`, record.line);
      seenItems.set(toOwnString(code), record.line);
      const priceMinor = parseMoneyMinor(childText(record.node, 'itemprice'), 'ItemPrice', record.line);
      if (priceMinor === null) throw new FeedError(`Item ${code} has no ItemPrice`, record.line);
      // ItemType 0 marks the chain's own code for a weighed or in-store item, never a barcode.
      const isInternal = childText(record.node, 'itemtype') === '0';
      yield {
        type: 'price',
        price: {
          storeRef,
          priceMinor,
          currency: IL_CURRENCY,
          kind: 'regular',
          observedOn,
          product: {
            gtin: isInternal ? null : code,
            internalCode: code,
            name: childText(record.node, 'itemname') || childText(record.node, 'manufactureritemdescription') || code,
            brand: childText(record.node, 'manufacturername') || null,
            quantityText: describeQuantity(record.node),
          },
        },
      };
    }
  if (records === 0 && named.kind === 'prices') throw new FeedError('The price file has no items');
}

async function* listFiles(path: string): AsyncGenerator<SourceInput> {
  const info = await stat(path);
  if (!info.isDirectory()) {
    yield { name: path, open: () => Promise.resolve(createReadStream(path)) };
    return;
  }
  const names = (await readdir(path)).filter((name) => /\.xml(\.gz)?$|\.gz$/i.test(name)).sort(storesFirst);
  for (const name of names) yield* listFiles(join(path, name));
}

// Stores files go first so that their names and addresses win over placeholders.
function storesFirst(a: string, b: string): number {
  const rank = (name: string): number => (/^stores/i.test(name) ? 0 : 1);
  return rank(a) - rank(b) || a.localeCompare(b);
}

export const ilTransparencySource: PriceSource = {
  id: 'il-transparency',
  label: 'Israel price transparency (chains’ XML files)',
  async *discover(ctx) {
    const dir = ctx.config.directory;
    if (dir) yield* listFiles(dir);
  },
  listDirectory: listFiles,
  read: readIlFile,
};

export { listFiles as listIlFiles };
