import {
  DEAL_SUBMISSIONS_OFF_MESSAGE,
  describeDealLimit,
  isLikelyDuplicateDeal,
  matchDealToSignals,
  toCents,
  type TCreateDealParsed,
  type TDeal,
  type TDealList,
  type TDealListQuery,
  type TDealsForYou,
  addDaysIso,
  getTodayIso,
  addDaysTo,
} from '@cartwise/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Deps } from '../../app-types';
import type { CurrentUser } from '../../auth/current-user';
import { createId, nowIso, toFlag } from '../../db/ids';
import { findVisibleProduct } from '../products';
import { lockWithinTransaction } from '../../db/transaction-lock';
import type { Database, DealsTable } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { markReusable } from '../../http/reusable-response';
import { assertFeatureEnabled, getIntegerSetting } from '../../platform/operator-settings';
import { findOrCreateStoreByName, findStoreIdByName } from '../stores';
import { deleteDealPhoto, saveDealPhoto } from './deal-photos';
import { listUserSignals } from './deal-signals';
import { BOARD_SIZE, getDealBoard, getMySubmissions, peekDealBoard, peekMySubmissions, type DealBoard } from './deal-board';
import { findDealRow, selectActiveDeals, toContainsPattern, toDealDto, type DealRow } from './deals.repo';

export const ENDING_SOON_DAYS = 3;

function isFiltered(query: TDealListQuery): boolean {
  return Boolean(query.q || query.category || query.isMyStores === 'true' || query.isEndingSoon === 'true');
}

/** Filters today's active deals with SQL; the unfiltered page is the shared deal board (deal-board.ts). */
function selectFilteredDeals(app: Deps<'db'>, viewer: CurrentUser, query: TDealListQuery, today: string): Promise<DealRow[]> {
  let active = selectActiveDeals(app.db, today);
  if (query.q) {
    const pattern = toContainsPattern(query.q);
    active = active.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['d.title']), 'like', pattern),
        eb(eb.fn('lower', ['d.description']), 'like', pattern),
        eb(eb.fn('lower', ['s.name']), 'like', pattern),
        eb(eb.fn('lower', ['c.name']), 'like', pattern),
      ]),
    );
  }
  if (query.category) active = active.where('d.category', '=', query.category);
  if (query.isMyStores === 'true') {
    active = active.where('d.store_id', 'in', (eb) =>
      eb.selectFrom('user_home_stores').select('store_id').where('user_id', '=', viewer.id),
    );
  }
  if (query.isEndingSoon === 'true') {
    active = active.where('d.ends_on', 'is not', null).where('d.ends_on', '<=', addDaysIso(today, ENDING_SOON_DAYS));
  }
  return active.orderBy('d.created_at', 'desc').limit(BOARD_SIZE).execute();
}

/** Each viewer's unfiltered page, built on their (cached) submissions and reused while the board is the same. */
const unfilteredPages = new WeakMap<DealRow[], { board: DealBoard; page: TDealList }>();

export async function listDeals(app: Deps<'db'>, viewer: CurrentUser, query: TDealListQuery): Promise<TDealList> {
  const today = getTodayIso();
  const board = await getDealBoard(app.db, today);
  const mine = await getMySubmissions(app.db, board, viewer.id);
  const mySubmissions = () => mine.map((r) => toDealDto(r, viewer.id));
  if (isFiltered(query)) {
    const rows = await selectFilteredDeals(app, viewer, query, today);
    return { items: rows.map((r) => toDealDto(r, viewer.id)), mySubmissions: mySubmissions(), categories: [...board.categories] };
  }
  const last = unfilteredPages.get(mine);
  if (last?.board === board) return last.page;
  // The board's deals are already shaped for everyone; only the viewer's own need `isMine`.
  const page = markReusable({
    items: board.items.map((item, i) => (board.rows[i]!.submitted_by === viewer.id ? { ...item, isMine: true } : item)),
    mySubmissions: mySubmissions(),
    categories: [...board.categories],
  });
  unfilteredPages.set(mine, { board, page });
  return page;
}

/**
 * The unfiltered page at once when the board, the viewer's submissions and their page are all kept and nothing may
 * have been written since: the route then answers without a promise. Undefined means ask listDeals.
 */
export function peekDealsPage(app: Deps<'db'>, viewer: CurrentUser, query: TDealListQuery): TDealList | undefined {
  if (isFiltered(query)) return undefined;
  const board = peekDealBoard(app.db, getTodayIso());
  const mine = board && peekMySubmissions(app.db, board, viewer.id);
  const last = mine && unfilteredPages.get(mine);
  return last && last.board === board ? last.page : undefined;
}

/** A deal is visible when approved, or to its submitter and to admins; others get 404 so ids do not leak. */
export async function getVisibleDeal(app: Deps<'db'>, viewer: CurrentUser, id: string): Promise<DealRow> {
  const row = await findDealRow(app.db, id);
  const isVisible = row && (row.status === 'approved' || row.submitted_by === viewer.id || viewer.isAdmin);
  if (!row || !isVisible) throw notFound('Deal');
  return row;
}

/** An existing store's id, or the store a shopper typed, to be created only with the deal it belongs to. */
type StoreChoice = { existingId: string } | { newStore: { name: string; chainId: string | null } };

async function resolveStore(app: Deps<'db'>, input: TCreateDealParsed): Promise<StoreChoice> {
  if (input.storeId) {
    const store = await app.db.selectFrom('store_locations').select('id').where('id', '=', input.storeId).executeTakeFirst();
    if (!store) throw badRequest('Store not found: choose a store from the list');
    return { existingId: store.id };
  }
  const name = (input.storeName ?? '').trim();
  const existingId = await findStoreIdByName(app.db, name);
  if (existingId) return { existingId };
  // A store typed by a shopper joins the chain of the same name when there is one (e.g. "Lidl").
  const chain = await app.db
    .selectFrom('store_chains')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return { newStore: { name, chainId: chain?.id ?? null } };
}

function rateLimited(limit: number): HttpError {
  return new HttpError(429, 'rate_limited', `You can submit ${describeDealLimit(limit)}. Please try again later.`);
}

/** Deals this shopper submitted within the last 24 hours (a rolling day, so there is no midnight burst). */
async function countRecentSubmissions(db: Kysely<Database>, userId: string): Promise<number> {
  const since = addDaysTo(new Date(), -1).toISOString();
  const row = await db
    .selectFrom('deals')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('submitted_by', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Returns the shopper's daily limit for createDeal, and refuses a submission while the operator has deal
 * submissions turned off, or once the shopper reached the
 * `deal_submission_rate_limit` setting within the last 24 hours. Runs before the form is read so a shopper is
 * told this rather than about a field they got wrong; createDeal checks the limit again atomically with its insert.
 */
export async function assertCanSubmitDeal(app: Deps<'db'>, userId: string): Promise<number> {
  await assertFeatureEnabled(app, 'deal_submissions', DEAL_SUBMISSIONS_OFF_MESSAGE);
  const limit = await getIntegerSetting(app, 'deal_submission_rate_limit');
  if ((await countRecentSubmissions(app.db, userId)) >= limit) throw rateLimited(limit);
  return limit;
}

/**
 * Inserts the deal unless the shopper already reached `limit` in the last day; false when refused. Count and insert
 * share one transaction, locked per shopper (lockWithinTransaction), so two submissions cannot both see the same count.
 */
async function insertDealWithinLimit(
  app: Deps<'db'>,
  userId: string,
  limit: number,
  store: StoreChoice,
  values: Omit<Insertable<DealsTable>, 'store_id'>,
): Promise<boolean> {
  return app.db.transaction().execute(async (trx) => {
    await lockWithinTransaction(trx, `deal-submission:${userId}`);
    if ((await countRecentSubmissions(trx, userId)) >= limit) return false;
    // A typed store is created here, after the limit check, so a refused submission leaves no store behind.
    // Another shopper may have typed the same new store a moment ago: it is looked up again under the name's lock.
    // It stays private to the submitter until a moderator approves the deal (unreviewed names reach no picker).
    const storeId =
      'existingId' in store
        ? store.existingId
        : (await findOrCreateStoreByName(trx, userId, store.newStore.name, async () => store.newStore.chainId, { isPublic: false })).id;
    await trx
      .insertInto('deals')
      .values({ ...values, store_id: storeId })
      .execute();
    return true;
  });
}

async function isPossibleDuplicate(
  app: Deps<'db'>,
  candidate: { storeId: string; title: string; salePriceCents: number },
): Promise<boolean> {
  const today = getTodayIso();
  const others = await app.db
    .selectFrom('deals')
    .select(['store_id', 'title', 'sale_price_cents'])
    .where('store_id', '=', candidate.storeId)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('status', '=', 'approved')]))
    .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
    .limit(500)
    .execute();
  return others.some((o) => isLikelyDuplicateDeal(candidate, { storeId: o.store_id, title: o.title, salePriceCents: o.sale_price_cents }));
}

/**
 * Creates a pending deal for moderation, with the shelf-tag photo stored EXIF-free when given; callers check
 * assertCanSubmitDeal first and pass the `limit` it returns, which is enforced again here, atomically, for
 * submissions that raced past that check.
 */
export async function createDeal(
  app: Deps<'db' | 'files' | 'log'>,
  user: CurrentUser,
  input: TCreateDealParsed,
  photo: Buffer | null,
  limit: number,
): Promise<TDeal> {
  if (input.price === undefined) throw badRequest('Price is required');
  if (input.endDate && input.endDate < getTodayIso()) throw badRequest('End date has already passed');
  let category = input.category ?? null;
  if (input.productId) {
    const product = await findVisibleProduct(app.db, input.productId, user.id);
    if (!product) throw badRequest('Product not found');
    category ??= product.category;
  }
  const store = await resolveStore(app, input);
  const id = createId();
  const photoKey = photo ? await saveDealPhoto(app, id, photo) : null;
  const salePriceCents = toCents(input.price);
  // A store that does not exist yet has no deals to duplicate.
  const isDuplicate =
    'existingId' in store && (await isPossibleDuplicate(app, { storeId: store.existingId, title: input.title, salePriceCents }));
  const now = nowIso();
  const isInserted = await insertDealWithinLimit(app, user.id, limit, store, {
    id,
    submitted_by: user.id,
    title: input.title,
    description: input.description,
    sale_price_cents: salePriceCents,
    original_price_cents: input.originalPrice === undefined ? null : toCents(input.originalPrice),
    product_id: input.productId ?? null,
    category,
    starts_on: input.startDate ?? null,
    ends_on: input.endDate ?? null,
    status: 'pending',
    is_possible_duplicate: toFlag(isDuplicate),
    photo_key: photoKey,
    created_at: now,
    updated_at: now,
  });
  if (!isInserted) {
    if (photoKey) await deleteDealPhoto(app, photoKey);
    throw rateLimited(limit);
  }
  app.log.info({ dealId: id, userId: user.id, isDuplicate }, 'deal submitted');
  const row = await findDealRow(app.db, id);
  if (!row) throw notFound('Deal');
  return toDealDto(row, user.id);
}

/** Active deals on what this shopper bought recently, lists or keeps, best matches first. */
export async function listDealsForYou(app: Deps<'db'>, user: CurrentUser): Promise<TDealsForYou> {
  const signals = await listUserSignals(app.db, user.id);
  if (signals.length === 0) return { items: [] };
  const rows = await selectActiveDeals(app.db, getTodayIso()).orderBy('d.created_at', 'desc').limit(1000).execute();
  const matches = rows.flatMap((row) => {
    const match = matchDealToSignals({ title: row.title, productId: row.product_id }, signals);
    return match ? [{ row, match }] : [];
  });
  matches.sort((a, b) => b.match.score - a.match.score);
  return {
    items: matches.slice(0, 50).map(({ row, match }) => ({
      deal: toDealDto(row, user.id),
      source: match.source,
      matchedName: match.matchedName,
    })),
  };
}
