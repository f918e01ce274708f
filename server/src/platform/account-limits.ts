import { ACCOUNT_LIMITS } from '@cartwise/contracts';
import type { Deps } from '../app-types';
import { HttpError } from '../http/errors';
import { consumeThrottle } from '../http/throttle';

/** Refuses a new row once `count` already reached `max`, naming the limit so the shopper knows what to remove. */
export function requireBelowLimit(count: number | string | bigint, max: number, what: string): void {
  if (Number(count) < max) return;
  throw new HttpError(400, 'limit_reached', `You have reached the limit of ${max} ${what}. Remove some to add more.`);
}

/** Counts a new catalogue product against the shopper's daily allowance (in the database, so every instance agrees). */
export async function consumeProductAllowance(app: Deps<'db'>, userId: string): Promise<void> {
  const max = ACCOUNT_LIMITS.productsPerDay;
  const result = await consumeThrottle(app.db, `products-created|${userId}`, { windowSeconds: 24 * 60 * 60, max });
  if (result.isAllowed) return;
  const hours = Math.ceil(result.retryAfterSeconds / 3600);
  throw new HttpError(429, 'rate_limited', `You can add ${max} products a day. Try again in ${hours} hour${hours === 1 ? '' : 's'}.`);
}
