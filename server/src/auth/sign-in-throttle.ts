import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { clearThrottle, consumeThrottle, pruneThrottles, readBlockSeconds, recordFailure, type ThrottleRule } from '../http/throttle';

/** better-auth rules (per client address and path): code sends cost an SMS each, passkey options a stored challenge. */
export const OTP_SENDS_PER_ADDRESS = { window: 60 * 60, max: 10 };
export const PASSKEY_OPTIONS_PER_ADDRESS = { window: 60, max: 10 };
/** Codes sent to one phone number, whoever asks. */
export const OTP_SENDS_PER_NUMBER: ThrottleRule = { windowSeconds: 60 * 60, max: 5 };

const SIGN_IN_PATHS: Record<string, 'email' | 'phoneNumber'> = {
  '/api/auth/sign-in/email': 'email',
  '/api/auth/sign-in/phone-number': 'phoneNumber',
};
const OTP_SEND_PATHS = new Set(['/api/auth/phone-number/send-otp', '/api/auth/phone-number/request-password-reset']);

/** better-auth's rate-limit storage on the app's throttle table; expired counters are pruned now and then. */
export function createAuthRateLimitStorage(db: Kysely<Database>) {
  let calls = 0;
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      calls += 1;
      if (calls % 500 === 0) void pruneThrottles(db).catch(() => {});
      const result = await consumeThrottle(db, `auth|${key}`, { windowSeconds: rule.window, max: rule.max });
      return { allowed: result.isAllowed, retryAfter: result.isAllowed ? null : result.retryAfterSeconds };
    },
  };
}

function readBodyText(request: FastifyRequest, field: string): string | null {
  const body = request.body;
  if (body === null || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

const normalisePhone = (phone: string) => phone.replace(/[\s().-]/g, '');

const signInKey = (field: 'email' | 'phoneNumber', identifier: string) =>
  `sign-in-failures|${field === 'email' ? identifier.trim().toLowerCase() : normalisePhone(identifier)}`;
const codeSendKey = (phone: string) => `otp-number|${normalisePhone(phone)}`;

/** The counters this file keeps for one account (its sign-in failures and codes sent to its number), by exact key. */
export function listAccountThrottleKeys(email: string, phoneNumber: string | null): string[] {
  return [signInKey('email', email), ...(phoneNumber ? [signInKey('phoneNumber', phoneNumber), codeSendKey(phoneNumber)] : [])];
}

function tooMany(reply: FastifyReply, seconds: number, message: string): HttpError {
  reply.header('retry-after', String(seconds));
  return new HttpError(429, 'rate_limited', `${message} Try again in ${seconds} seconds.`);
}

/**
 * Runs before better-auth handles /api/auth/*: refuses a sign-in to an account that is held back after repeated
 * wrong passwords (whatever address it comes from), and a code send to a number that had too many. Returns the
 * account key of a sign-in, for recordSignInOutcome. `path` is the one readAuthPath returned, which better-auth serves.
 */
export async function checkAuthThrottles(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
): Promise<string | null> {
  if (request.method !== 'POST') return null;
  if (OTP_SEND_PATHS.has(path)) {
    const phone = readBodyText(request, 'phoneNumber');
    if (phone) {
      const result = await consumeThrottle(db, codeSendKey(phone), OTP_SENDS_PER_NUMBER);
      if (!result.isAllowed) throw tooMany(reply, result.retryAfterSeconds, 'Too many codes were sent to this number.');
    }
    return null;
  }
  const field = SIGN_IN_PATHS[path];
  const identifier = field ? readBodyText(request, field) : null;
  if (!field || !identifier) return null;
  const accountKey = signInKey(field, identifier);
  const blockedFor = await readBlockSeconds(db, accountKey);
  if (blockedFor > 0) throw tooMany(reply, blockedFor, 'Too many failed sign-ins for this account.');
  return accountKey;
}

/** A wrong password counts against the account; a right one clears its count. */
export async function recordSignInOutcome(db: Kysely<Database>, accountKey: string, status: number): Promise<void> {
  if (status === 401) await recordFailure(db, accountKey);
  else if (status >= 200 && status < 300) await clearThrottle(db, accountKey);
}
