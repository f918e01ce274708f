import type { ColumnType, Generated } from 'kysely';

// Row types of the account-side tables: better-auth's own (read for counts and admin views), households,
// API tokens, billing, rate limits and the shared cache.

/** better-auth's user table, read for counts and admin views (written only through better-auth). */
export interface AuthUserTable {
  id: string;
  email: string;
  name: string;
  emailVerified: number | boolean;
  phoneNumber: string | null;
  twoFactorEnabled: number | boolean | null;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
}

export interface HouseholdsTable {
  id: string;
  name: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface HouseholdMembersTable {
  household_id: string;
  user_id: string;
  role: 'owner' | 'member';
  joined_at: string;
  /** The invite that admitted this member (null for the creator and members from before invites were counted). */
  invite_id: Generated<string | null>;
}

export interface HouseholdInvitesTable {
  id: string;
  household_id: string;
  code: string;
  created_by: string;
  expires_at: string;
  created_at: string;
  /** Joins this code allows; single-use unless its maker chose more. */
  max_uses: Generated<number>;
  /** Joins made with it so far. */
  uses: Generated<number>;
}

/** A throttle counter (db/migrations/*-rate-limits.ts); PostgreSQL returns the bigint times as strings. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: ColumnType<number | string, number, number>;
  blocked_until: ColumnType<number | string | null, number | null, number | null>;
}

export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** SHA-256 (hex) of the token; the token itself is shown once and never stored. */
  token_hash: string;
  /** The token's first characters, so a list can tell tokens apart. */
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  /** Comma-separated TApiTokenScope values. */
  scopes: Generated<string>;
  /** SHA-256 of the password hash when the token was made (null: no password, or made before stamps). */
  credential_stamp: string | null;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  user_id: string | null;
  received_at: string;
}

export interface BillingRemindersTable {
  user_id: string;
  kind: string;
  trial_ends_at: string;
  sent_at: string;
}

export interface SharedCacheTable {
  key: string;
  value_json: string;
  expires_at: string;
}

/** Raised by database triggers on every write to the named table (migration 20261126T0130-table-versions). */
export interface TableVersionsTable {
  name: string;
  version: number;
}

/** Raised by database triggers on every write to a row the user sees (migration 20261126T0150-user-data-versions). */
export interface UserDataVersionsTable {
  user_id: string;
  version: number;
}

/** better-auth's credential and provider links (the password hash lives here). */
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
  password: string | null;
}

/** better-auth's two-factor secrets and passkeys: one row per factor, keyed by the user. */
export interface AuthFactorTable {
  id: string;
  userId: string;
}

/** better-auth's pending tokens (email verification, password reset, OTPs): identifier and value may name the user. */
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
}

/**
 * Rows per UTC day (yyyy-mm-dd) per kind ('signup', 'receipt', 'paid', 'access', 'subscriber', 'seen'), derived from
 * profiles and receipts by triggers (migration 20261128T1122): never written by the app.
 */
export interface OperatorDayCountsTable {
  kind: string;
  day: string;
  n: number;
}
