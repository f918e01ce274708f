import type { Generated } from 'kysely';
/** SQLite stores booleans as 0/1 (as schema.ts's Flag). */
type Flag = number;

// Row types of the price tables: observations, their maintained summary, feed product codes, promotions and runs.

export interface PriceObservationsTable {
  id: string;
  product_id: string;
  store_id: string;
  observed_on: string;
  unit_price_cents: number;
  size_value: number | null;
  size_unit: string | null;
  is_deal: Generated<Flag>;
  source: string;
  source_id: string | null;
  user_id: string | null;
  created_at: string;
  /** ISO 4217; null on a row from before currencies whose store said none. */
  currency?: string | null;
  kind?: Generated<string>;
}

/** A chain's own item code for a product without a valid barcode. */
export interface ProductCodesTable {
  chain_id: string;
  code: string;
  product_id: string;
}

/** A promotion as its source published it. */
export interface PromotionsTable {
  id: string;
  store_id: string;
  source_promotion_id: string;
  description: string;
  min_quantity: Generated<number>;
  discounted_price_minor: number | null;
  /** Percent 0-100. */
  discount_rate: number | null;
  min_purchase_minor: number | null;
  is_club_only: Generated<Flag>;
  /** JSON array of the club ids as published. */
  club_ids: Generated<string>;
  is_coupon: Generated<Flag>;
  valid_from: string | null;
  valid_to: string | null;
  currency: string;
  source: string;
  updated_at: string;
}

export interface PromotionProductsTable {
  promotion_id: string;
  product_id: string;
  /** The promotion's store, copied so a plan's look-up by product and store is one index range. */
  store_id: string;
}

export interface PriceSourceRunsTable {
  id: string;
  source_id: string;
  /** running | succeeded | partial | failed */
  status: string;
  files_done: Generated<number>;
  rows_read: Generated<number>;
  /** JSON ImportSummary. */
  summary: Generated<string>;
  /** JSON [{ file, line?, message }]. */
  errors: Generated<string>;
  started_by: string | null;
  started_at: string;
  finished_at: string | null;
  /** Last sign of life of a queued or running run; an old one marks a run its stopped server left behind. */
  heartbeat_at: string | null;
}

/** API calls a metered source made on a UTC day, across runs and instances. */
export interface PriceSourceCallDaysTable {
  source_id: string;
  /** YYYY-MM-DD, UTC */
  day: string;
  calls: Generated<number>;
}

/** A shopper's typed shelf price: theirs while pending; approved ones also become a price observation (source 'shelf'). */
export interface ShelfPriceReportsTable {
  id: string;
  user_id: string;
  product_id: string;
  store_id: string;
  observed_on: string;
  unit_price_cents: number;
  currency: string;
  status: Generated<string>;
  created_at: string;
}

/** Derived from price_observations and receipts by triggers (migration 20261128T1430): never written by the app. */
export interface StoreTotalsTable {
  store_id: string;
  observation_count: number;
  receipt_count: number;
}

/** Derived from price_observations by triggers (migration 20261126T0200): never written by the app. */
export interface PriceSummariesTable {
  store_id: string;
  product_id: string;
  observation_count: number;
  latest_observed_on: string;
}

/**
 * Derived from price_summaries by triggers (migration 20261201T2310): per store and day, how many products have their
 * newest price there on that day. Never written by the app.
 */
export interface StorePriceDaysTable {
  store_id: string;
  latest_observed_on: string;
  product_count: number;
}
