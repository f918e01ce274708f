import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain NUL characters';

/** Whether a parsed body, query or params value holds a NUL character in any string, however deeply nested. */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNulCharacter(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulCharacter(item, depth + 1));
}

/**
 * Refuses requests whose text holds a NUL character, before any handler sees them. PostgreSQL cannot store one in
 * a text column (the insert failed with a 500), SQLite stores it silently, and no shopper types one.
 */
export function registerNulCharacterGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (hasNulCharacter(request.params) || hasNulCharacter(request.query) || hasNulCharacter(request.body)) {
      return done(new HttpError(400, 'bad_request', NUL_CHARACTER_MESSAGE));
    }
    done();
  });
}
