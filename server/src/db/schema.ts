import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AuthUserTable,
  AuthSessionTable,
  HouseholdsTable,
  HouseholdMembersTable,
  HouseholdInvitesTable,
  RateLimitsTable,
  ApiTokensTable,
  BillingEventsTable,
  BillingRemindersTable,
  SharedCacheTable,
  TableVersionsTable,
  UserDataVersionsTable,
  AuthAccountTable,
  AuthFactorTable,
  AuthVerificationTable,
  OperatorDayCountsTable,
} from './schema-accounts';
import type {
  PriceObservationsTable,
  ProductCodesTable,
  PromotionsTable,
  PromotionProductsTable,
  PriceSourceRunsTable,
  PriceSourceCallDaysTable,
  PriceSummariesTable,
  StorePriceDaysTable,
  StoreTotalsTable,
  ShelfPriceReportsTable,
} from './schema-prices';
import type {
  NotificationLogTable,
  NotificationsTable,
  PushSubscriptionsTable,
  PushPreferencesTable,
  PushVapidKeysTable,
  OutboxMessagesTable,
} from './schema-messages';
import type { ProductsTable, ProductAliasesTable, CatalogueChangesTable } from './schema-catalogue';
import type { ShoppingListsTable, ListItemsTable, SplitCartPlansTable, AisleTicksTable, TripReceiptsTable } from './schema-lists';

export type * from './schema-accounts';
export type * from './schema-prices';
export type * from './schema-messages';
export type * from './schema-catalogue';
export type * from './schema-lists';

// Row types for the app's own tables (better-auth's tables are managed by better-auth itself).
// Booleans are stored as 0/1 integers and timestamps as ISO text so SQLite and PostgreSQL behave alike.
type Flag = number;

export interface ProfilesTable {
  id: string;
  email: string;
  full_name: Generated<string>;
  display_name: string | null;
  debug_enabled: Generated<Flag>;
  role: Generated<string>;
  subscription_status: Generated<string>;
  trial_started_at: string | null;
  trial_ends_at: string | null;
  paid_until: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  billing_event_at: string | null;
  is_cancelling: Generated<Flag>;
  is_payment_failing: Generated<Flag>;
  currency: Generated<string>;
  locale: Generated<string>;
  units: Generated<string>;
  trip_cost_cents: Generated<number>;
  /** The shopper's home point (WGS 84 degrees), the radius that picks their stores and a trip cost per km (20261128T0830). */
  home_lat: number | null;
  home_lon: number | null;
  store_radius_km: number | null;
  trip_cost_per_km_cents: number | null;
  onboarded_at: string | null;
  last_seen_at: string | null;
  suspended_at: Generated<string | null>;
  suspended_reason: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface NotificationPreferencesTable {
  user_id: string;
  marketing: Generated<Flag>;
  product: Generated<Flag>;
  receipts: Generated<Flag>;
  deal_alerts: Generated<Flag>;
  unsubscribe_token: string;
  updated_at: string;
}

export interface StoreChainsTable {
  id: string;
  name: string;
  created_at: string;
  /** The price feed's chain key ('il:7290027600007', 'hr:konzum'), unique; null for a chain a person made. */
  source_ref?: string | null;
}

export interface StoreLocationsTable {
  id: string;
  chain_id: string | null;
  name: string;
  address: Generated<string>;
  city: Generated<string>;
  created_by: string | null;
  created_at: string;
  /** The seller's registration number read from a receipt saved for this store (findSellerId); null until one is. */
  seller_id: string | null;
  /** 0 while a store only its creator's receipts name waits for an operator or STORE_CONFIRMATIONS_TO_PUBLISH shoppers. */
  is_public: Generated<Flag>;
  phone: string | null;
  /** The phone's last ten digits (toPhoneKey), null without a whole number; written with `phone` (toPhoneColumns). */
  phone_key: Generated<string | null>;
  /** ISO 4217 currency of its prices; null when unknown, which every shopper's plan may use (20261128T0815). */
  currency: string | null;
  /** Where it is (WGS 84 degrees); null when unknown (20261128T0830). */
  lat: number | null;
  lon: number | null;
  /** 1 for a store that delivers: its delivery fee is a plan's trip cost for it. */
  is_online: Generated<Flag>;
  delivery_fee_cents: number | null;
  /** A plan never buys less than this here (cents); null for none. */
  min_order_cents: number | null;
  /** The price feed's store key ('il:{ChainId}:{StoreId}', 'osm:node:1', ...), unique; null for other stores. */
  source_ref?: string | null;
}

export interface StoreConfirmationsTable {
  store_id: string;
  user_id: string;
  created_at: string;
}

export interface UserHomeStoresTable {
  user_id: string;
  store_id: string;
}

export interface UserLoyaltyChainsTable {
  user_id: string;
  chain_id: string;
}

export interface ReceiptsTable {
  id: string;
  user_id: string;
  store_id: string | null;
  store_name: Generated<string>;
  store_address: string | null;
  purchased_on: string | null;
  purchased_time: string | null;
  subtotal_cents: number | null;
  tax_cents: number | null;
  total_cents: Generated<number>;
  payment: string | null;
  source: Generated<string>;
  image_key: string | null;
  raw_text: string | null;
  household_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReceiptItemsTable {
  id: string;
  receipt_id: string;
  position: Generated<number>;
  name: string;
  quantity: Generated<number>;
  unit: string | null;
  unit_price_cents: number | null;
  price_cents: number;
  discount_cents: Generated<number>;
  category: string | null;
  product_id: string | null;
  created_at: string;
}

export interface ReceiptJobsTable {
  id: string;
  user_id: string;
  status: string;
  progress: Generated<number>;
  error: string | null;
  attempts: Generated<number>;
  kind: string;
  file_key: string | null;
  file_name: string | null;
  text_input: string | null;
  locale: string | null;
  result_json: string | null;
  receipt_id: string | null;
  locked_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface PantryItemsTable {
  id: string;
  user_id: string;
  household_id: string | null;
  name: string;
  qty: Generated<number>;
  unit: Generated<string>;
  expires_on: string | null;
  product_id: string | null;
  created_at: string;
  updated_at: string;
  client_key: string | null;
}

export interface DealsTable {
  id: string;
  submitted_by: string | null;
  title: string;
  description: Generated<string>;
  sale_price_cents: number;
  original_price_cents: number | null;
  store_id: string | null;
  product_id: string | null;
  category: string | null;
  starts_on: string | null;
  ends_on: string | null;
  status: Generated<string>;
  rejection_reason: string | null;
  is_possible_duplicate: Generated<Flag>;
  moderated_by: string | null;
  moderated_at: string | null;
  photo_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface DealAlertsTable {
  id: string;
  user_id: string;
  deal_id: string;
  reason: Generated<string>;
  emailed_at: string | null;
  created_at: string;
}

/** The generated VAPID pair (id 'default') used when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set. */
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  details: Generated<string>;
  created_at: string;
}

/** An operator's settings of one price source; credentials stay on the server. */
export interface PriceSourceConfigsTable {
  source_id: string;
  is_enabled: Generated<number>;
  schedule_hour: number | null;
  area: Generated<string>;
  credentials: Generated<string>;
  updated_by: string | null;
  updated_at: string;
  /** UTC day (YYYY-MM-DD) whose scheduled run an instance claimed. */
  last_scheduled_on: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface WaitlistTable {
  id: string;
  email: string;
  status: Generated<string>;
  created_at: string;
}

export interface InvitesTable {
  id: string;
  email: string;
  code: string;
  created_by: string | null;
  used_at: string | null;
  created_at: string;
}

export interface Database {
  profiles: ProfilesTable;
  notification_preferences: NotificationPreferencesTable;
  store_chains: StoreChainsTable;
  store_locations: StoreLocationsTable;
  user_home_stores: UserHomeStoresTable;
  user_loyalty_chains: UserLoyaltyChainsTable;
  products: ProductsTable;
  product_aliases: ProductAliasesTable;
  catalogue_changes: CatalogueChangesTable;
  receipts: ReceiptsTable;
  receipt_items: ReceiptItemsTable;
  receipt_jobs: ReceiptJobsTable;
  price_observations: PriceObservationsTable;
  price_summaries: PriceSummariesTable;
  store_price_days: StorePriceDaysTable;
  store_totals: StoreTotalsTable;
  product_codes: ProductCodesTable;
  promotions: PromotionsTable;
  promotion_products: PromotionProductsTable;
  price_source_runs: PriceSourceRunsTable;
  price_source_call_days: PriceSourceCallDaysTable;
  shelf_price_reports: ShelfPriceReportsTable;
  shopping_lists: ShoppingListsTable;
  list_items: ListItemsTable;
  pantry_items: PantryItemsTable;
  split_cart_plans: SplitCartPlansTable;
  trip_receipts: TripReceiptsTable;
  aisle_ticks: AisleTicksTable;
  deals: DealsTable;
  deal_alerts: DealAlertsTable;
  notification_log: NotificationLogTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_preferences: PushPreferencesTable;
  push_vapid_keys: PushVapidKeysTable;
  outbox_messages: OutboxMessagesTable;
  audit_log: AuditLogTable;
  price_source_configs: PriceSourceConfigsTable;
  app_settings: AppSettingsTable;
  waitlist: WaitlistTable;
  invites: InvitesTable;
  households: HouseholdsTable;
  household_members: HouseholdMembersTable;
  household_invites: HouseholdInvitesTable;
  billing_events: BillingEventsTable;
  billing_reminders: BillingRemindersTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  rate_limits: RateLimitsTable;
  api_tokens: ApiTokensTable;
  shared_cache: SharedCacheTable;
  operator_day_counts: OperatorDayCountsTable;
  table_versions: TableVersionsTable;
  user_data_versions: UserDataVersionsTable;
  account: AuthAccountTable;
  twoFactor: AuthFactorTable;
  passkey: AuthFactorTable;
  verification: AuthVerificationTable;
  store_confirmations: StoreConfirmationsTable;
}

export type Profile = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
