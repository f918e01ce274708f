import type { Deps } from '../app-types';
import { startDealDigests } from './deals';
import { startReceiptJobs } from './receipts';
import { startTrialReminders } from './billing';
import { startPriceSourceSchedule } from './price-sources';
import { startPlannerStatistics } from '../platform/planner-statistics';

type Stop = () => void;
/** What the background tasks read: no HTTP server, only the services they share with it. */
type BackgroundDeps = Deps<'config' | 'database' | 'db' | 'events' | 'files' | 'log' | 'mailer'>;
type BackgroundTask = (app: BackgroundDeps) => Stop;

/**
 * Long-running work (receipt jobs, deal digests, trial reminders, scheduled price imports, the planners' daily
 * statistics) that runs beside the HTTP server in the same process. */
const tasks: BackgroundTask[] = [startDealDigests, startReceiptJobs, startTrialReminders, startPriceSourceSchedule, startPlannerStatistics];

export function startBackgroundWork(app: BackgroundDeps): Stop {
  const stops = tasks.map((start) => start(app));
  return () => stops.forEach((stop) => stop());
}
