import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId } from '../db/ids';

/** One item of a seeded list; what is left out takes the column's default. */
export interface ListItemSeed {
  name: string;
  productId?: string | null;
  quantity?: number;
  unit?: string | null;
  note?: string;
  category?: string | null;
  acceptsSubstitutes?: boolean;
}

/** A shopping list with its items in the given order, as the seed and the tests build them. */
export async function insertList(
  db: Kysely<Database>,
  input: { userId: string; name: string; items: readonly ListItemSeed[]; createdAt: Date },
): Promise<string> {
  const listId = createId();
  const createdAt = input.createdAt.toISOString();
  await db
    .insertInto('shopping_lists')
    .values({ id: listId, user_id: input.userId, name: input.name, created_at: createdAt, updated_at: createdAt })
    .execute();
  if (input.items.length === 0) return listId;
  await db
    .insertInto('list_items')
    .values(
      input.items.map((item, position) => ({
        id: createId(),
        list_id: listId,
        name: item.name,
        note: item.note ?? '',
        quantity: item.quantity ?? 1,
        unit: item.unit ?? null,
        product_id: item.productId ?? null,
        category: item.category ?? null,
        accepts_substitutes: item.acceptsSubstitutes ? 1 : 0,
        is_checked: 0,
        position,
        created_at: createdAt,
      })),
    )
    .execute();
  return listId;
}
