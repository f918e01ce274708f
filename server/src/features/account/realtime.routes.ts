import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi, type TRealtimeEvent } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { HttpError } from '../../http/errors';
import { fromContract } from '../../http/route-contract';

const HEARTBEAT_MS = 25_000;
/** Open streams one shopper may hold on one instance (a tab each); past it a new one is refused with 429. */
export const MAX_STREAMS_PER_USER = 10;

/** Server-sent events: profile changes, new notifications and receipt-job progress for the signed-in user. */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const openStreams = new Map<string, number>();

  app.route({
    ...fromContract(accountApi.realtime),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const open = openStreams.get(user.id) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) {
        request.log.warn({ userId: user.id, open }, 'live-update stream refused: too many open');
        throw new HttpError(
          429,
          'rate_limited',
          `Too many live-update connections: close another Cartwise tab or window (at most ${MAX_STREAMS_PER_USER}).`,
        );
      }
      openStreams.set(user.id, open + 1);
      reply.hijack();
      const res = reply.raw;
      // The security headers (set on the reply in onRequest) go out with the stream's own.
      const replyHeaders = Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
      );
      res.writeHead(200, {
        ...Object.fromEntries(replyHeaders),
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
        const left = (openStreams.get(user.id) ?? 1) - 1;
        if (left > 0) openStreams.set(user.id, left);
        else openStreams.delete(user.id);
      });
    },
  });
};
