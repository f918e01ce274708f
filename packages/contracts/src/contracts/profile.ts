import { z } from 'zod';

export const ZRole = z.enum(['user', 'admin']);
export type TRole = z.infer<typeof ZRole>;

/** subscription_status as stored (the last Stripe state); `free` when absent. What it allows is getBillingStatus's. */
export const ZSubscriptionStatus = z.enum(['free', 'trial', 'active', 'past_due', 'expired', 'cancelled']);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** The signed-in user's own profile row, as GET /api/me returns it. */
export const ZProfile = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  display_name: z.string().nullable(),
  debug_enabled: z.boolean(),
  role: ZRole,
  subscription_status: ZSubscriptionStatus,
  trial_started_at: z.string().nullable(),
  trial_ends_at: z.string().nullable(),
  is_onboarded: z.boolean(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** GET /api/settings/profile */
export const ZSettingsProfile = z.object({ id: z.string(), email: z.string(), display_name: z.string().nullable() });
export type TSettingsProfile = z.infer<typeof ZSettingsProfile>;

/** POST /api/settings/profile: the spec sends the profile object (id, email, displayName). */
export const ZUpdateSettingsProfile = z.object({
  id: z.string().optional(),
  email: z.string().optional(),
  displayName: z.string().trim().max(80, { message: 'Display name is too long' }),
  fullName: z.string().trim().max(120).optional(),
});
export type TUpdateSettingsProfile = z.infer<typeof ZUpdateSettingsProfile>;

/** Events pushed on GET /api/realtime (server-sent events), one JSON object per `data:` line. */
export const ZRealtimeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('profile'), profile: ZProfile }),
  z.object({ type: z.literal('notification'), id: z.string() }),
  z.object({ type: z.literal('receipt-job'), id: z.string(), status: z.string(), progress: z.number() }),
  /** A list's items or name changed (sent to everyone who can read it). */
  z.object({ type: z.literal('list'), id: z.string() }),
  /** The pantry changed (the shopper's own or a household's). */
  z.object({ type: z.literal('pantry') }),
  /** A household's members or name changed, or the shopper was removed from it. */
  z.object({ type: z.literal('household'), id: z.string() }),
]);
export type TRealtimeEvent = z.infer<typeof ZRealtimeEvent>;
