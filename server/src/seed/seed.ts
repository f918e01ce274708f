import type { App } from '../app';

/** Seeds a demo on an empty database so a newcomer sees a living product. Filled in by the seed module. */
export async function seedDemoIfEmpty(app: App): Promise<void> {
  const existing = await app.db.selectFrom('profiles').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  app.log.info('empty database: demo seed not yet available');
}
