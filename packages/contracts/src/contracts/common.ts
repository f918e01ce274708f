import { z } from 'zod';
import { defineRoute } from '../api/define-route';

/** Identifiers are UUID-shaped. */
export const ZId = z.string().uuid({ message: 'Invalid id' });

/** Every error answer from the API has this shape; `message` is safe to show to a user. */
export const ZApiError = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type TApiError = z.infer<typeof ZApiError>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

/** Trimmed text that must not be blank. */
export function zNonBlank(message: string) {
  return z.string({ message }).trim().min(1, { message });
}

/** ISO calendar date yyyy-mm-dd. */
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2026-01-31' });

/**
 * An idempotency key the browser makes for an item it adds (the outbox sends it again on a replay): a second add with
 * the same key answers with the item the first one made instead of adding another.
 */
export const ZClientKey = z
  .string()
  .min(8, { message: 'Invalid client key' })
  .max(80, { message: 'Invalid client key' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'Invalid client key' });

/** GET /api/health: answers once the database does; `database` names its kind (sqlite, postgres). */
export const ZHealth = z.object({ status: z.literal('ok'), database: z.string() });
export type THealth = z.infer<typeof ZHealth>;

export const healthApi = {
  check: defineRoute({ method: 'GET', path: '/api/health', responses: { 200: ZHealth } }),
};
