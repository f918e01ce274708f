import type { TAdminStores, TAdminStoresFilter } from '@cartwise/contracts';
import { MAX_STORES_FOR_DUPLICATE_CHECK, suggestStoreMerges } from '@cartwise/receipt-reader';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { toContainsLikePattern } from '../../db/like-pattern';
import { readJsonColumn, jsonRowsFrom } from '../../db/json-rows';
import { selectChainsWithStoreCounts, toChainCounts } from '../stores';

type Filter = Pick<TAdminStoresFilter, 'page' | 'page_size'> & Partial<Pick<TAdminStoresFilter, 'q' | 'duplicates'>>;

/**
 * Whether another location shares this one's chain and address, or its phone (`s` is the location). One EXISTS per
 * rule, each an index look-up (store_locations_chain_address_idx, store_locations_phone_key_idx). Phones compare by
 * their key (stores/store-phone.ts), so one number written two ways is one phone, as a receipt's store look-up has it. With the rules OR-ed,
 * SQLite can only use both through a multi-index OR, which it drops when the phone index looks unselective (feed
 * stores without phones) and then reads every location for each one checked.
 */
const HAS_TWIN = sql<boolean>`((s.address <> '' and exists (select 1 from store_locations o
    where o.chain_id = s.chain_id and lower(o.address) = lower(s.address) and o.id <> s.id))
  or (s.phone_key is not null and exists (select 1 from store_locations o
    where o.phone_key = s.phone_key and o.id <> s.id)))`;

/** The operator's store list: chains (each flagged when its name is a misreading of another's) and a page of locations. */
export async function listAdminStores(app: Deps<'db'>, query: Filter): Promise<TAdminStores> {
  const db = app.db;
  let base = db.selectFrom('store_locations as s').leftJoin('store_chains as c', 'c.id', 's.chain_id');
  const text = query.q?.trim();
  if (text) {
    const pattern = toContainsLikePattern(text);
    base = base.where(
      sql<boolean>`(lower(s.name) like ${pattern} escape '\\' or lower(s.address) like ${pattern} escape '\\'
        or lower(s.city) like ${pattern} escape '\\' or lower(coalesce(c.name, '')) like ${pattern} escape '\\')`,
    );
  }
  if (query.duplicates === 'true') base = base.where(HAS_TWIN);
  // Receipts are counted by triggers (store_totals): counting them here grew with every shopper's receipts.
  const page = base
    .leftJoin('store_totals as t', 't.store_id', 's.id')
    .select(['s.id', 's.name', 's.address', 's.city', 's.phone', 's.chain_id', 'c.name as chain_name', 't.receipt_count'])
    .select((eb) => [
      eb
        .selectFrom('deals')
        .select((d) => d.fn.countAll<number | string>().as('n'))
        .whereRef('deals.store_id', '=', 's.id')
        .as('deal_count'),
    ])
    .orderBy('c.name')
    .orderBy('s.name')
    .orderBy('s.id')
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // Each location's price count comes from store_totals (one row per location), not a sum over its products' summaries;
  // past the limit suggestStoreMerges compares nothing, and the extra row says the limit was passed.
  const named = db
    .selectFrom('store_locations')
    .leftJoin('store_totals', 'store_totals.store_id', 'store_locations.id')
    .select(['store_locations.id', 'store_locations.name', 'store_totals.observation_count as weight'])
    .limit(MAX_STORES_FOR_DUPLICATE_CHECK + 1);
  // One statement (json-rows.ts): on PostgreSQL each statement costs more than these reads take to run.
  const figures = await db
    .selectNoFrom([
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).as('total'),
      jsonRowsFrom(db, page).as('rows'),
      jsonRowsFrom(db, named).as('named'),
      jsonRowsFrom(db, selectChainsWithStoreCounts(db)).as('chains'),
    ])
    .executeTakeFirstOrThrow();
  const rows = readJsonColumn(figures.rows, []);
  const chains = toChainCounts(readJsonColumn(figures.chains, []));
  // Names a misreading apart, checked while there are few enough locations to compare all names (the price book's rule).
  const byName = suggestStoreMerges(
    readJsonColumn(figures.named, []).map((store) => ({ id: store.id, name: store.name, weight: Number(store.weight ?? 0) })),
  );
  // The twins need the page's ids. Asked per page row inside the statement above, SQLite took longer than this join.
  const twins = await findTwins(
    app,
    rows.map((row) => row.id),
  );
  const chainMerges = suggestStoreMerges(chains.map((chain) => ({ id: chain.id, name: chain.name, weight: chain.storeCount })));
  return {
    chains: chains.map((chain) => {
      const into = chainMerges.get(chain.id);
      return {
        id: chain.id,
        name: chain.name,
        location_count: chain.storeCount,
        possible_duplicate_of: into ? { id: into.id, name: into.name } : null,
      };
    }),
    locations: rows.map((row) => {
      const twin = twins.get(row.id);
      const named = byName.get(row.id);
      return {
        id: row.id,
        name: row.name,
        chain_name: row.chain_name,
        address: row.address,
        city: row.city,
        phone: row.phone,
        deal_count: Number(row.deal_count ?? 0),
        receipt_count: Number(row.receipt_count ?? 0),
        possible_duplicate_of: twin ?? (named ? { id: named.id, name: named.name, reason: 'name' as const } : null),
      };
    }),
    total: Number(figures.total ?? 0),
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * For each of these locations, the first other location (by id) of its chain at its address or with its phone; 'phone'
 * when the phones match. Each rule finds its first twin in a subquery of its own, an index look-up per page location
 * on both databases (see HAS_TWIN); the lesser of the two is the first twin, so only the first row per location is kept.
 * The twin's name and phone are scalar subqueries too: joined, PostgreSQL hashed a scan of every location.
 */
async function findTwins(app: Deps<'db'>, ids: string[]) {
  const twins = new Map<string, { id: string; name: string; reason: 'address' | 'phone' }>();
  if (ids.length === 0) return twins;
  const page = sql.join(ids);
  const { rows: pairs } = await sql<{ id: string; twinId: string; twinName: string; isPhone: number }>`
    select p.id, p.twin_id as "twinId", (select o.name from store_locations o where o.id = p.twin_id) as "twinName",
      case when (select o.phone_key from store_locations o where o.id = p.twin_id) = p.phone_key then 1 else 0 end as "isPhone"
    from (
      select s.id, s.phone_key, (select o.id from store_locations o
          where o.chain_id = s.chain_id and lower(o.address) = lower(s.address) and o.id <> s.id order by o.id limit 1) as twin_id
        from store_locations s where s.id in (${page}) and s.address <> ''
      union all
      select s.id, s.phone_key, (select o.id from store_locations o where o.phone_key = s.phone_key and o.id <> s.id order by o.id limit 1)
        from store_locations s where s.id in (${page}) and s.phone_key is not null
    ) p
    where p.twin_id is not null
    order by p.twin_id`.execute(app.db);
  for (const pair of pairs) {
    if (!twins.has(pair.id))
      twins.set(pair.id, { id: pair.twinId, name: pair.twinName, reason: Number(pair.isPhone) === 1 ? 'phone' : 'address' });
  }
  return twins;
}
