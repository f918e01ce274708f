import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createId, nowIso } from '../db/ids';

/** Every action the operator area writes; all of them change data, so /admin/sql-audit lists them. */
export const AUDIT_ACTIONS = [
  'user.role_changed',
  'user.subscription_changed',
  'user.deleted',
  'user.suspended',
  'user.reinstated',
  'notification.sent',
  'setting.updated',
  'feature.toggled',
  'waitlist.added',
  'waitlist.invited',
  'invite.created',
  'invite.revoked',
  'store.approved',
  'chain.merged',
  'shelf_price.approved',
  'shelf_price.rejected',
  'catalogue.approved',
  'catalogue.rejected',
  'catalogue.undone',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export async function writeAudit(
  db: Kysely<Database>,
  entry: { actorId: string; action: AuditAction; targetType: string; targetId: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: createId(),
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      details: JSON.stringify(entry.details ?? {}),
      created_at: nowIso(),
    })
    .execute();
}
