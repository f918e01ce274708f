import { precompile } from '../../db/precompiled-query';
import { listActiveDealCategories, selectActiveDeals, type DealRow, type Db } from './deals.repo';

/** The deals every shopper sees on the deals page before filtering: the same for all of them on a given day. */
export interface DealBoard {
  /** Approved deals running today, newest first (at most BOARD_SIZE). */
  rows: readonly DealRow[];
  categories: readonly string[];
}

export const BOARD_SIZE = 500;

interface CachedBoard {
  key: string;
  board: Promise<DealBoard>;
}

/** One board per database (each test app has its own), rebuilt when the day or the tables it is made of change. */
const boards = new WeakMap<Db, CachedBoard>();

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

async function loadBoard(db: Db, today: string): Promise<DealBoard> {
  const [rows, categories] = await Promise.all([selectBoardRows(db, { today, limit: BOARD_SIZE }), listActiveDealCategories(db, today)]);
  return { rows, categories };
}

/**
 * Today's board, built once and reused until a deal, store or chain is written anywhere (every instance and any
 * other writer raise the same counters), so a page of deals costs one small read instead of three joins. The
 * counters are read before the board is built: a write landing in between makes the next call rebuild it.
 */
export async function getDealBoard(db: Db, today: string): Promise<DealBoard> {
  const [row] = await readBoardVersion(db, {});
  if (row?.version === null || row?.version === undefined) return loadBoard(db, today);
  const key = `${today}/${Number(row.version)}`;
  const cached = boards.get(db);
  if (cached?.key === key) return cached.board;
  const board = loadBoard(db, today);
  boards.set(db, { key, board });
  // A failed build is not kept: the next call tries again.
  board.catch(() => {
    if (boards.get(db)?.board === board) boards.delete(db);
  });
  return board;
}
