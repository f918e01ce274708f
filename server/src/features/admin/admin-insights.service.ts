import type { TAdminAnalytics, TAuditEntry, TAuditLogPage, TOutboxPage, TSqlAudit } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { redactSecrets } from '../../mail/redact-secrets';
import { countRows, MONITORED_TABLES } from './admin-database.service';
import { addDaysTo, getWeekStartIso, toIsoDay } from '@cartwise/contracts';

const WEEKS = 12;
/** Monday 00:00 UTC of the week containing `time`, as yyyy-mm-dd. */
export function toWeekStart(time: number): string {
  return getWeekStartIso(toIsoDay(time));
}

/** Adds per-day counts (yyyy-mm-dd) up into the last WEEKS weeks, oldest first. */
function countPerWeek(perDay: { day: string; n: number | string }[], now: Date): { week_start: string; count: number }[] {
  const weeks: string[] = [];
  for (let i = WEEKS - 1; i >= 0; i -= 1) weeks.push(toWeekStart(addDaysTo(now, -7 * i).getTime()));
  const counts = new Map(weeks.map((w) => [w, 0]));
  for (const { day, n } of perDay) {
    const week = getWeekStartIso(day);
    if (counts.has(week)) counts.set(week, (counts.get(week) ?? 0) + Number(n));
  }
  return weeks.map((week_start) => ({ week_start, count: counts.get(week_start) ?? 0 }));
}

/** Rows created per day since `sinceDay`, from the per-day counts the triggers keep (at most WEEKS * 7 rows). */
function countPerDay(app: Deps<'db'>, kind: 'signup' | 'receipt', sinceDay: string) {
  return app.db.selectFrom('operator_day_counts').select(['day', 'n']).where('kind', '=', kind).where('day', '>=', sinceDay).execute();
}

export async function getAnalytics(app: Deps<'db'>, now = new Date()): Promise<TAdminAnalytics> {
  const sinceDay = toWeekStart(addDaysTo(now, -7 * (WEEKS - 1)).getTime());
  const [signups, receipts] = await Promise.all([countPerDay(app, 'signup', sinceDay), countPerDay(app, 'receipt', sinceDay)]);
  const deals = await app.db
    .selectFrom('deals')
    .select(['status', (eb) => eb.fn.countAll().as('n')])
    .groupBy('status')
    .orderBy('status')
    .execute();
  return {
    signups_per_week: countPerWeek(signups, now),
    receipts_per_week: countPerWeek(receipts, now),
    deals_by_status: deals.map((d) => ({ status: d.status, count: Number(d.n) })),
  };
}

/** Audit actions named `<thing>.<verb>` with these verbs only read data; every other action changed something. */
const READ_ONLY_VERBS = ['viewed', 'read', 'listed', 'exported', 'downloaded', 'searched'];

function auditQuery(app: Deps<'db'>, isDataChangingOnly: boolean) {
  let query = app.db.selectFrom('audit_log');
  if (isDataChangingOnly) {
    query = query.where((eb) => eb.and(READ_ONLY_VERBS.map((verb) => eb('action', 'not like', `%.${verb}`))));
  }
  return query;
}

async function readAuditEntries(app: Deps<'db'>, isDataChangingOnly: boolean, limit: number, offset: number): Promise<TAuditEntry[]> {
  const rows = await auditQuery(app, isDataChangingOnly)
    .leftJoin('profiles', 'profiles.id', 'audit_log.actor_id')
    .selectAll('audit_log')
    .select('profiles.email as actor_email')
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actor_id,
    actor_email: r.actor_email,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    details: r.details,
    created_at: r.created_at,
  }));
}

export async function listAuditLog(app: Deps<'db'>, page: number, pageSize: number): Promise<TAuditLogPage> {
  const total = await auditQuery(app, false)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const items = await readAuditEntries(app, false, pageSize, (page - 1) * pageSize);
  return { items, total: Number(total.n), page, page_size: pageSize };
}

export async function listOutbox(app: Deps<'config' | 'db'>, page: number, pageSize: number): Promise<TOutboxPage> {
  const total = await app.db
    .selectFrom('outbox_messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const items = await app.db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  // Rows kept while DEV_OUTBOX_SECRETS was on (or by an older version) may still hold links and codes.
  const shown = app.config.isOutboxShowingSecrets ? items : items.map((item) => ({ ...item, body: redactSecrets(item.body) }));
  return { items: shown, total: Number(total.n), page, page_size: pageSize };
}

/** Recent data-changing admin actions plus row counts; deliberately offers no way to run SQL. */
export async function getSqlAudit(app: Deps<'db'>): Promise<TSqlAudit> {
  const actions = await readAuditEntries(app, true, 50, 0);
  const names = [...MONITORED_TABLES, 'notification_log', 'notifications', 'audit_log'] as const;
  const row_counts = [];
  for (const name of names) row_counts.push({ name, row_count: await countRows(app, name) });
  return { actions, row_counts };
}
