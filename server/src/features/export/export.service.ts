import { formatCents, toCsv, type CsvValue, type TDataExport } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { isFlagSet, nowIso } from '../../db/ids';
import { notFound } from '../../http/errors';
import { findProfile } from '../profile';
import { getNotificationPreferences, getPreferences } from '../settings';
import {
  listUserDeals,
  listUserHouseholds,
  listUserListItems,
  listUserLists,
  listUserPantry,
  listUserPlans,
  listUserReceiptItems,
  listUserReceipts,
} from './export.repo';

const money = (cents: number | null): string => (cents === null ? '' : formatCents(cents));

const RECEIPT_HEADERS = [
  'receipt_id',
  'purchased_on',
  'purchased_time',
  'store_name',
  'store_address',
  'subtotal',
  'tax',
  'total',
  'payment',
  'source',
  'created_at',
];

export async function buildReceiptsCsv(app: Deps<'db'>, userId: string): Promise<string> {
  const receipts = await listUserReceipts(app.db, userId);
  const rows: CsvValue[][] = receipts.map((r) => [
    r.id,
    r.purchased_on,
    r.purchased_time,
    r.store_name,
    r.store_address,
    money(r.subtotal_cents),
    money(r.tax_cents),
    money(r.total_cents),
    r.payment,
    r.source,
    r.created_at,
  ]);
  return toCsv(RECEIPT_HEADERS, rows);
}

const RECEIPT_ITEM_HEADERS = [
  'receipt_id',
  'purchased_on',
  'store_name',
  'line',
  'name',
  'quantity',
  'unit',
  'unit_price',
  'price',
  'discount',
  'category',
  'product',
];

export async function buildReceiptItemsCsv(app: Deps<'db'>, userId: string): Promise<string> {
  const items = await listUserReceiptItems(app.db, userId);
  const rows: CsvValue[][] = items.map((item) => [
    item.receipt_id,
    item.purchased_on,
    item.store_name,
    item.position + 1,
    item.name,
    item.quantity,
    item.unit,
    money(item.unit_price_cents),
    money(item.price_cents),
    money(item.discount_cents),
    item.category,
    item.product_name,
  ]);
  return toCsv(RECEIPT_ITEM_HEADERS, rows);
}

/** Everything the user owns in one document; money stays in integer cents so nothing is lost to rounding. */
export async function buildDataExport(app: Deps<'db'>, userId: string): Promise<TDataExport> {
  const profile = await findProfile(app.db, userId);
  if (!profile) throw notFound('Profile');
  const [preferences, notifications, lists, listItems, pantry, receipts, receiptItems, deals, plans, households] = await Promise.all([
    getPreferences(app, userId),
    getNotificationPreferences(app, userId),
    listUserLists(app.db, userId),
    listUserListItems(app.db, userId),
    listUserPantry(app.db, userId),
    listUserReceipts(app.db, userId),
    listUserReceiptItems(app.db, userId),
    listUserDeals(app.db, userId),
    listUserPlans(app.db, userId),
    listUserHouseholds(app.db, userId),
  ]);
  return {
    exported_at: nowIso(),
    profile: {
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name,
      display_name: profile.display_name,
      role: profile.role,
      subscription_status: profile.subscription_status,
      trial_started_at: profile.trial_started_at,
      trial_ends_at: profile.trial_ends_at,
      created_at: profile.created_at,
    },
    preferences,
    notifications,
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      created_at: list.created_at,
      updated_at: list.updated_at,
      items: listItems
        .filter((item) => item.list_id === list.id)
        .map((item) => ({
          id: item.id,
          name: item.name,
          note: item.note,
          quantity: Number(item.quantity),
          unit: item.unit,
          category: item.category,
          product_id: item.product_id,
          is_checked: isFlagSet(item.is_checked),
          accepts_substitutes: isFlagSet(item.accepts_substitutes),
        })),
    })),
    pantry: pantry.map((item) => ({
      id: item.id,
      name: item.name,
      qty: Number(item.qty),
      unit: item.unit,
      expires_on: item.expires_on,
      product_id: item.product_id,
    })),
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      store_name: receipt.store_name,
      store_address: receipt.store_address,
      purchased_on: receipt.purchased_on,
      purchased_time: receipt.purchased_time,
      subtotal_cents: receipt.subtotal_cents,
      tax_cents: receipt.tax_cents,
      total_cents: receipt.total_cents,
      payment: receipt.payment,
      source: receipt.source,
      created_at: receipt.created_at,
      items: receiptItems
        .filter((item) => item.receipt_id === receipt.id)
        .map((item) => ({
          id: item.id,
          position: item.position,
          name: item.name,
          quantity: Number(item.quantity),
          unit: item.unit,
          unit_price_cents: item.unit_price_cents,
          price_cents: item.price_cents,
          discount_cents: item.discount_cents,
          category: item.category,
          product_id: item.product_id,
        })),
    })),
    deals: deals.map((deal) => ({
      id: deal.id,
      title: deal.title,
      description: deal.description,
      sale_price_cents: deal.sale_price_cents,
      original_price_cents: deal.original_price_cents,
      store_name: deal.store_name ?? null,
      chain_name: deal.chain_name ?? null,
      starts_on: deal.starts_on,
      ends_on: deal.ends_on,
      status: deal.status,
      rejection_reason: deal.rejection_reason,
      created_at: deal.created_at,
    })),
    split_cart_plans: plans.map((plan) => ({
      id: plan.id,
      list_id: plan.list_id,
      list_name: plan.list_name,
      used_on: plan.used_on,
      plan_total_cents: plan.plan_total_cents,
      usual_store_name: plan.usual_store_name,
      usual_total_cents: plan.usual_total_cents,
      savings_cents: plan.savings_cents,
    })),
    households: households.map((h) => ({ id: h.id, name: h.name, role: h.role, joined_at: h.joined_at })),
  };
}
