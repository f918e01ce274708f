import type { Generated } from 'kysely';

/** Booleans are stored as 0/1 integers so SQLite and PostgreSQL behave alike. */
type Flag = number;

// Row types of shopping lists, their items, the plans made for them and what trips learn (aisle order, receipts).

export interface ShoppingListsTable {
  id: string;
  user_id: string;
  household_id: string | null;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface ListItemsTable {
  id: string;
  list_id: string;
  name: string;
  note: Generated<string>;
  quantity: Generated<number>;
  unit: string | null;
  product_id: string | null;
  category: string | null;
  accepts_substitutes: Generated<Flag>;
  is_checked: Generated<Flag>;
  position: Generated<number>;
  created_at: string;
  /** The adding browser's idempotency key (see migrations/20261126T0140-item-client-keys.ts). */
  client_key: string | null;
  /** 1 when the shopper undid the item's automatic link: its name is not linked again (20261128T0710). */
  link_declined: Generated<Flag>;
}

/** A split-cart plan the shopper used, with the usual-store total it is compared with (cents, as of used_on). */
export interface SplitCartPlansTable {
  id: string;
  user_id: string;
  list_id: string | null;
  list_name: string;
  plan_total_cents: number;
  usual_store_id: string | null;
  usual_store_name: string | null;
  usual_total_cents: number;
  savings_cents: number;
  used_on: string;
  created_at: string;
  /** JSON TripLine[] (used-plans.service.ts); null on plans used before trips were finished. */
  lines_json: string | null;
  best_single_trip_cents: number | null;
  savings_cap_cents: number | null;
  finished_at: string | null;
  spent_cents: number | null;
  bought_count: number | null;
  /** JSON BoughtLine[] (finish-trip.service.ts): what the finished trip counted as bought; null before finishing. */
  bought_json: string | null;
}

/** A tick at a store, learning its aisle order; walker_id is the list's household id, else its shopper's id. */
export interface AisleTicksTable {
  id: string;
  walker_id: string;
  store_id: string;
  product_id: string;
  category: string | null;
  trip_key: string;
  ticked_at: string;
}

/** A receipt that prices a finished trip's lines at one of its stores at what was paid. */
export interface TripReceiptsTable {
  plan_id: string;
  store_id: string;
  receipt_id: string;
  created_at: string;
}
