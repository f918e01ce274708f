import { toCents, type TModerationDeal, type TUpdateDeal, getTodayIso } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { CurrentUser } from '../../auth/current-user';
import { createId, isFlagSet, nowIso } from '../../db/ids';
import type { DealsTable } from '../../db/schema';
import type { Updateable } from 'kysely';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { alertMatchingShoppers } from '../deals';
import { notifyUser } from '../deals';
import { findDealRow, selectDeals, toDealDto, type DealRow } from '../deals';

type ModerationRow = DealRow & { submitter_email: string | null };

function toModerationDto(row: ModerationRow, viewerId: string): TModerationDeal {
  return { ...toDealDto(row, viewerId), submitterEmail: row.submitter_email, isPossibleDuplicate: isFlagSet(row.is_possible_duplicate) };
}

function selectModerationDeals(app: Deps<'db'>) {
  return selectDeals(app.db).leftJoin('profiles as p', 'p.id', 'd.submitted_by').select('p.email as submitter_email');
}

async function findModerationDeal(app: Deps<'db'>, id: string): Promise<ModerationRow> {
  const row = await selectModerationDeals(app).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Deal');
  return row;
}

export async function listModerationQueue(app: Deps<'db'>, admin: CurrentUser, status: 'pending' | 'approved' | 'rejected') {
  const rows = await selectModerationDeals(app)
    .where('d.status', '=', status)
    .orderBy('d.created_at', status === 'pending' ? 'asc' : 'desc')
    .limit(200)
    .execute();
  return { items: rows.map((r) => toModerationDto(r, admin.id)) };
}

async function recordAudit(app: Deps<'db'>, actor: CurrentUser, action: string, dealId: string, details: Record<string, unknown>) {
  await app.db
    .insertInto('audit_log')
    .values({
      id: createId(),
      actor_id: actor.id,
      action,
      target_type: 'deal',
      target_id: dealId,
      details: JSON.stringify({ ...details, actorEmail: actor.email }),
      created_at: nowIso(),
    })
    .execute();
}

export async function updatePendingDeal(app: Deps<'db'>, admin: CurrentUser, id: string, input: TUpdateDeal): Promise<TModerationDeal> {
  const before = await findModerationDeal(app, id);
  if (before.status !== 'pending') throw new HttpError(409, 'not_pending', 'Only pending deals can be edited');
  const change: Updateable<DealsTable> = { updated_at: nowIso() };
  if (input.title !== undefined) change.title = input.title;
  if (input.description !== undefined) change.description = input.description;
  if (input.price !== undefined) change.sale_price_cents = toCents(input.price);
  if (input.originalPrice !== undefined) change.original_price_cents = input.originalPrice === null ? null : toCents(input.originalPrice);
  if (input.category !== undefined) change.category = input.category || null;
  if (input.startDate !== undefined) change.starts_on = input.startDate;
  if (input.endDate !== undefined) change.ends_on = input.endDate;
  if (input.storeId !== undefined) {
    const store = await app.db.selectFrom('store_locations').select('id').where('id', '=', input.storeId).executeTakeFirst();
    if (!store) throw badRequest('Store not found');
    change.store_id = input.storeId;
  }
  if (input.productId !== undefined) {
    if (input.productId) {
      const product = await app.db.selectFrom('products').select('id').where('id', '=', input.productId).executeTakeFirst();
      if (!product) throw badRequest('Product not found');
    }
    change.product_id = input.productId;
  }
  const sale = change.sale_price_cents ?? before.sale_price_cents;
  const original = change.original_price_cents === undefined ? before.original_price_cents : change.original_price_cents;
  if (typeof sale === 'number' && typeof original === 'number' && sale > original) {
    throw badRequest('Sale price must not be above the original price');
  }
  await app.db.updateTable('deals').set(change).where('id', '=', id).execute();
  await recordAudit(app, admin, 'deal.edit', id, { changed: Object.keys(input) });
  return toModerationDto(await findModerationDeal(app, id), admin.id);
}

/** Approved deals with a product and store become price observations, so split-cart plans see the sale price. */
async function recordDealPrice(app: Deps<'db'>, deal: DealRow, userId: string) {
  if (!deal.product_id || !deal.store_id) return;
  await app.db
    .insertInto('price_observations')
    .values({
      id: createId(),
      product_id: deal.product_id,
      store_id: deal.store_id,
      observed_on: deal.starts_on ?? getTodayIso(),
      unit_price_cents: deal.sale_price_cents,
      is_deal: 1,
      source: 'deal',
      source_id: deal.id,
      user_id: userId,
      created_at: nowIso(),
    })
    .execute();
}

/** Moves a pending deal to its decision; another moderator may have decided meanwhile, and only the first counts. */
async function recordDecision(
  app: Deps<'db'>,
  admin: CurrentUser,
  id: string,
  status: 'approved' | 'rejected',
  reason: string | null,
): Promise<void> {
  const now = nowIso();
  const result = await app.db
    .updateTable('deals')
    .set({ status, rejection_reason: reason, moderated_by: admin.id, moderated_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, 'not_pending', 'This deal was already moderated');
}

export async function approveDeal(app: Deps<'config' | 'db' | 'events' | 'log'>, admin: CurrentUser, id: string): Promise<TModerationDeal> {
  const deal = await findModerationDeal(app, id);
  if (deal.status !== 'pending') throw new HttpError(409, 'not_pending', `This deal is already ${deal.status}`);
  if (deal.ends_on && deal.ends_on < getTodayIso()) throw new HttpError(409, 'expired', 'This deal has already ended');
  await recordDecision(app, admin, id, 'approved', null);
  // A store first typed on this deal was private to its submitter: approved, it joins everyone's pickers.
  await app.db.updateTable('store_locations').set({ is_public: 1 }).where('id', '=', deal.store_id).where('is_public', '=', 0).execute();
  await recordAudit(app, admin, 'deal.approve', id, { title: deal.title });
  const approved = await findDealRow(app.db, id);
  if (!approved) throw notFound('Deal');
  await recordDealPrice(app, approved, admin.id);
  if (deal.submitted_by) {
    await notifyUser(app, deal.submitted_by, {
      kind: 'deal_approved',
      title: 'Your deal was approved',
      body: `${deal.title} is now listed for other shoppers. Thanks for sharing!`,
      link: `/u/deals/${id}`,
    });
  }
  try {
    await alertMatchingShoppers(app, approved);
  } catch (err) {
    // The approval stands; a failed alert run is logged for operators rather than undoing the decision.
    app.log.error({ err, dealId: id }, 'deal alerts failed');
  }
  return toModerationDto(await findModerationDeal(app, id), admin.id);
}

export async function rejectDeal(
  app: Deps<'db' | 'events' | 'log'>,
  admin: CurrentUser,
  id: string,
  reason: string,
): Promise<TModerationDeal> {
  const deal = await findModerationDeal(app, id);
  if (deal.status !== 'pending') throw new HttpError(409, 'not_pending', `This deal is already ${deal.status}`);
  await recordDecision(app, admin, id, 'rejected', reason);
  await recordAudit(app, admin, 'deal.reject', id, { title: deal.title, reason });
  if (deal.submitted_by) {
    await notifyUser(app, deal.submitted_by, {
      kind: 'deal_rejected',
      title: 'Your deal was not approved',
      body: `${deal.title}: ${reason}`,
      link: '/u/deals',
    });
  }
  return toModerationDto(await findModerationDeal(app, id), admin.id);
}

export async function moderateInBulk(
  app: Deps<'config' | 'db' | 'events' | 'log'>,
  admin: CurrentUser,
  input: { ids: string[]; action: 'approve' | 'reject'; reason?: string },
) {
  let updated = 0;
  let skipped = 0;
  for (const id of [...new Set(input.ids)]) {
    try {
      if (input.action === 'approve') await approveDeal(app, admin, id);
      else await rejectDeal(app, admin, id, input.reason ?? '');
      updated += 1;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      skipped += 1;
    }
  }
  return { updated, skipped };
}
