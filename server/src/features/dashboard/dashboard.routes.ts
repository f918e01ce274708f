import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { buildDashboard } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dashboard', { schema: { response: { 200: ZDashboard } } }, async (request) => {
    const user = await requireUser(request);
    return buildDashboard(app, user.id);
  });
};
