import {
  SHELF_PRICE_AGREEMENT_DAYS,
  SHELF_PRICE_MAX_AGE_DAYS,
  type TPendingShelfPriceList,
  type TShelfPriceReport,
  type TShelfPriceReportResult,
  addDaysIso,
  toIsoDay,
} from '@cartwise/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Deps } from '../../app-types';
import type { Database } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../../platform/audit-log';
import { isStoreVisibleTo } from '../stores';
import { findVisibleProduct } from './products.repo';

interface ReportRow {
  id: string;
  user_id: string;
  product_id: string;
  store_id: string;
  observed_on: string;
  unit_price_cents: number;
}

/** Puts an approved report in everyone's price book (one observation per report, credited to its reporter). */
async function publishReport(trx: Transaction<Database> | Kysely<Database>, report: ReportRow): Promise<void> {
  const product = await trx
    .selectFrom('products')
    .select(['size_value', 'size_unit'])
    .where('id', '=', report.product_id)
    .executeTakeFirst();
  await trx
    .insertInto('price_observations')
    .values({
      id: createId(),
      product_id: report.product_id,
      store_id: report.store_id,
      observed_on: report.observed_on,
      unit_price_cents: Number(report.unit_price_cents),
      size_value: product?.size_value ?? null,
      size_unit: product?.size_unit ?? null,
      is_deal: 0,
      source: 'shelf',
      source_id: report.id,
      user_id: report.user_id,
      created_at: nowIso(),
    })
    .execute();
  await trx.updateTable('shelf_price_reports').set({ status: 'approved' }).where('id', '=', report.id).execute();
}

/**
 * Records a shopper's shelf price. It is theirs at once; when another shopper already reported the same price for the
 * same product and store within SHELF_PRICE_AGREEMENT_DAYS, the two agree and both join everyone's price book.
 */
export async function reportShelfPrice(
  app: Deps<'db'>,
  userId: string,
  productId: string,
  input: TShelfPriceReport,
  today = new Date(),
): Promise<TShelfPriceReportResult> {
  if (!(await findVisibleProduct(app.db, productId, userId))) throw notFound('Product');
  if (!(await isStoreVisibleTo(app.db, input.storeId, userId))) throw notFound('Store');
  const todayIso = toIsoDay(today);
  // A day of slack for time zones ahead of UTC.
  if (input.observedOn > addDaysIso(todayIso, 1)) throw badRequest('observedOn cannot be in the future');
  if (input.observedOn < addDaysIso(todayIso, -SHELF_PRICE_MAX_AGE_DAYS))
    throw badRequest(`observedOn must be within the last ${SHELF_PRICE_MAX_AGE_DAYS} days`);
  const profile = await app.db.selectFrom('profiles').select('currency').where('id', '=', userId).executeTakeFirstOrThrow();
  const store = await app.db.selectFrom('store_locations').select('currency').where('id', '=', input.storeId).executeTakeFirstOrThrow();
  if (store.currency && store.currency !== profile.currency)
    throw new HttpError(400, 'currency_mismatch', `This store prices in ${store.currency}; your prices are in ${profile.currency}.`);
  const report: ReportRow = {
    id: createId(),
    user_id: userId,
    product_id: productId,
    store_id: input.storeId,
    observed_on: input.observedOn,
    unit_price_cents: Math.round(input.price * 100),
  };
  return app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('shelf_price_reports')
      .values({ ...report, currency: store.currency ?? profile.currency, status: 'pending', created_at: nowIso() })
      .execute();
    // Agreement needs a second, independent shopper: the reporter's own earlier reports never count.
    const match = await trx
      .selectFrom('shelf_price_reports')
      .select(['id', 'user_id', 'product_id', 'store_id', 'observed_on', 'unit_price_cents', 'status'])
      .where('product_id', '=', productId)
      .where('store_id', '=', input.storeId)
      .where('unit_price_cents', '=', report.unit_price_cents)
      .where('user_id', '!=', userId)
      .where('status', '!=', 'rejected')
      .where('observed_on', '>=', addDaysIso(input.observedOn, -SHELF_PRICE_AGREEMENT_DAYS))
      .where('observed_on', '<=', addDaysIso(input.observedOn, SHELF_PRICE_AGREEMENT_DAYS))
      .orderBy('created_at')
      .executeTakeFirst();
    if (!match) return { id: report.id, status: 'pending' };
    if (match.status === 'pending') await publishReport(trx, match);
    await publishReport(trx, report);
    return { id: report.id, status: 'approved' };
  });
}

/** The caller's own shelf prices for a product that are not in the shared price book yet (their product page shows them). */
export function listOwnPendingReports(db: Kysely<Database>, userId: string, productId: string) {
  return db
    .selectFrom('shelf_price_reports')
    .innerJoin('store_locations', 'store_locations.id', 'shelf_price_reports.store_id')
    .select([
      'shelf_price_reports.id',
      'shelf_price_reports.store_id',
      'store_locations.name as store_name',
      'shelf_price_reports.observed_on',
      'shelf_price_reports.unit_price_cents',
      'shelf_price_reports.currency',
    ])
    .where('shelf_price_reports.user_id', '=', userId)
    .where('shelf_price_reports.product_id', '=', productId)
    .where('shelf_price_reports.status', '=', 'pending')
    .orderBy('shelf_price_reports.observed_on')
    .limit(100)
    .execute();
}

/** Pending shelf prices for the moderation queue, oldest first. */
export async function listPendingShelfPrices(app: Deps<'db'>): Promise<TPendingShelfPriceList> {
  const rows = await app.db
    .selectFrom('shelf_price_reports as r')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('store_locations as s', 's.id', 'r.store_id')
    .innerJoin('profiles as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.product_id',
      'p.name as product_name',
      's.name as store_name',
      'r.unit_price_cents',
      'r.currency',
      'r.observed_on',
      'u.email',
      'r.created_at',
    ])
    .where('r.status', '=', 'pending')
    .orderBy('r.created_at')
    .limit(200)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: r.product_name,
      storeName: r.store_name,
      unitPriceCents: Number(r.unit_price_cents),
      currency: r.currency,
      observedOn: r.observed_on,
      reportedBy: r.email,
      createdAt: r.created_at,
    })),
  };
}

/** An operator's decision on a pending shelf price (approve publishes it); audited. */
export async function moderateShelfPrice(
  app: Deps<'db'>,
  actor: { id: string },
  reportId: string,
  decision: 'approved' | 'rejected',
): Promise<TShelfPriceReportResult> {
  return app.db.transaction().execute(async (trx) => {
    const report = await trx
      .selectFrom('shelf_price_reports')
      .select(['id', 'user_id', 'product_id', 'store_id', 'observed_on', 'unit_price_cents'])
      .where('id', '=', reportId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!report) throw notFound('Pending shelf price');
    if (decision === 'approved') await publishReport(trx, report);
    else await trx.updateTable('shelf_price_reports').set({ status: 'rejected' }).where('id', '=', reportId).execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: decision === 'approved' ? 'shelf_price.approved' : 'shelf_price.rejected',
      targetType: 'shelf_price',
      targetId: reportId,
      details: { productId: report.product_id, storeId: report.store_id, unitPriceCents: Number(report.unit_price_cents) },
    });
    return { id: reportId, status: decision };
  });
}
