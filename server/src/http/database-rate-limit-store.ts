import type { Kysely } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/schema';
import { consumeThrottle } from './throttle';

type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A @fastify/rate-limit store keeping its counters in the database (http/throttle.ts), so a limit holds across
 * restarts and across instances sharing one database. Each route limit counts under its own method and path.
 */
export function createDatabaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = 'app',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow = 60_000,
      max = 1000,
    ): void {
      consumeThrottle(db, `${this.prefix}|${key}`, { windowSeconds: Math.max(1, Math.round(timeWindow / 1000)), max })
        .then((result) => callback(null, { current: result.hits, ttl: result.retryAfterSeconds * 1000 }))
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    }

    // Called with the route's merged limit options, which carry the route as `routeInfo`.
    child(options: unknown): FastifyRateLimitStore {
      const routeOptions = options as RouteInfo;
      const method = [routeOptions.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseRateLimitStore(options, `app:${method} ${routeOptions.routeInfo?.url ?? ''}`) as unknown as FastifyRateLimitStore;
    }
  }
  return DatabaseRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
