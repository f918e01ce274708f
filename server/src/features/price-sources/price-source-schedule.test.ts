import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../../test/test-app';
import { createAdmin } from '../../test/factories';
import { savePriceSourceConfig } from './price-source-config.service';
import { findRun } from './price-source-runs.repo';
import { runScheduledPriceSources } from './price-source-schedule';

const t = registerTestApp();

describe('scheduled price source runs', () => {
  it('runs an enabled source once a day from its hour, even when two passes overlap', async () => {
    const admin = await createAdmin(t.app);
    // Open Prices with no city or locations discovers nothing: the run succeeds with no files, offline.
    await savePriceSourceConfig(t.app, { actorId: admin.id, sourceId: 'open-prices', change: { isEnabled: true, scheduleHour: 5 } });
    await savePriceSourceConfig(t.app, { actorId: admin.id, sourceId: 'kroger', change: { isEnabled: false, scheduleHour: 1 } });
    expect(await runScheduledPriceSources(t.app, new Date('2026-11-28T04:30:00Z'))).toEqual([]);

    const at = new Date('2026-11-28T05:10:00Z');
    const passes = await Promise.all([runScheduledPriceSources(t.app, at), runScheduledPriceSources(t.app, at)]);
    const runIds = passes.flat();
    expect(runIds).toHaveLength(1);
    expect(await findRun(t.app, runIds[0]!)).toMatchObject({ source: 'open-prices', status: 'succeeded', startedBy: null, files: 0 });
    expect(await runScheduledPriceSources(t.app, new Date('2026-11-28T09:00:00Z'))).toEqual([]);
    expect(await runScheduledPriceSources(t.app, new Date('2026-11-29T06:00:00Z'))).toHaveLength(1);
  });

  it('marks failed, on each pass, the runs a stopped server left running, and only those', async () => {
    const at = new Date('2026-11-30T03:00:00Z');
    const insertRun = (id: string, heartbeatAt: string) =>
      t.app.db
        .insertInto('price_source_runs')
        .values({
          id,
          source_id: 'hr-nn75',
          status: 'running',
          started_by: null,
          started_at: '2026-11-30T02:00:00.000Z',
          finished_at: null,
          heartbeat_at: heartbeatAt,
        })
        .execute();
    await insertRun('left-behind', '2026-11-30T02:50:00.000Z');
    await insertRun('still-going', '2026-11-30T02:58:00.000Z');
    await runScheduledPriceSources(t.app, at);
    expect(await findRun(t.app, 'left-behind')).toMatchObject({
      status: 'failed',
      errors: [{ message: expect.stringMatching(/^Interrupted/) }],
    });
    expect(await findRun(t.app, 'still-going')).toMatchObject({ status: 'running', errors: [] });
  });
});
