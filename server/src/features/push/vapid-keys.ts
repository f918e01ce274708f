import webpush from 'web-push';
import type { Deps } from '../../app-types';
import { nowIso } from '../../db/ids';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const loaded = new WeakMap<object, Promise<VapidKeys>>();

/**
 * The server's VAPID pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else one generated on first use and kept in
 * the database (SQLite's file lives in DATA_DIR; on PostgreSQL every instance reads the same row, the first insert
 * wins), so every instance signs with the key the browsers subscribed to.
 */
export function getVapidKeys(app: Deps<'config' | 'db'>): Promise<VapidKeys> {
  if (app.config.push.vapidKeys) return Promise.resolve(app.config.push.vapidKeys);
  let keys = loaded.get(app.db);
  if (!keys) {
    keys = loadOrCreateKeys(app).catch((err: unknown) => {
      loaded.delete(app.db);
      throw err;
    });
    loaded.set(app.db, keys);
  }
  return keys;
}

async function loadOrCreateKeys(app: Deps<'db'>): Promise<VapidKeys> {
  const generated = webpush.generateVAPIDKeys();
  await app.db
    .insertInto('push_vapid_keys')
    .values({ id: 'default', public_key: generated.publicKey, private_key: generated.privateKey, created_at: nowIso() })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const row = await app.db
    .selectFrom('push_vapid_keys')
    .select(['public_key', 'private_key'])
    .where('id', '=', 'default')
    .executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}

/** The VAPID subject push services may contact: the public https origin, else the sender address. */
export function readVapidSubject(config: { publicUrl: string; mailFrom: string }): string {
  const url = new URL(config.publicUrl);
  if (url.protocol === 'https:' && url.hostname !== 'localhost') return url.origin;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
}
