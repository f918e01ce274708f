import type { TCatalogueChange, TCatalogueChangeList } from '@cartwise/contracts';
import { sql } from 'kysely';
import type { Deps } from '../../app-types';
import { HttpError, notFound } from '../../http/errors';
import { writeAudit, type AuditAction } from '../../platform/audit-log';
import { findSharedAliasProduct, markDecided, publishAlias, publishProduct } from './catalogue-changes.repo';
import type { Db } from './products.repo';

const LIST_LIMIT = 200;

function selectChanges(db: Db) {
  return db
    .selectFrom('catalogue_changes as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .leftJoin('products as prev', 'prev.id', 'c.previous_product_id')
    .leftJoin('store_chains as ch', 'ch.id', 'c.chain_id')
    .leftJoin('profiles as u', 'u.id', 'c.proposed_by')
    .select((eb) => [
      'c.id',
      'c.kind',
      'c.status',
      'c.product_id',
      'p.name as product_name',
      'c.alias',
      'ch.name as chain_name',
      'c.barcode',
      'prev.name as previous_product_name',
      'u.email as proposed_by',
      'c.decided_how',
      'c.decided_at',
      'c.created_at',
      // Shoppers who proposed the same change (pending, or part of its approval).
      eb
        .selectFrom('catalogue_changes as o')
        .select(sql<number>`count(distinct o.proposed_by)`.as('n'))
        .whereRef('o.kind', '=', 'c.kind')
        .whereRef('o.product_id', '=', 'c.product_id')
        .where(sql<boolean>`coalesce(o.alias, '') = coalesce(c.alias, '') and coalesce(o.chain_id, '') = coalesce(c.chain_id, '')`)
        .where('o.status', 'in', ['pending', 'approved'])
        .as('agreeing_users'),
    ]);
}

type ChangeRow = Awaited<ReturnType<ReturnType<typeof selectChanges>['executeTakeFirstOrThrow']>>;

function toChangeDto(row: ChangeRow): TCatalogueChange {
  return {
    id: row.id,
    kind: row.kind === 'product' ? 'product' : 'alias',
    status: row.status as TCatalogueChange['status'],
    productId: row.product_id,
    productName: row.product_name,
    alias: row.alias,
    chainName: row.chain_name ?? null,
    barcode: row.barcode,
    previousProductName: row.previous_product_name ?? null,
    agreeingUsers: Number(row.agreeing_users ?? 0),
    proposedBy: row.proposed_by ?? null,
    decidedHow: row.decided_how,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

/** Pending changes newest first, or the latest decided ones (approved ones can be undone). */
export async function listCatalogueChanges(app: Deps<'db'>, view: 'pending' | 'recent'): Promise<TCatalogueChangeList> {
  const query = selectChanges(app.db);
  const rows =
    view === 'pending'
      ? await query.where('c.status', '=', 'pending').orderBy('c.created_at', 'desc').limit(LIST_LIMIT).execute()
      : await query.where('c.status', '!=', 'pending').orderBy('c.decided_at', 'desc').limit(LIST_LIMIT).execute();
  return { items: rows.map(toChangeDto) };
}

async function loadChange(db: Db, id: string) {
  const change = await db.selectFrom('catalogue_changes').selectAll().where('id', '=', id).executeTakeFirst();
  if (!change) throw notFound('Catalogue change');
  return change;
}

const conflict = (message: string) => new HttpError(409, 'catalogue_conflict', message);

/** Decides or undoes a change in one transaction with its audit row; answers the change as the queue now shows it. */
async function decide(
  app: Deps<'db'>,
  actor: { id: string },
  id: string,
  action: AuditAction,
  apply: (db: Db, change: Awaited<ReturnType<typeof loadChange>>) => Promise<void>,
): Promise<TCatalogueChange> {
  return app.db.transaction().execute(async (trx) => {
    const change = await loadChange(trx, id);
    await apply(trx, change);
    await writeAudit(trx, {
      actorId: actor.id,
      action,
      targetType: 'catalogue_change',
      targetId: id,
      details: { kind: change.kind, productId: change.product_id, alias: change.alias, chainId: change.chain_id, barcode: change.barcode },
    });
    return toChangeDto(await selectChanges(trx).where('c.id', '=', id).executeTakeFirstOrThrow());
  });
}

/** An operator makes a pending change everyone's: the alias names the product for every shopper, or the product is public. */
export function approveCatalogueChange(app: Deps<'db'>, actor: { id: string }, id: string): Promise<TCatalogueChange> {
  return decide(app, actor, id, 'catalogue.approved', async (db, change) => {
    if (change.status !== 'pending') throw conflict('Only a pending change can be approved');
    if (change.kind === 'product') return publishProduct(db, change.id, { how: 'operator', by: actor.id });
    const product = await db.selectFrom('products').select('owner_user_id').where('id', '=', change.product_id).executeTakeFirstOrThrow();
    if (product.owner_user_id !== null) throw conflict('Approve the product itself first: it is still private');
    const previous = await publishAlias(db, change.chain_id, change.alias ?? '', change.product_id);
    await markDecided(db, [change.id], { status: 'approved', how: 'operator', by: actor.id, previousProductId: previous });
  });
}

/** The change stays its proposer's own and never counts towards agreement. */
export function rejectCatalogueChange(app: Deps<'db'>, actor: { id: string }, id: string): Promise<TCatalogueChange> {
  return decide(app, actor, id, 'catalogue.rejected', async (db, change) => {
    if (change.status !== 'pending') throw conflict('Only a pending change can be rejected');
    await markDecided(db, [change.id], { status: 'rejected', how: 'operator', by: actor.id });
  });
}

/**
 * Puts an approved change back: the alias names what it named before (or nothing), or the product is its proposer's
 * own again and a barcode it took goes back to the product that had it. Refused when a later change replaced it.
 */
export function undoCatalogueChange(app: Deps<'db'>, actor: { id: string }, id: string): Promise<TCatalogueChange> {
  return decide(app, actor, id, 'catalogue.undone', async (db, change) => {
    if (change.status !== 'approved') throw conflict('Only an approved change can be undone');
    if (change.kind === 'alias') {
      const key = change.alias ?? '';
      if ((await findSharedAliasProduct(db, change.chain_id, key)) !== change.product_id)
        throw conflict('A later change replaced this one; undo that first');
      const previous = change.previous_product_id
        ? await db.selectFrom('products').select('id').where('id', '=', change.previous_product_id).executeTakeFirst()
        : undefined;
      await publishAlias(db, change.chain_id, key, previous?.id ?? null);
      // Every agreeing proposal of this approval is undone with it.
      const same = await db
        .selectFrom('catalogue_changes')
        .select('id')
        .where('kind', '=', 'alias')
        .where('status', '=', 'approved')
        .where('product_id', '=', change.product_id)
        .where('alias', '=', key)
        .where((eb) => (change.chain_id ? eb('chain_id', '=', change.chain_id) : eb('chain_id', 'is', null)))
        .execute();
      await markDecided(
        db,
        same.map((row) => row.id),
        { status: 'undone', how: 'operator', by: actor.id },
      );
      return;
    }
    const product = await db
      .selectFrom('products')
      .select(['owner_user_id', 'barcode'])
      .where('id', '=', change.product_id)
      .executeTakeFirstOrThrow();
    if (product.owner_user_id !== null) throw conflict('This product is private already');
    await db
      .updateTable('products')
      .set({ owner_user_id: change.proposed_by ?? change.product_id })
      .where('id', '=', change.product_id)
      .execute();
    if (change.previous_product_id && product.barcode) {
      const taken = await db
        .selectFrom('products')
        .select('id')
        .where('barcode', '=', product.barcode)
        .where('owner_user_id', 'is', null)
        .executeTakeFirst();
      if (!taken) await db.updateTable('products').set({ barcode: product.barcode }).where('id', '=', change.previous_product_id).execute();
    }
    await markDecided(db, [change.id], { status: 'undone', how: 'operator', by: actor.id });
  });
}
