import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { memberHouseholdIds } from '../households';

// Every query is scoped to one user id: the export must never include another account's rows. Lists and pantry
// items the shopper made for a household count only while they still belong to it: a member who left or was
// removed no longer reads the household's rows, here or anywhere else.

type Db = Kysely<Database>;

/** The shopper's personal rows and the ones they made for a household they still belong to. */
function isStillVisible(db: Db, userId: string, table: 'shopping_lists' | 'pantry_items') {
  const householdId = sql.ref(`${table}.household_id`);
  return sql<SqlBool>`${sql.ref(`${table}.user_id`)} = ${userId}
    and (${householdId} is null or ${householdId} in (${memberHouseholdIds(db, userId)}))`;
}

export async function listUserReceipts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('receipts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('purchased_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function listUserReceiptItems(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('receipt_items')
    .innerJoin('receipts', 'receipts.id', 'receipt_items.receipt_id')
    .leftJoin('products', 'products.id', 'receipt_items.product_id')
    .selectAll('receipt_items')
    .select(['receipts.purchased_on', 'receipts.store_name', 'products.name as product_name'])
    .where('receipts.user_id', '=', userId)
    .orderBy('receipts.purchased_on', 'desc')
    .orderBy('receipt_items.receipt_id')
    .orderBy('receipt_items.position')
    .orderBy('receipt_items.id')
    .execute();
}

export async function listUserLists(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('shopping_lists')
    .selectAll()
    .where(isStillVisible(db, userId, 'shopping_lists'))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listUserListItems(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('list_items')
    .innerJoin('shopping_lists', 'shopping_lists.id', 'list_items.list_id')
    .selectAll('list_items')
    .where(isStillVisible(db, userId, 'shopping_lists'))
    .orderBy('list_items.position')
    .orderBy('list_items.created_at')
    .orderBy('list_items.id')
    .execute();
}

export async function listUserPantry(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('pantry_items')
    .selectAll()
    .where(isStillVisible(db, userId, 'pantry_items'))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function listUserDeals(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('deals')
    .leftJoin('store_locations', 'store_locations.id', 'deals.store_id')
    .leftJoin('store_chains', 'store_chains.id', 'store_locations.chain_id')
    .selectAll('deals')
    .select(['store_locations.name as store_name', 'store_chains.name as chain_name'])
    .where('deals.submitted_by', '=', userId)
    .orderBy('deals.created_at', 'desc')
    .orderBy('deals.id')
    .execute();
}

export async function listUserPlans(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('split_cart_plans')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('used_on', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function listUserHouseholds(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('household_members')
    .innerJoin('households', 'households.id', 'household_members.household_id')
    .select(['households.id', 'households.name', 'household_members.role', 'household_members.joined_at'])
    .where('household_members.user_id', '=', userId)
    .orderBy('household_members.joined_at')
    .orderBy('households.id')
    .execute();
}
