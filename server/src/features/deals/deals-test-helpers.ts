import type { App, Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';
import { asUser, type TestUser } from '../../test/factories';
import { addDaysIso, getTodayIso } from '@cartwise/contracts';

/** A store location, optionally in a chain (created on first use). */
export async function createStore(app: Deps<'db'>, name: string, chainName: string | null = null): Promise<string> {
  let chainId: string | null = null;
  if (chainName) {
    const chain = await app.db.selectFrom('store_chains').select('id').where('name', '=', chainName).executeTakeFirst();
    chainId = chain?.id ?? createId();
    if (!chain) await app.db.insertInto('store_chains').values({ id: chainId, name: chainName, created_at: nowIso() }).execute();
  }
  const id = createId();
  await app.db.insertInto('store_locations').values({ id, chain_id: chainId, name, created_by: null, created_at: nowIso() }).execute();
  return id;
}

export async function createProduct(app: Deps<'db'>, name: string, category: string | null = null): Promise<string> {
  const id = createId();
  await app.db
    .insertInto('products')
    .values({ id, name, brand: null, category, size_value: null, size_unit: null, created_at: nowIso() })
    .execute();
  return id;
}

/** A receipt bought `daysAgo` days ago with the given line names. */
export async function createReceipt(
  app: Deps<'db'>,
  userId: string,
  items: { name: string; productId?: string }[],
  daysAgo = 5,
): Promise<void> {
  const receiptId = createId();
  const now = nowIso();
  await app.db
    .insertInto('receipts')
    .values({
      id: receiptId,
      user_id: userId,
      store_id: null,
      store_address: null,
      purchased_on: addDaysIso(getTodayIso(), -daysAgo),
      purchased_time: null,
      subtotal_cents: null,
      tax_cents: null,
      payment: null,
      image_key: null,
      raw_text: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await app.db
    .insertInto('receipt_items')
    .values(
      items.map((item, i) => ({
        id: createId(),
        receipt_id: receiptId,
        position: i,
        name: item.name,
        unit: null,
        unit_price_cents: null,
        price_cents: 299,
        category: null,
        product_id: item.productId ?? null,
        created_at: now,
      })),
    )
    .execute();
}

export interface DealInput {
  title?: string;
  description?: string;
  price?: number | string;
  originalPrice?: number | string;
  storeId?: string;
  storeName?: string;
  productId?: string;
  endDate?: string;
  startDate?: string;
}

export function submitDeal(app: App, user: TestUser, payload: DealInput) {
  return app.inject({ method: 'POST', url: '/api/deals', headers: asUser(user), payload: { ...payload } });
}

export function approve(app: App, admin: TestUser, id: string) {
  return app.inject({ method: 'POST', url: `/api/admin/moderation/deals/${id}/approve`, headers: asUser(admin) });
}

/** Submits and approves a deal in one go; returns its id. */
export async function createApprovedDeal(app: App, user: TestUser, admin: TestUser, payload: DealInput): Promise<string> {
  const res = await submitDeal(app, user, { title: 'Deal', description: 'On the shelf', price: 1.99, ...payload });
  if (res.statusCode !== 201) throw new Error(`submit failed: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { id: string }).id;
  const ok = await approve(app, admin, id);
  if (ok.statusCode !== 200) throw new Error(`approve failed: ${ok.statusCode} ${ok.body}`);
  return id;
}
