import type { App } from '../app-types';
import type { FeatureKey, SettingKey } from '../platform/operator-settings';
import { asUser, type TestUser } from './factories';

/** Turns a feature flag on or off the way an operator does, through the admin API. */
export async function setFeature(app: App, operator: TestUser, key: FeatureKey, isEnabled: boolean): Promise<void> {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/admin/features/${key}`,
    headers: asUser(operator),
    payload: { is_enabled: isEnabled },
  });
  if (res.statusCode !== 200) throw new Error(`toggling ${key} failed: ${res.statusCode} ${res.body}`);
}

/** Saves an operator setting through the admin API (so its validation applies too). */
export async function setSetting(app: App, operator: TestUser, key: SettingKey, value: string): Promise<void> {
  const res = await app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: asUser(operator), payload: { value } });
  if (res.statusCode !== 200) throw new Error(`saving ${key} failed: ${res.statusCode} ${res.body}`);
}
