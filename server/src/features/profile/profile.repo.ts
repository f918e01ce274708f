import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TProfile, TRole, TSubscriptionStatus } from '@cartwise/contracts';
import { ZRole, ZSubscriptionStatus } from '@cartwise/contracts';
import type { Database, Profile, ProfileUpdate } from '../../db/schema';
import { isFlagSet, nowIso } from '../../db/ids';

const TRIAL_MONTHS = 6;

export function addMonths(iso: string, months: number): string {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}

/** Every new account gets a profile, default notification preferences and a 6-month trial. */
export async function createProfileForUser(
  db: Kysely<Database>,
  input: { id: string; email: string; fullName: string; isAdmin: boolean; createdAt?: string },
): Promise<void> {
  const now = input.createdAt ?? nowIso();
  await db
    .insertInto('profiles')
    .values({
      id: input.id,
      email: input.email.toLowerCase(),
      full_name: input.fullName,
      display_name: input.fullName || null,
      role: input.isAdmin ? 'admin' : 'user',
      subscription_status: 'trial',
      trial_started_at: now,
      trial_ends_at: addMonths(now, TRIAL_MONTHS),
      paid_until: null,
      onboarded_at: null,
      last_seen_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('notification_preferences')
    .values({ user_id: input.id, unsubscribe_token: crypto.randomBytes(24).toString('hex'), updated_at: now })
    .execute();
}

export async function findProfile(db: Kysely<Database>, id: string): Promise<Profile | undefined> {
  return db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateProfile(db: Kysely<Database>, id: string, patch: ProfileUpdate): Promise<void> {
  await db
    .updateTable('profiles')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

// An unknown stored value reads as the least access (a shopper on the free plan), never as more.
export function readRole(row: Pick<Profile, 'role'>): TRole {
  const role = ZRole.safeParse(row.role);
  return role.success ? role.data : 'user';
}

export function readSubscriptionStatus(row: Pick<Profile, 'subscription_status'>): TSubscriptionStatus {
  const status = ZSubscriptionStatus.safeParse(row.subscription_status);
  return status.success ? status.data : 'free';
}

export function toProfileDto(row: Profile): TProfile {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name ?? '',
    display_name: row.display_name,
    debug_enabled: isFlagSet(row.debug_enabled),
    role: readRole(row),
    subscription_status: readSubscriptionStatus(row),
    trial_started_at: row.trial_started_at,
    trial_ends_at: row.trial_ends_at,
    is_onboarded: row.onboarded_at !== null,
  };
}
