import { CATALOGUE_AGREEMENT_USERS } from '@cartwise/contracts';
import { toAliasKey } from '@cartwise/contracts/domain/product-matching';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';
import type { Db } from './products.repo';

type ChangeRefs = ExpressionBuilder<Database, 'catalogue_changes'>;
type AliasRefs = ExpressionBuilder<Database, 'product_aliases'>;

/** The shared alias rows (no user) for a chain's receipt text; chain null is the catalogue-wide one. */
const isSharedAliasOf = (chainId: string | null, key: string) => (eb: AliasRefs) =>
  eb.and([eb('alias', '=', key), eb('user_id', 'is', null), chainId ? eb('chain_id', '=', chainId) : eb('chain_id', 'is', null)]);

const isAliasChangeOf = (chainId: string | null, key: string) => (eb: ChangeRefs) =>
  eb.and([eb('kind', '=', 'alias'), eb('alias', '=', key), chainId ? eb('chain_id', '=', chainId) : eb('chain_id', 'is', null)]);

/** The product the shared alias names now, if any. */
export async function findSharedAliasProduct(db: Db, chainId: string | null, key: string): Promise<string | null> {
  const row = await db.selectFrom('product_aliases').select('product_id').where(isSharedAliasOf(chainId, key)).executeTakeFirst();
  return row?.product_id ?? null;
}

/** Makes `productId` what everyone's `key` at the chain names; answers what it named before (undo restores that). */
export async function publishAlias(db: Db, chainId: string | null, key: string, productId: string | null): Promise<string | null> {
  const previous = await findSharedAliasProduct(db, chainId, key);
  await db.deleteFrom('product_aliases').where(isSharedAliasOf(chainId, key)).execute();
  if (productId) {
    await db
      .insertInto('product_aliases')
      .values({
        id: createId(),
        product_id: productId,
        chain_id: chainId,
        alias: key,
        created_by: null,
        user_id: null,
        created_at: nowIso(),
      })
      .execute();
  }
  return previous;
}

/**
 * A shopper links a chain's receipt text to a product: the link is theirs at once (their own alias, which wins over
 * the shared one for them) and a pending catalogue change for everyone. When CATALOGUE_AGREEMENT_USERS distinct
 * shoppers propose the same link to a public product it becomes the shared alias without an operator.
 */
export async function proposeAlias(db: Db, userId: string, productId: string, chainId: string | null, key: string): Promise<void> {
  const ownOf = (eb: AliasRefs) =>
    eb.and([eb('alias', '=', key), eb('user_id', '=', userId), chainId ? eb('chain_id', '=', chainId) : eb('chain_id', 'is', null)]);
  await db.deleteFrom('product_aliases').where(ownOf).execute();
  // A proposal replaces the same shopper's earlier one for this text; decided ones stay as history.
  await db
    .deleteFrom('catalogue_changes')
    .where(isAliasChangeOf(chainId, key))
    .where('proposed_by', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  if ((await findSharedAliasProduct(db, chainId, key)) === productId) return;
  const now = nowIso();
  await db
    .insertInto('product_aliases')
    .values({ id: createId(), product_id: productId, chain_id: chainId, alias: key, created_by: userId, user_id: userId, created_at: now })
    .execute();
  const product = await db.selectFrom('products').select('owner_user_id').where('id', '=', productId).executeTakeFirst();
  // A private product cannot be everyone's alias: the link stays its owner's until the product itself is approved.
  if (!product || product.owner_user_id !== null) return;
  await db
    .insertInto('catalogue_changes')
    .values({
      id: createId(),
      kind: 'alias',
      status: 'pending',
      product_id: productId,
      chain_id: chainId,
      alias: key,
      proposed_by: userId,
      created_at: now,
    })
    .execute();
  await settleAliasAgreement(db, chainId, key, productId);
}

async function settleAliasAgreement(db: Db, chainId: string | null, key: string, productId: string): Promise<void> {
  const proposals = await db
    .selectFrom('catalogue_changes')
    .select(['id', 'proposed_by'])
    .where(isAliasChangeOf(chainId, key))
    .where('product_id', '=', productId)
    .where('status', '=', 'pending')
    .execute();
  const agreeing = new Set(proposals.flatMap((row) => (row.proposed_by ? [row.proposed_by] : [])));
  if (agreeing.size < CATALOGUE_AGREEMENT_USERS) return;
  const previous = await publishAlias(db, chainId, key, productId);
  await markDecided(
    db,
    proposals.map((row) => row.id),
    { status: 'approved', how: 'agreement', by: null, previousProductId: previous },
  );
}

export async function markDecided(
  db: Db,
  ids: string[],
  decision: {
    status: 'approved' | 'rejected' | 'undone';
    how: 'operator' | 'agreement';
    by: string | null;
    previousProductId?: string | null;
  },
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('catalogue_changes')
    .set({
      status: decision.status,
      decided_how: decision.how,
      decided_by: decision.by,
      decided_at: nowIso(),
      ...(decision.previousProductId === undefined ? {} : { previous_product_id: decision.previousProductId }),
    })
    .where('id', 'in', ids)
    .execute();
}

/** A shopper's own new product waits for review; one with a barcode is public once enough shoppers name it alike. */
export async function proposeProduct(db: Db, userId: string, product: { id: string; name: string; barcode: string | null }): Promise<void> {
  await db
    .insertInto('catalogue_changes')
    .values({
      id: createId(),
      kind: 'product',
      status: 'pending',
      product_id: product.id,
      barcode: product.barcode,
      proposed_by: userId,
      created_at: nowIso(),
    })
    .execute();
  if (product.barcode) await settleBarcodeAgreement(db, product.barcode, product.name);
}

async function settleBarcodeAgreement(db: Db, barcode: string, name: string): Promise<void> {
  const key = toAliasKey(name);
  const pending = await db
    .selectFrom('catalogue_changes as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select(['c.id', 'c.proposed_by', 'p.name'])
    .where('c.kind', '=', 'product')
    .where('c.status', '=', 'pending')
    .where('c.barcode', '=', barcode)
    .where('p.owner_user_id', 'is not', null)
    .orderBy('c.created_at')
    .execute();
  const alike = pending.filter((row) => toAliasKey(row.name) === key);
  if (new Set(alike.map((row) => row.proposed_by)).size < CATALOGUE_AGREEMENT_USERS) return;
  const [first] = alike;
  if (first) await publishProduct(db, first.id, { how: 'agreement', by: null });
}

/**
 * Makes a proposed product everyone's. A barcode another public product carried moves to it (that product keeps its
 * name and history; undo gives the barcode back).
 */
export async function publishProduct(
  db: Db,
  changeId: string,
  decision: { how: 'operator' | 'agreement'; by: string | null },
): Promise<void> {
  const change = await db
    .selectFrom('catalogue_changes')
    .select(['product_id', 'barcode'])
    .where('id', '=', changeId)
    .executeTakeFirstOrThrow();
  let previous: string | null = null;
  if (change.barcode) {
    const holder = await db
      .selectFrom('products')
      .select('id')
      .where('barcode', '=', change.barcode)
      .where('owner_user_id', 'is', null)
      .where('id', '!=', change.product_id)
      .executeTakeFirst();
    if (holder) {
      await db.updateTable('products').set({ barcode: null }).where('id', '=', holder.id).execute();
      previous = holder.id;
    }
  }
  await db.updateTable('products').set({ owner_user_id: null }).where('id', '=', change.product_id).execute();
  await markDecided(db, [changeId], { status: 'approved', ...decision, previousProductId: previous });
}
