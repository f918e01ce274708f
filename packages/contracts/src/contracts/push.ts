import { z } from 'zod';
import { defineRoute } from '../api/define-route';

// Contracts of /api/push/*: Web Push subscriptions of the shopper's browsers and which topics are pushed.

/** GET /api/push/public-key: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export const ZPushPublicKey = z.object({ publicKey: z.string() });
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>;

/** The longest push service endpoint accepted (real ones are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const zBase64Url = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives (expirationTime is ignored). */
export const ZPushSubscription = z.object({
  endpoint: z.string().trim().min(1, 'endpoint is required').max(PUSH_ENDPOINT_MAX_LENGTH),
  keys: z.object({ p256dh: zBase64Url, auth: zBase64Url }),
  expirationTime: z.number().nullable().optional(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;

/** DELETE /api/push/subscriptions: the endpoint to forget (only the caller's own). */
export const ZPushUnsubscribe = z.object({ endpoint: z.string().trim().min(1, 'endpoint is required').max(PUSH_ENDPOINT_MAX_LENGTH) });
export type TPushUnsubscribe = z.infer<typeof ZPushUnsubscribe>;

export const ZPushSubscriptionCreated = z.object({ id: z.string(), endpoint: z.string() });
export type TPushSubscriptionCreated = z.infer<typeof ZPushSubscriptionCreated>;

/** GET/PUT /api/push/preferences: which topics are pushed to the shopper's subscribed browsers (all on by default). */
export const ZPushPreferences = z.object({
  /** A household member's changes to a shared list, batched. */
  list_changes: z.boolean(),
  deal_alerts: z.boolean(),
  trial_reminders: z.boolean(),
});
export type TPushPreferences = z.infer<typeof ZPushPreferences>;

export const DEFAULT_PUSH_PREFERENCES: TPushPreferences = { list_changes: true, deal_alerts: true, trial_reminders: true };

/** What the service worker receives in a push and shows: `url` is the page a tap opens, `tag` folds repeats. */
export const ZPushMessage = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type TPushMessage = z.infer<typeof ZPushMessage>;

export const pushApi = {
  publicKey: defineRoute({ method: 'GET', path: '/api/push/public-key', responses: { 200: ZPushPublicKey } }),
  subscribe: defineRoute({
    method: 'POST',
    path: '/api/push/subscriptions',
    body: ZPushSubscription,
    responses: { 201: ZPushSubscriptionCreated },
  }),
  unsubscribe: defineRoute({ method: 'DELETE', path: '/api/push/subscriptions', body: ZPushUnsubscribe, responses: { 204: null } }),
  preferences: defineRoute({ method: 'GET', path: '/api/push/preferences', responses: { 200: ZPushPreferences } }),
  savePreferences: defineRoute({
    method: 'PUT',
    path: '/api/push/preferences',
    body: ZPushPreferences,
    responses: { 200: ZPushPreferences },
  }),
};
