import type { App } from '../app-types';
import { startDealDigests } from './deals/deal-alerts';
import { startReceiptJobs } from './receipts';
import { startTrialReminders } from './billing/trial-reminders';

type Stop = () => void;
type BackgroundTask = (app: App) => Stop;

/** Long-running work (receipt jobs, deal digests, trial reminders) that runs beside the HTTP server in the same process. */
const tasks: BackgroundTask[] = [startDealDigests, startReceiptJobs, startTrialReminders];

export function startBackgroundWork(app: App): Stop {
  const stops = tasks.map((start) => start(app));
  return () => stops.forEach((stop) => stop());
}
