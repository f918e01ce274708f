import type { Kysely } from 'kysely';
import type { TNotificationItem } from '@cartwise/contracts';
import type { Database } from '../../db/schema';
import { createId, nowIso } from '../../db/ids';

const LIST_LIMIT = 50;
// Keeps each multi-row statement well under SQLite's and PostgreSQL's bound-parameter limits.
const INSERT_CHUNK = 200;

export interface NewNotification {
  userId: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

/** The caller's latest notifications and how many are unread in total. */
export async function listNotifications(db: Kysely<Database>, userId: string): Promise<{ items: TNotificationItem[]; unread: number }> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  const unread = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, link: r.link, read_at: r.read_at, created_at: r.created_at })),
    unread: Number(unread.n),
  };
}

/** Marks the caller's own notifications read (all unread ones when ids is absent); others' ids are ignored. */
export async function markNotificationsRead(db: Kysely<Database>, userId: string, ids: string[] | undefined): Promise<void> {
  const readAt = nowIso();
  const base = () => db.updateTable('notifications').set({ read_at: readAt }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (!ids) {
    await base().execute();
    return;
  }
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await base()
      .where('id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Inserts one notification per recipient and returns the new ids in the same order. */
export async function insertNotifications(db: Kysely<Database>, items: NewNotification[]): Promise<string[]> {
  const createdAt = nowIso();
  const rows = items.map((item) => ({
    id: createId(),
    user_id: item.userId,
    kind: item.kind,
    title: item.title,
    body: item.body,
    link: item.link,
    read_at: null,
    created_at: createdAt,
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('notifications')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  return rows.map((r) => r.id);
}
