import type { Generated } from 'kysely';

// Row types of what Cartwise sends: in-app notifications and their log, web push, and the mail outbox.

/** SQLite stores booleans as 0/1 (as schema.ts's Flag). */
type Flag = number;

export interface NotificationLogTable {
  id: string;
  notification_type: Generated<string>;
  subject: string;
  body: string;
  audience: Generated<string>;
  requested_by: string | null;
  recipient_count: Generated<number>;
  created_at: string;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: Generated<string>;
  link: string | null;
  read_at: string | null;
  created_at: string;
}

export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  /** The push service URL the browser gave (unique: one browser, one row). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
  created_at: string;
}

/** Which topics a shopper wants pushed; no row means every topic on. */
export interface PushPreferencesTable {
  user_id: string;
  list_changes: Generated<Flag>;
  deal_alerts: Generated<Flag>;
  trial_reminders: Generated<Flag>;
  updated_at: string;
}

export interface PushVapidKeysTable {
  id: string;
  public_key: string;
  private_key: string;
  created_at: string;
}

export interface OutboxMessagesTable {
  id: string;
  channel: string;
  recipient: string;
  subject: Generated<string>;
  body: string;
  status: Generated<string>;
  created_at: string;
}
