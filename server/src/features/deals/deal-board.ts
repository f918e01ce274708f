import type { TDeal } from '@cartwise/contracts';
import { getCacheTrust, type TrustToken } from '../../db/cache-trust';
import { precompile } from '../../db/precompiled-query';
import { noteSettled, peekSettled } from '../../db/settled-value';
import { listActiveDealCategories, selectActiveDeals, selectDeals, toDealDto, type DealRow, type Db } from './deals.repo';

/** The deals every shopper sees on the deals page before filtering: the same for all of them on a given day. */
export interface DealBoard {
  /** The day and the tables' write counters it was built for. */
  key: string;
  /** Approved deals running today, newest first (at most BOARD_SIZE). */
  rows: readonly DealRow[];
  /** The same deals as the page shows them to anyone but their submitter (`isMine` false). */
  items: readonly TDeal[];
  categories: readonly string[];
}

export const BOARD_SIZE = 500;
const MY_SUBMISSIONS = 50;
const MAX_VIEWERS = 10_000;

interface Cached<T> {
  key: string;
  value: Promise<T>;
}

interface CachedBoard extends Cached<DealBoard> {
  today: string;
  /** Taken before the counters were last read: while current, they need not be read again (db/cache-trust.ts). */
  token: TrustToken | null;
}

/** One board per database (each test app has its own), rebuilt when the day or the tables it is made of change. */
const boards = new WeakMap<Db, CachedBoard>();
/** Per database, each viewer's pending and rejected submissions, kept under the board's key. */
const submissions = new WeakMap<Db, Map<string, Cached<DealRow[]>>>();

/** The tables' write counters, raised by database triggers (migration 20261126T0130-table-versions). */
const readBoardVersion = precompile((db, _params: Record<string, never>) =>
  db
    .selectFrom('table_versions')
    .select((eb) => eb.fn.sum<number | string | null>('version').as('version'))
    .where('name', 'in', ['deals', 'store_locations', 'store_chains']),
);

const selectBoardRows = precompile((db, p: { today: string; limit: number }) =>
  selectActiveDeals(db, p.today).orderBy('d.created_at', 'desc').limit(p.limit),
);

const selectMySubmissions = precompile((db, p: { userId: string; limit: number }) =>
  selectDeals(db)
    .where('d.submitted_by', '=', p.userId)
    .where('d.status', 'in', ['pending', 'rejected'])
    .orderBy('d.created_at', 'desc')
    .limit(p.limit),
);

async function loadBoard(db: Db, today: string, key: string): Promise<DealBoard> {
  const [rows, categories] = await Promise.all([selectBoardRows(db, { today, limit: BOARD_SIZE }), listActiveDealCategories(db, today)]);
  return { key, rows, items: rows.map((row) => toDealDto(row, null)), categories };
}

/** Keeps `value` under `key` unless it fails, so that the next call tries again. */
function remember<T>(store: { get(): Cached<T> | undefined; set(entry: Cached<T>): void; drop(): void }, key: string, value: Promise<T>) {
  const entry = { key, value: noteSettled(value) };
  store.set(entry);
  value.catch(() => {
    if (store.get() === entry) store.drop();
  });
  return value;
}

/**
 * Today's board, built once and reused until a deal, store or chain is written anywhere (every instance and any
 * other writer raise the same counters), so a page of deals costs one small read instead of three joins, and none
 * while the database's trust says nothing was written since. The counters are read before the board is built: a
 * write landing in between makes the next call rebuild it.
 */
export async function getDealBoard(db: Db, today: string): Promise<DealBoard> {
  const trust = getCacheTrust(db);
  const current = boards.get(db);
  if (current?.today === today && trust?.isCurrent(current.token)) return current.value;
  const token = trust?.snapshot() ?? null;
  const [row] = await readBoardVersion(db, {});
  if (row?.version === null || row?.version === undefined) return loadBoard(db, today, '');
  const key = `${today}/${Number(row.version)}`;
  const cached = boards.get(db);
  if (cached?.key === key) {
    cached.token = token;
    return cached.value;
  }
  const store = {
    get: () => boards.get(db),
    set: (e: Cached<DealBoard>) => boards.set(db, Object.assign(e, { today, token })),
    drop: () => boards.delete(db),
  };
  return remember(store, key, loadBoard(db, today, key));
}

/**
 * The viewer's own deals still pending or rejected (newest first), reused while `board` is current: any write to
 * deals moves the board's key, so a submission or a moderator's decision is seen at once.
 */
export function getMySubmissions(db: Db, board: DealBoard, userId: string): Promise<DealRow[]> {
  const load = () => selectMySubmissions(db, { userId, limit: MY_SUBMISSIONS });
  if (!board.key) return load();
  let viewers = submissions.get(db);
  if (!viewers) submissions.set(db, (viewers = new Map<string, Cached<DealRow[]>>()));
  const cached = viewers.get(userId);
  if (cached?.key === board.key) return cached.value;
  const map = viewers;
  const store = {
    get: () => map.get(userId),
    set: (e: Cached<DealRow[]>) => {
      // Map keeps insertion order: the first key is the entry built longest ago.
      map.delete(userId);
      map.set(userId, e);
      if (map.size > MAX_VIEWERS) map.delete(map.keys().next().value as string);
    },
    drop: () => map.delete(userId),
  };
  return remember(store, board.key, load());
}

/** Today's board at once when it is built and nothing may have moved its counters since (no database read). */
export function peekDealBoard(db: Db, today: string): DealBoard | undefined {
  const current = boards.get(db);
  if (current?.today !== today || !getCacheTrust(db)?.isCurrent(current.token)) return undefined;
  return peekSettled(current.value);
}

/** The viewer's submissions at once when they are kept under `board`'s key and have been read. */
export function peekMySubmissions(db: Db, board: DealBoard, userId: string): DealRow[] | undefined {
  const cached = board.key ? submissions.get(db)?.get(userId) : undefined;
  return cached?.key === board.key ? peekSettled(cached.value) : undefined;
}
