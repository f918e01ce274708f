import type { Deps } from '../../app-types';
import { isFlagSet } from '../../db/ids';
import { insertNotifications } from '../notifications';

/**
 * "Receipt processing alerts" (settings, on by default): an in-app notification when an upload is ready to
 * review or could not be read, so a shopper who left the upload page still finds out.
 */
export async function notifyReceiptJobDone(
  app: Deps<'db' | 'events' | 'log'>,
  job: { id: string; user_id: string; file_name: string | null },
  outcome: 'ready' | 'manual' | 'failed',
  reason?: string,
): Promise<void> {
  try {
    const preferences = await app.db
      .selectFrom('notification_preferences')
      .select('receipts')
      .where('user_id', '=', job.user_id)
      .executeTakeFirst();
    if (preferences && !isFlagSet(preferences.receipts)) return;
    const what = job.file_name ?? 'Your receipt';
    const content = {
      ready: { title: 'Receipt ready to review', body: `${what} was read. Check it and save it.` },
      // Automatic reading is off: saying "was read" would send the shopper looking for fields that are empty.
      manual: { title: 'Receipt ready to fill in', body: `${what} was uploaded. Type in its details and save it.` },
      failed: { title: 'Receipt could not be read', body: reason ?? `${what} could not be read.` },
    }[outcome];
    const [id] = await insertNotifications(app.db, [{ userId: job.user_id, kind: 'receipt', ...content, link: '/u/receipts/upload' }]);
    if (id) await app.events.publish(job.user_id, { type: 'notification', id });
  } catch (err) {
    app.log.warn({ err, jobId: job.id }, 'receipt alert not sent');
  }
}
