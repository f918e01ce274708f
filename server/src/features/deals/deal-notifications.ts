import type { Deps } from '../../app-types';
import { createId, nowIso } from '../../db/ids';

export interface InAppNotification {
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

/** Stores an in-app notification and pushes it to the user's open tabs. */
export async function notifyUser(app: Deps<'db' | 'events' | 'log'>, userId: string, notification: InAppNotification): Promise<string> {
  const id = createId();
  await app.db
    .insertInto('notifications')
    .values({ id, user_id: userId, ...notification, created_at: nowIso() })
    .execute();
  try {
    await app.events.publish(userId, { type: 'notification', id });
  } catch (err) {
    // The row is stored; the shopper sees it on next load even if the live push failed.
    app.log.warn({ err, userId, notificationId: id }, 'notification push failed');
  }
  return id;
}
