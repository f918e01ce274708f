import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TRealtimeEvent } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';

const HEARTBEAT_MS = 25_000;

/** Server-sent events: profile changes, new notifications and receipt-job progress for the signed-in user. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/realtime', async (request, reply) => {
    const user = await requireUser(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: TRealtimeEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
    res.write(': connected\n\n');
    const unsubscribe = app.events.subscribe(user.id, send);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
};
