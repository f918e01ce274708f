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
});
