import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { schema: { response: { 200: z.object({ status: z.literal('ok'), database: z.string() }) } } }, async () => {
    await app.db
      .selectFrom('profiles')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return { status: 'ok' as const, database: app.database.kind };
  });
};
