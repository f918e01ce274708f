import { describe, expect, it } from 'vitest';
import { nowIso } from '../db/ids';
import { countQueries } from '../test/query-counter';
import { registerTestApp } from '../test/test-app';
import { getIntegerSetting, isFeatureEnabled, readSettingsOf } from './operator-settings';

const t = registerTestApp();

async function store(key: string, value: string) {
  const now = nowIso();
  await t.app.db
    .insertInto('app_settings')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
    .execute();
}

const read = () => readSettingsOf(t.app, { features: ['split_cart', 'deal_submissions'], integers: ['stale_price_days'] });

describe('several operator settings read together', () => {
  it('resolves each flag and setting as the single reads do, in one statement', async () => {
    // Nothing stored yet: every key takes its definition's default.
    const defaults = await read();
    expect(defaults.isFeatureEnabled('split_cart')).toBe(true);
    expect(await isFeatureEnabled(t.app, 'split_cart')).toBe(true);
    expect(defaults.getInteger('stale_price_days')).toBe(30);

    await store('feature.split_cart', 'false');
    await store('stale_price_days', '12');
    let settings = await read();
    const count = await countQueries(t.app.db, async () => {
      settings = await read();
    });
    expect(count.queries).toBe(1);
    expect(settings.isFeatureEnabled('split_cart')).toBe(false);
    expect(settings.isFeatureEnabled('deal_submissions')).toBe(true);
    expect(settings.getInteger('stale_price_days')).toBe(12);

    // A stored value its definition refuses falls back to the default, as getIntegerSetting does.
    await store('stale_price_days', 'soon');
    expect((await read()).getInteger('stale_price_days')).toBe(await getIntegerSetting(t.app, 'stale_price_days'));
    expect((await read()).getInteger('stale_price_days')).toBe(30);
  });
});
