import type { Deps } from '../../app-types';
import { selectMemberIds } from '../households';
import { sendPush } from './push-sender';

type BatchDeps = Deps<'config' | 'db' | 'log'>;

/** The changes one member made to one shared list since the batch opened. */
interface PendingBatch {
  listId: string;
  listName: string;
  householdId: string;
  actorId: string;
  changes: string[];
  timer: NodeJS.Timeout;
}

/** Changes named in the push; the rest are counted. */
const NAMED_CHANGES = 3;

// Batches are per app (per database handle), so test apps and a restarted app never share one.
const pendingByApp = new WeakMap<object, Map<string, PendingBatch>>();

function pendingOf(app: BatchDeps): Map<string, PendingBatch> {
  let pending = pendingByApp.get(app.db);
  if (!pending) {
    pending = new Map();
    pendingByApp.set(app.db, pending);
  }
  return pending;
}

/** "Added Milk, ticked Eggs and 2 more changes". */
export function describeChanges(changes: readonly string[]): string {
  const named = changes.slice(0, NAMED_CHANGES).join(', ');
  const rest = changes.length - NAMED_CHANGES;
  const text = rest > 0 ? `${named} and ${rest} more ${rest === 1 ? 'change' : 'changes'}` : named;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

async function readActorName(app: BatchDeps, userId: string): Promise<string> {
  const row = await app.db.selectFrom('profiles').select(['display_name', 'full_name']).where('id', '=', userId).executeTakeFirst();
  return row?.display_name?.trim() || row?.full_name.trim() || 'A household member';
}

async function flushBatch(app: BatchDeps, batch: PendingBatch): Promise<void> {
  const recipients = (await selectMemberIds(app.db, batch.householdId)).filter((id) => id !== batch.actorId);
  if (recipients.length === 0) return;
  const actor = await readActorName(app, batch.actorId);
  await sendPush(app, recipients, 'list_changes', {
    title: `${actor} changed ${batch.listName}`,
    body: describeChanges(batch.changes),
    url: `/u/lists/${batch.listId}`,
    tag: `list-${batch.listId}`,
  });
}

/**
 * Notes a member's change to a shared list. The household's other members get one push per member and list for
 * everything that member changed within PUSH_LIST_BATCH_MS of the first change, not one per tick or keystroke.
 * Personal lists push nothing. Each instance batches the writes it served.
 */
export function recordListChange(
  app: BatchDeps,
  list: { id: string; name: string; household_id: string | null },
  actorId: string,
  change: string,
): void {
  if (!list.household_id) return;
  const pending = pendingOf(app);
  const key = `${list.id}|${actorId}`;
  const open = pending.get(key);
  if (open) {
    open.changes.push(change);
    return;
  }
  const batch: PendingBatch = {
    listId: list.id,
    listName: list.name,
    householdId: list.household_id,
    actorId,
    changes: [change],
    timer: setTimeout(() => {
      pending.delete(key);
      flushBatch(app, batch).catch((err: unknown) => app.log.warn({ err, listId: batch.listId }, 'list change push failed'));
    }, app.config.push.listBatchMs),
  };
  batch.timer.unref();
  pending.set(key, batch);
}

/** Sends every open batch now (tests; a batch window of 0 in practice). */
export async function flushListChangePushes(app: BatchDeps): Promise<void> {
  const pending = pendingOf(app);
  const batches = [...pending.values()];
  pending.clear();
  for (const batch of batches) clearTimeout(batch.timer);
  await Promise.all(batches.map((batch) => flushBatch(app, batch)));
}

/** Drops open batches when the app closes (their database is going away). */
export function cancelListChangePushes(app: BatchDeps): void {
  const pending = pendingOf(app);
  for (const batch of pending.values()) clearTimeout(batch.timer);
  pending.clear();
}
