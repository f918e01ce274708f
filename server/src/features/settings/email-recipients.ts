import type { Kysely } from 'kysely';
import { isEmailVerified } from '../../auth/email-verified';
import { isFlagSet } from '../../db/ids';
import type { Database } from '../../db/schema';

/** The notification preferences that send email other than account mail. */
export type EmailTopic = 'product' | 'deal_alerts';

/**
 * Profiles as recipients of mail on `topic`: the address, the one-click unsubscribe token (null without a preferences
 * row) and what isEmailAllowed decides by. Callers add their own columns and filters.
 */
export function selectEmailRecipients(db: Kysely<Database>, topic: EmailTopic) {
  return db
    .selectFrom('profiles as p')
    .leftJoin('notification_preferences as n', 'n.user_id', 'p.id')
    .leftJoin('user as u', 'u.id', 'p.id')
    .select((eb) => ['p.id', 'p.email', 'n.unsubscribe_token', eb.ref(`n.${topic}`).as('topic_flag'), 'u.emailVerified']);
}

/** The shopper's preference for the topic is on; a missing preferences row means the defaults, where every emailed topic is. */
export function isTopicOn(recipient: { topic_flag: number | null }): boolean {
  return recipient.topic_flag === null || isFlagSet(recipient.topic_flag);
}

/** Mail on a topic goes only to a verified address whose preference for it is on. */
export function isEmailAllowed(recipient: { topic_flag: number | null; emailVerified: number | boolean | null }): boolean {
  return isTopicOn(recipient) && isEmailVerified(recipient.emailVerified);
}
