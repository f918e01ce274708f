import type { Deps } from '../../app-types';
import { getIntegerSetting } from '../../platform/operator-settings';

/** Prices older than the operator's `stale_price_days` setting are flagged (and can be left out of plans). */
export function getStaleDays(app: Deps<'db'>): Promise<number> {
  return getIntegerSetting(app, 'stale_price_days');
}
