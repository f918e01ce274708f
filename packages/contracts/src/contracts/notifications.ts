import { z } from 'zod';
import { defineRoute } from '../api/define-route';

/** One in-app notification for the signed-in user. */
export const ZNotificationItem = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type TNotificationItem = z.infer<typeof ZNotificationItem>;

/** GET /api/notifications */
export const ZNotificationList = z.object({
  items: z.array(ZNotificationItem),
  unread: z.number().int().nonnegative(),
});
export type TNotificationList = z.infer<typeof ZNotificationList>;

/** POST /api/notifications/read: without ids, every notification is marked read. */
export const ZMarkNotificationsRead = z.object({ ids: z.array(z.string()).optional() });
export type TMarkNotificationsRead = z.infer<typeof ZMarkNotificationsRead>;

/** The notification endpoints, shared by the server's registration and the web client's calls. */
export const notificationsApi = {
  list: defineRoute({ method: 'GET', path: '/api/notifications', responses: { 200: ZNotificationList } }),
  markRead: defineRoute({
    method: 'POST',
    path: '/api/notifications/read',
    body: ZMarkNotificationsRead.optional(),
    responses: { 200: ZNotificationList },
  }),
};
