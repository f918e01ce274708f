import {
  getTrialState,
  isInAudience,
  SEND_NOTIFICATION_REQUIRED,
  type TNotificationAudience,
  type TNotificationLogList,
  type TSendNotificationResult,
} from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import type { CurrentUser } from '../../auth/current-user';
import { createId, nowIso } from '../../db/ids';
import { badRequest } from '../../http/errors';
import { insertNotifications } from '../notifications';
import { writeAudit } from '../../platform/audit-log';
import { isBillingEnabled } from '../billing';
import { isEmailAllowed, selectEmailRecipients } from '../settings';
import { buildUnsubscribeUrl } from '../../platform/unsubscribe-link';

interface Recipient {
  id: string;
  email: string;
  wantsEmail: boolean;
  unsubscribeToken: string | null;
}

async function findAudience(
  app: Deps<'config' | 'db' | 'events' | 'log' | 'mailer'>,
  audience: TNotificationAudience,
): Promise<Recipient[]> {
  const rows = await selectEmailRecipients(app.db, 'product').select(['p.trial_ends_at', 'p.paid_until']).execute();
  const now = new Date();
  return (
    rows
      .filter((r) => isInAudience(getTrialState(r, isBillingEnabled(app.config), now), audience))
      // Those who may not be emailed (an unverified address, product updates off) get the in-app copy only.
      .map((r) => ({
        id: r.id,
        email: r.email,
        wantsEmail: isEmailAllowed(r),
        unsubscribeToken: r.unsubscribe_token,
      }))
  );
}

function buildEmailText(app: Deps<'config' | 'db' | 'events' | 'log' | 'mailer'>, body: string, unsubscribeToken: string | null): string {
  const settingsUrl = new URL('/u/settings/notifications', app.config.publicUrl).toString();
  // The one-click link works without signing in; the settings page is the fallback without a token.
  const unsubscribeUrl = unsubscribeToken ? buildUnsubscribeUrl(app.config.publicUrl, unsubscribeToken, 'product') : settingsUrl;
  return `${body}\n\n--\nYou receive this because product updates are on for your Cartwise account.\nUnsubscribe: ${unsubscribeUrl}\nEmail preferences: ${settingsUrl}`;
}

/** Records the send, delivers an in-app notification to everyone in the audience and emails those who opted in. */
export async function sendAdminNotification(
  app: Deps<'config' | 'db' | 'events' | 'log' | 'mailer'>,
  actor: CurrentUser,
  input: { subject: string; body: string; audience: TNotificationAudience },
): Promise<TSendNotificationResult> {
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject || !body) throw badRequest(SEND_NOTIFICATION_REQUIRED);

  const recipients = await findAudience(app, input.audience);
  const logId = createId();
  await app.db
    .insertInto('notification_log')
    .values({
      id: logId,
      notification_type: 'manual',
      subject,
      body,
      audience: input.audience,
      requested_by: actor.id,
      recipient_count: recipients.length,
      created_at: nowIso(),
    })
    .execute();
  const ids = await insertNotifications(
    app.db,
    recipients.map((r) => ({ userId: r.id, kind: 'admin', title: subject, body, link: null })),
  );
  await writeAudit(app.db, {
    actorId: actor.id,
    action: 'notification.sent',
    targetType: 'notification_log',
    targetId: logId,
    details: { subject, audience: input.audience, recipient_count: recipients.length },
  });

  await Promise.all(recipients.map((r, i) => app.events.publish(r.id, { type: 'notification', id: ids[i] as string })));

  let failedEmails = 0;
  for (const r of recipients) {
    if (!r.wantsEmail) continue;
    try {
      await app.mailer.sendMail({ to: r.email, subject, text: buildEmailText(app, body, r.unsubscribeToken) });
    } catch (err) {
      // One bad address must not undo a send that is already recorded and delivered in-app.
      failedEmails += 1;
      app.log.warn({ err, userId: r.id, logId }, 'admin notification email failed');
    }
  }
  app.log.info(
    { actorId: actor.id, logId, audience: input.audience, recipients: recipients.length, failedEmails },
    'admin notification sent',
  );
  return { id: logId, recipient_count: recipients.length, message: 'Notification recorded' };
}

export async function listNotificationLog(app: Deps<'config' | 'db' | 'events' | 'log' | 'mailer'>): Promise<TNotificationLogList> {
  const rows = await app.db
    .selectFrom('notification_log')
    .leftJoin('profiles', 'profiles.id', 'notification_log.requested_by')
    .selectAll('notification_log')
    .select('profiles.email as requested_by_email')
    .orderBy('notification_log.created_at', 'desc')
    .limit(20)
    .execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      notification_type: r.notification_type,
      subject: r.subject,
      body: r.body,
      audience: r.audience,
      requested_by: r.requested_by,
      requested_by_email: r.requested_by_email,
      recipient_count: Number(r.recipient_count),
      created_at: r.created_at,
    })),
  };
}
