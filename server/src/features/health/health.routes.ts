import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '@cartwise/contracts';
import { fromContract } from '../../http/route-contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(healthApi.check),
    handler: async () => {
      await app.db
        .selectFrom('profiles')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return { status: 'ok' as const, database: app.database.kind };
    },
  });
};
