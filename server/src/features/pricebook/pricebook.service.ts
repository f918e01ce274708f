import { parsePriceImport, type PriceImportError } from '@cartwise/contracts/domain/price-import';
import { parseSize } from '@cartwise/contracts/domain/sizes';
import type { Deps } from '../../app-types';
import { createId, nowIso, toFlag } from '../../db/ids';
import { badRequest } from '../../http/errors';
import { findOrCreateChain, findOrCreateProduct, findOrCreateStore } from './pricebook.repo';

export interface ImportSummary {
  format: 'cartwise' | 'open-prices';
  imported: number;
  skipped: number;
  createdStores: number;
  createdProducts: number;
  errors: PriceImportError[];
}

const MAX_REPORTED_ERRORS = 50;

/** Imports a CSV or JSON price file into the price book: stores, chains and products are created as needed. */
export async function importPrices(
  app: Deps<'db' | 'log'>,
  input: { content: string; kind: 'csv' | 'json'; actorId: string },
): Promise<ImportSummary> {
  const parsed = parsePriceImport(input.content, input.kind);
  if ('error' in parsed) throw badRequest(parsed.error);
  if (parsed.records.length === 0) {
    const first = parsed.errors[0];
    throw badRequest(first ? `No valid rows: line ${first.line}: ${first.message}` : 'The file has no price rows');
  }
  let createdStores = 0;
  let createdProducts = 0;
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    for (const record of parsed.records) {
      const chain = record.chainName ? await findOrCreateChain(trx, record.chainName) : null;
      const store = await findOrCreateStore(trx, {
        name: record.storeName,
        chainId: chain?.id ?? null,
        address: record.address,
        city: record.city,
        createdBy: input.actorId,
      });
      const size = parseSize(record.sizeText ?? record.productName);
      const product = await findOrCreateProduct(trx, {
        name: record.productName,
        brand: record.brand,
        category: record.category,
        sizeValue: size?.amount ?? null,
        sizeUnit: size?.unit ?? null,
        barcode: record.barcode,
      });
      if (store.isNew) createdStores += 1;
      if (product.isNew) createdProducts += 1;
      await trx
        .insertInto('price_observations')
        .values({
          id: createId(),
          product_id: product.id,
          store_id: store.id,
          observed_on: record.date,
          unit_price_cents: record.priceCents,
          size_value: size?.amount ?? null,
          size_unit: size?.unit ?? null,
          is_deal: toFlag(record.isDeal),
          source: 'import',
          source_id: null,
          user_id: input.actorId,
          created_at: now,
        })
        .execute();
    }
    await trx
      .insertInto('audit_log')
      .values({
        id: createId(),
        actor_id: input.actorId,
        action: 'prices.import',
        target_type: 'price_observations',
        target_id: null,
        details: JSON.stringify({ format: parsed.format, rows: parsed.records.length, errors: parsed.errors.length }),
        created_at: now,
      })
      .execute();
  });
  app.log.info({ imported: parsed.records.length, skipped: parsed.errors.length, actorId: input.actorId }, 'price import finished');
  return {
    format: parsed.format,
    imported: parsed.records.length,
    skipped: parsed.errors.length,
    createdStores,
    createdProducts,
    errors: parsed.errors.slice(0, MAX_REPORTED_ERRORS),
  };
}
