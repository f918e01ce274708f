import type { TPriceBook, TSaveStore } from '@cartwise/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { HttpError, notFound } from '../../http/errors';
import { suggestStoreMerges } from '@cartwise/receipt-reader';
import { readJsonColumn, jsonRowsFrom } from '../../db/json-rows';
import { precompile } from '../../db/precompiled-query';
import { selectChainsWithStoreCounts, toChainCounts } from '../stores';
import { getStaleDays } from './price-age';
import { addDaysIso, getTodayIso } from '@cartwise/contracts';

async function recordAudit(
  app: Deps<'database' | 'db'>,
  actorId: string,
  action: string,
  targetId: string,
  details: object,
): Promise<void> {
  await app.db
    .insertInto('audit_log')
    .values({
      id: createId(),
      actor_id: actorId,
      action,
      target_type: 'store',
      target_id: targetId,
      details: JSON.stringify(details),
      created_at: nowIso(),
    })
    .execute();
}

async function assertChainExists(app: Deps<'database' | 'db'>, chainId: string | null): Promise<void> {
  if (!chainId) return;
  const chain = await app.db.selectFrom('store_chains').select('id').where('id', '=', chainId).executeTakeFirst();
  if (!chain) throw new HttpError(400, 'bad_request', 'That chain does not exist');
}

export async function createChain(app: Deps<'database' | 'db'>, actorId: string, name: string): Promise<string> {
  const existing = await app.db
    .selectFrom('store_chains')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (existing) throw new HttpError(409, 'conflict', `A chain named ${name} already exists`);
  const id = createId();
  await app.db.insertInto('store_chains').values({ id, name, created_at: nowIso() }).execute();
  await recordAudit(app, actorId, 'chain.create', id, { name });
  return id;
}

/** The delivery and place fields the operator sent; those left out stay as they are. */
function toDeliveryColumns(input: TSaveStore) {
  return {
    ...(input.location !== undefined ? { lat: input.location?.lat ?? null, lon: input.location?.lon ?? null } : {}),
    ...(input.isOnline !== undefined ? { is_online: input.isOnline ? 1 : 0 } : {}),
    ...(input.deliveryFeeCents !== undefined ? { delivery_fee_cents: input.deliveryFeeCents } : {}),
    ...(input.minOrderCents !== undefined ? { min_order_cents: input.minOrderCents } : {}),
  };
}

export async function createStore(app: Deps<'database' | 'db'>, actorId: string, input: TSaveStore): Promise<string> {
  await assertChainExists(app, input.chainId);
  const id = createId();
  await app.db
    .insertInto('store_locations')
    .values({
      id,
      name: input.name,
      chain_id: input.chainId,
      address: input.address,
      city: input.city,
      ...toDeliveryColumns(input),
      created_by: actorId,
      created_at: nowIso(),
    })
    .execute();
  await recordAudit(app, actorId, 'store.create', id, input);
  return id;
}

export async function updateStore(app: Deps<'database' | 'db'>, actorId: string, id: string, input: TSaveStore): Promise<void> {
  await assertChainExists(app, input.chainId);
  const result = await app.db
    .updateTable('store_locations')
    .set({ name: input.name, chain_id: input.chainId, address: input.address, city: input.city, ...toDeliveryColumns(input) })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Store');
  await recordAudit(app, actorId, 'store.update', id, input);
}

/** Deleting a store keeps receipts (their store link is cleared) but drops its price observations. */
export async function deleteStore(app: Deps<'database' | 'db'>, actorId: string, id: string): Promise<void> {
  const result = await app.db.deleteFrom('store_locations').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Store');
  await recordAudit(app, actorId, 'store.delete', id, {});
}

/**
 * The price book's figures in one statement (json-rows.ts): the chains, the stores with their observation counts (their
 * store_totals rows, kept by triggers), the product count, and per store the newest date and the products whose newest
 * price there is older than `staleBefore` (history does not count). Those come from store_price_days, per store and
 * day the products whose newest price is that day, kept by triggers, so a load reads one row per day of a store's
 * history that is some product's newest, however many products and observations the store has.
 */
const selectPriceBookFigures = precompile((db, p: { staleBefore: string }) =>
  db.selectNoFrom((eb) => [
    jsonRowsFrom(db, selectChainsWithStoreCounts(db)).as('chains'),
    jsonRowsFrom(
      db,
      db
        .selectFrom('store_locations')
        .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
        .leftJoin('store_totals', 'store_totals.store_id', 'store_locations.id')
        .select([
          'store_locations.id',
          'store_locations.name',
          'store_locations.chain_id',
          'store_chains.name as chain_name',
          'store_locations.address',
          'store_locations.city',
          'store_totals.observation_count',
        ])
        .orderBy('store_chains.name')
        .orderBy('store_locations.name'),
    ).as('stores'),
    jsonRowsFrom(
      db,
      db
        .selectFrom('store_price_days')
        .select((d) => [
          'store_id',
          d.fn.max('latest_observed_on').as('latestObservedOn'),
          sql<number | string>`SUM(CASE WHEN latest_observed_on < ${p.staleBefore} THEN product_count ELSE 0 END)`.as('staleCount'),
        ])
        .groupBy('store_id'),
    ).as('figures'),
    eb
      .selectFrom('products')
      .select((c) => c.fn.countAll<number | string>().as('n'))
      .as('product_count'),
  ]),
);

export async function loadPriceBook(app: Deps<'database' | 'db'>): Promise<TPriceBook> {
  const staleDays = await getStaleDays(app);
  const [row] = await selectPriceBookFigures(app.db, { staleBefore: addDaysIso(getTodayIso(), -staleDays) });
  if (!row) throw new Error('price book figures: no row');
  const chains = toChainCounts(readJsonColumn(row.chains, []));
  const stores = readJsonColumn(row.stores, []);
  const figures = readJsonColumn(row.figures, []);
  const figuresByStore = new Map(figures.map((f) => [f.store_id, f]));
  const observationCount = stores.reduce((sum, s) => sum + Number(s.observation_count ?? 0), 0);
  const observationsAt = (store: (typeof stores)[number]) => Number(store.observation_count ?? 0);
  const merges = suggestStoreMerges(stores.map((s) => ({ id: s.id, name: s.name, weight: observationsAt(s) })));
  return {
    staleDays,
    chains,
    stores: stores.map((s) => {
      const into = merges.get(s.id);
      return {
        id: s.id,
        name: s.name,
        chainId: s.chain_id,
        chainName: s.chain_name,
        address: s.address,
        city: s.city,
        observationCount: observationsAt(s),
        latestObservedOn: figuresByStore.get(s.id)?.latestObservedOn ?? null,
        staleCount: Number(figuresByStore.get(s.id)?.staleCount ?? 0),
        possibleDuplicateOf: into ? { id: into.id, name: into.name } : null,
      };
    }),
    productCount: Number(row.product_count ?? 0),
    observationCount,
  };
}
