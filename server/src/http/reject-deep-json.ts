import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

/** Deeper than any contract nests (a receipt with items is 3 levels); far below what JSON.stringify survives. */
export const MAX_BODY_DEPTH = 32;
export const DEEP_BODY_MESSAGE = 'The request body is nested too deeply';

/** Whether a parsed value nests objects or arrays deeper than `limit`; iterative, so any depth is safe to measure. */
export function isNestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}

/**
 * Refuses JSON bodies nested deeper than MAX_BODY_DEPTH with a 400. better-auth's handler is given the body
 * re-serialised (auth/web-request.ts), and JSON.stringify overflows the stack on a few thousand levels (a 500).
 */
export function registerDeepBodyGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body !== null && typeof request.body === 'object' && isNestedDeeperThan(request.body, MAX_BODY_DEPTH)) {
      return done(new HttpError(400, 'bad_request', DEEP_BODY_MESSAGE));
    }
    done();
  });
}
