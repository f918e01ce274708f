import { z } from 'zod';
import { ZRole, ZSubscriptionStatus } from './profile';

// Contracts of the operator area (/api/admin/*). Every endpoint requires an admin session.

export const SEND_NOTIFICATION_REQUIRED = 'Subject and body are required';

export const ZTrialState = z.enum(['trial', 'paid', 'expired_trial', 'free']);
export type TTrialState = z.infer<typeof ZTrialState>;

/** `expired`: accounts whose trial ended without payment (the dashboard's expired-trial warning reaches them). */
export const ZNotificationAudience = z.enum(['all', 'trial', 'paid', 'expired']);
export type TNotificationAudience = z.infer<typeof ZNotificationAudience>;

const zCount = z.number().int().nonnegative();

/** Admin user stats. */
export const ZAdminUserStats = z.object({
  total_users: zCount,
  active_users_this_week: zCount,
  trial_users: zCount,
  paid_users: zCount,
  expired_trials: zCount,
});
export type TAdminUserStats = z.infer<typeof ZAdminUserStats>;

/**
 * Admin subscription stats: active_subscribers counts paid Stripe subscriptions (comped accounts are
 * paid users but bring no revenue); total_revenue_annual = active_subscribers x ANNUAL_PRICE.
 */
export const ZAdminSubscriptionStats = z.object({
  active_subscribers: zCount,
  active_trials: zCount,
  expired_trials: zCount,
  total_revenue_annual: z.number().nonnegative(),
  total_users: zCount,
});
export type TAdminSubscriptionStats = z.infer<typeof ZAdminSubscriptionStats>;

/** GET /api/admin/stats (cached 2 minutes; ?fresh=1 recomputes). */
export const ZAdminStats = z.object({
  users: ZAdminUserStats,
  subscriptions: ZAdminSubscriptionStats,
  generated_at: z.string(),
});
export type TAdminStats = z.infer<typeof ZAdminStats>;

export const ZAdminStatsQuery = z.object({ fresh: z.enum(['0', '1']).optional() });

/** POST /api/admin/notifications: both fields must be non-blank after trimming. */
export const ZSendNotification = z
  .object({
    subject: z.string().max(200, { message: 'Subject is too long' }).default(''),
    body: z.string().max(10_000, { message: 'Body is too long' }).default(''),
    audience: ZNotificationAudience.default('all'),
  })
  .refine((value) => value.subject.trim() !== '' && value.body.trim() !== '', { message: SEND_NOTIFICATION_REQUIRED });
export type TSendNotification = z.input<typeof ZSendNotification>;

export const ZSendNotificationResult = z.object({ id: z.string(), recipient_count: zCount, message: z.string() });
export type TSendNotificationResult = z.infer<typeof ZSendNotificationResult>;

export const ZNotificationLogEntry = z.object({
  id: z.string(),
  notification_type: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: z.string(),
  requested_by: z.string().nullable(),
  requested_by_email: z.string().nullable(),
  recipient_count: zCount,
  created_at: z.string(),
});
export type TNotificationLogEntry = z.infer<typeof ZNotificationLogEntry>;

/** GET /api/admin/notifications: the most recent sends. */
export const ZNotificationLogList = z.object({ items: z.array(ZNotificationLogEntry) });
export type TNotificationLogList = z.infer<typeof ZNotificationLogList>;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** Account state an operator filters by: suspended accounts cannot sign in or use their tokens. */
export const ZAdminUserState = z.enum(['active', 'suspended']);
/** How recently an account was seen: within a day, 7 or 30 days, not for 30 days, or never. */
export const ZAdminLastSeen = z.enum(['1d', '7d', '30d', 'inactive_30d', 'never']);
export const ZAdminUserSort = z.enum(['created', 'last_seen', 'email', 'name']);

export const ZAdminUserQuery = ZPageQuery.extend({
  q: z.string().trim().max(200).optional(),
  role: ZRole.optional(),
  state: ZAdminUserState.optional(),
  plan: z.enum(['trial', 'paid', 'expired_trial']).optional(),
  signed_up_days: z.coerce.number().int().min(1).max(3650).optional(),
  last_seen: ZAdminLastSeen.optional(),
  sort: ZAdminUserSort.default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TAdminUserQuery = z.input<typeof ZAdminUserQuery>;
/** The query as the server reads it, defaults applied. */
export type TAdminUserFilter = z.output<typeof ZAdminUserQuery>;

export const ZAdminUser = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  display_name: z.string().nullable(),
  role: ZRole,
  subscription_status: ZSubscriptionStatus,
  trial_state: ZTrialState,
  trial_ends_at: z.string().nullable(),
  paid_until: z.string().nullable(),
  /** Paid through a Stripe subscription (not comped by an operator). */
  has_subscription: z.boolean(),
  created_at: z.string(),
  last_seen_at: z.string().nullable(),
  /** When an operator suspended the account; null while it is active. */
  suspended_at: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

const zPaged = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: zCount, page: z.number().int().min(1), page_size: z.number().int().min(1) });

/** GET /api/admin/users?q=&page=&page_size= */
export const ZAdminUserList = zPaged(ZAdminUser).extend({
  /** Billing (Stripe) is configured: without it there is no trial, plan or paid time to show or filter by. */
  is_billing_enabled: z.boolean(),
});
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

/** PATCH /api/admin/users/:id */
export const ZUpdateUserRole = z.object({ role: ZRole });
export type TUpdateUserRole = z.infer<typeof ZUpdateUserRole>;

export const ZIdParams = z.object({ id: z.string().min(1).max(100) });

export const ZHealthStatus = z.enum(['healthy', 'degraded', 'down']);
export type THealthStatus = z.infer<typeof ZHealthStatus>;

/** System health. */
export const ZSystemHealth = z.object({
  database: z.object({ status: ZHealthStatus, size_mb: z.number().nonnegative() }),
  storage: z.object({ status: ZHealthStatus, size_mb: z.number().nonnegative() }),
  auth: z.object({ status: ZHealthStatus, total_users: zCount }),
});
export type TSystemHealth = z.infer<typeof ZSystemHealth>;

export const ZDatabaseTable = z.object({ name: z.string(), row_count: zCount, size_bytes: z.number().int().nonnegative().nullable() });
export type TDatabaseTable = z.infer<typeof ZDatabaseTable>;

/** GET /api/admin/database */
export const ZDatabaseInfo = z.object({
  kind: z.enum(['sqlite', 'postgres']),
  tables: z.array(ZDatabaseTable),
  health: ZSystemHealth,
  checked_at: z.string(),
});
export type TDatabaseInfo = z.infer<typeof ZDatabaseInfo>;

export const ZWaitlistEntry = z.object({ id: z.string(), email: z.string(), status: z.string(), created_at: z.string() });
export type TWaitlistEntry = z.infer<typeof ZWaitlistEntry>;
export const ZWaitlist = z.object({ items: z.array(ZWaitlistEntry) });
export type TWaitlist = z.infer<typeof ZWaitlist>;
export const ZAddWaitlistEntry = z.object({ email: z.string().trim().toLowerCase().email({ message: 'Enter a valid email address' }) });
export type TAddWaitlistEntry = z.input<typeof ZAddWaitlistEntry>;

export const ZInvite = z.object({
  id: z.string(),
  email: z.string(),
  code: z.string(),
  created_by_email: z.string().nullable(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});
export type TInvite = z.infer<typeof ZInvite>;
export const ZInviteList = z.object({ items: z.array(ZInvite) });
export type TInviteList = z.infer<typeof ZInviteList>;
export const ZCreateInvite = ZAddWaitlistEntry;
export type TCreateInvite = z.input<typeof ZCreateInvite>;

export const ZAppSetting = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  value: z.string(),
  updated_at: z.string().nullable(),
});
export type TAppSetting = z.infer<typeof ZAppSetting>;
export const ZAppSettingList = z.object({ items: z.array(ZAppSetting) });
export type TAppSettingList = z.infer<typeof ZAppSettingList>;
/** PUT /api/admin/settings/:key */
export const ZUpdateAppSetting = z.object({ value: z.string().trim().min(1, { message: 'Enter a value' }).max(500) });
export type TUpdateAppSetting = z.infer<typeof ZUpdateAppSetting>;
export const ZSettingKeyParams = z.object({ key: z.string().min(1).max(100) });

export const ZFeatureFlag = z.object({
  key: z.string(),
  label: z.string(),
  description: z.string(),
  is_enabled: z.boolean(),
  updated_at: z.string().nullable(),
});
export type TFeatureFlag = z.infer<typeof ZFeatureFlag>;
export const ZFeatureFlagList = z.object({ items: z.array(ZFeatureFlag) });
export type TFeatureFlagList = z.infer<typeof ZFeatureFlagList>;
/** PUT /api/admin/features/:key */
export const ZUpdateFeatureFlag = z.object({ is_enabled: z.boolean() });
export type TUpdateFeatureFlag = z.infer<typeof ZUpdateFeatureFlag>;

/**
 * GET /api/app-config (anyone, signed in or not): which operator-controlled features are on and the limits in
 * force, so pages can explain a turned-off feature up front instead of failing on submit; and whether billing
 * is set up, so the landing page, sign-up and the operator's pages speak of trials and prices only when it is.
 */
export const ZAppConfig = z.object({
  billing: z.object({ isEnabled: z.boolean() }),
  features: z.object({
    receiptOcr: z.boolean(),
    dealSubmissions: z.boolean(),
    splitCart: z.boolean(),
    dealAlertEmails: z.boolean(),
  }),
  limits: z.object({
    maxReceiptUploadMb: z.number().int().positive(),
    dealSubmissionsPerDay: z.number().int().positive(),
  }),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

/** GET /api/admin/stores (read-only). */
/** GET /api/admin/stores?q=&duplicates=true&page=: locations a page at a time (thousands come from price feeds). */
export const ZAdminStoresQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  q: z.string().trim().max(200).optional(),
  /** Only locations that look like a duplicate of another. */
  duplicates: z.enum(['true', 'false']).optional(),
});
export type TAdminStoresQuery = z.input<typeof ZAdminStoresQuery>;
export type TAdminStoresFilter = z.output<typeof ZAdminStoresQuery>;

/** Why a location looks like another one: same chain and address, same phone, or a name a misreading apart. */
export const ZDuplicateReason = z.enum(['address', 'phone', 'name']);
const ZStoreRef = z.object({ id: z.string(), name: z.string() });

export const ZAdminStores = z.object({
  chains: z.array(z.object({ id: z.string(), name: z.string(), location_count: zCount, possible_duplicate_of: ZStoreRef.nullable() })),
  locations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      chain_name: z.string().nullable(),
      address: z.string(),
      city: z.string(),
      phone: z.string().nullable(),
      deal_count: zCount,
      receipt_count: zCount,
      /** The location to merge this one into (the one with more history), and why. */
      possible_duplicate_of: ZStoreRef.extend({ reason: ZDuplicateReason }).nullable(),
    }),
  ),
  total: zCount,
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type TAdminStores = z.infer<typeof ZAdminStores>;

const ZWeekCount = z.object({ week_start: z.string(), count: zCount });
/** GET /api/admin/analytics: the last 12 weeks (weeks start on Monday, UTC). */
export const ZAdminAnalytics = z.object({
  signups_per_week: z.array(ZWeekCount),
  receipts_per_week: z.array(ZWeekCount),
  deals_by_status: z.array(z.object({ status: z.string(), count: zCount })),
});
export type TAdminAnalytics = z.infer<typeof ZAdminAnalytics>;

export const ZAuditEntry = z.object({
  id: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  details: z.string(),
  created_at: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditLogPage = zPaged(ZAuditEntry);
export type TAuditLogPage = z.infer<typeof ZAuditLogPage>;

export const ZOutboxMessage = z.object({
  id: z.string(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;
export const ZOutboxPage = zPaged(ZOutboxMessage);
export type TOutboxPage = z.infer<typeof ZOutboxPage>;

/** GET /api/admin/sql-audit: recent data-changing admin actions and row counts; no SQL is ever executed from input. */
export const ZSqlAudit = z.object({
  actions: z.array(ZAuditEntry),
  row_counts: z.array(z.object({ name: z.string(), row_count: zCount })),
});
export type TSqlAudit = z.infer<typeof ZSqlAudit>;

/** A store only its shoppers' receipts name, waiting in the moderation queue (GET /api/admin/moderation/stores). */
export const ZPendingStore = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  /** Distinct shoppers whose receipts name it, its creator included. */
  shopperCount: z.number().int(),
  createdAt: z.string(),
});
export type TPendingStore = z.infer<typeof ZPendingStore>;
export const ZPendingStoreList = z.object({ items: z.array(ZPendingStore) });
export type TPendingStoreList = z.infer<typeof ZPendingStoreList>;
