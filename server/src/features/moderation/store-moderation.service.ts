import type { TPendingStore, TPendingStoreList } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { notFound } from '../../http/errors';
import { writeAudit } from '../../platform/audit-log';
import { formatAddress } from '../stores';

/** Private stores, newest first, with how many shoppers' receipts name them so far. */
export async function listPendingStores(app: Deps<'db'>): Promise<TPendingStoreList> {
  const rows = await app.db
    .selectFrom('store_locations')
    .leftJoin('store_confirmations', 'store_confirmations.store_id', 'store_locations.id')
    .select([
      'store_locations.id',
      'store_locations.name',
      'store_locations.address',
      'store_locations.city',
      'store_locations.created_at',
      (eb) => eb.fn.count('store_confirmations.user_id').as('confirmations'),
    ])
    .where('store_locations.is_public', '=', 0)
    .groupBy([
      'store_locations.id',
      'store_locations.name',
      'store_locations.address',
      'store_locations.city',
      'store_locations.created_at',
    ])
    .orderBy('store_locations.created_at', 'desc')
    .limit(200)
    .execute();
  const items: TPendingStore[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    address: formatAddress(row.address, row.city),
    shopperCount: Number(row.confirmations) + 1,
    createdAt: row.created_at,
  }));
  return { items };
}

/** Makes a private store public: it joins everyone's pickers and community prices. Audited. */
export async function approveStore(app: Deps<'db'>, actor: { id: string }, storeId: string): Promise<TPendingStore> {
  const store = await app.db
    .selectFrom('store_locations')
    .select(['id', 'name', 'address', 'city', 'created_at'])
    .where('id', '=', storeId)
    .where('is_public', '=', 0)
    .executeTakeFirst();
  if (!store) throw notFound('Store');
  await app.db.updateTable('store_locations').set({ is_public: 1 }).where('id', '=', storeId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'store.approved',
    targetType: 'store',
    targetId: storeId,
    details: { name: store.name },
  });
  return {
    id: store.id,
    name: store.name,
    address: formatAddress(store.address, store.city),
    shopperCount: 0,
    createdAt: store.created_at,
  };
}
