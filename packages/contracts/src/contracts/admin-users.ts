import { z } from 'zod';
import { ZAdminUser } from './admin';

/** POST /api/admin/users/:id/suspend: why, kept in the audit log and shown on the account's page. */
export const ZSuspendUser = z.object({ reason: z.string().trim().min(1, 'Say why the account is suspended').max(500) });
export type TSuspendUser = z.infer<typeof ZSuspendUser>;

const zCount = z.number().int().nonnegative();

/** One audited operator action on the account, newest first. */
export const ZAdminUserEvent = z.object({
  action: z.string(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TAdminUserEvent = z.infer<typeof ZAdminUserEvent>;

/** GET /api/admin/users/:id: the account, what it holds and what operators did to it. */
export const ZAdminUserDetail = ZAdminUser.extend({
  suspended_reason: z.string().nullable(),
  email_verified: z.boolean(),
  active_sessions: zCount,
  counts: z.object({
    lists: zCount,
    receipts: zCount,
    pantry_items: zCount,
    deals: zCount,
    households: zCount,
    access_tokens: zCount,
  }),
  events: z.array(ZAdminUserEvent),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;
