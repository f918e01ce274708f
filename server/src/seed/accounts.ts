import type { Deps } from '../app-types';

export const DEMO_PASSWORD = 'cartwise-demo';
export const DEMO_OPERATOR_EMAIL = 'operator@cartwise.demo';
export const DEMO_SHOPPER_EMAIL = 'shopper@cartwise.demo';

export interface DemoAccounts {
  operatorId: string;
  shopperId: string;
}

/** Signs up through better-auth itself so the demo accounts have real password hashes, profiles and trials. */
async function signUp(app: Deps<'auth' | 'database' | 'db'>, email: string, name: string): Promise<string> {
  const result = await app.auth.api.signUpEmail({ body: { email, password: DEMO_PASSWORD, name } });
  // Demo addresses count as confirmed, so the demo shows digests and announcements by mail too.
  await app.db
    .updateTable('user')
    .set({ emailVerified: app.database.kind === 'postgres' ? true : 1 })
    .where('id', '=', result.user.id)
    .execute();
  return result.user.id;
}

export async function createDemoAccounts(app: Deps<'auth' | 'database' | 'db'>, now: Date): Promise<DemoAccounts> {
  const operatorId = await signUp(app, DEMO_OPERATOR_EMAIL, 'Olivia Operator');
  const shopperId = await signUp(app, DEMO_SHOPPER_EMAIL, 'Sam Rivera');
  const onboardedAt = now.toISOString();
  await app.db
    .updateTable('profiles')
    .set({ role: 'admin', display_name: 'Olivia (operator)', onboarded_at: onboardedAt, updated_at: onboardedAt })
    .where('id', '=', operatorId)
    .execute();
  await app.db
    .updateTable('profiles')
    .set({ display_name: 'Sam', onboarded_at: onboardedAt, updated_at: onboardedAt })
    .where('id', '=', shopperId)
    .execute();
  return { operatorId, shopperId };
}
