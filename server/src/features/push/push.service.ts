import crypto from 'node:crypto';
import type { TPushSubscription, TPushSubscriptionCreated } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { HttpError } from '../../http/errors';
import { parsePushEndpoint, resolvePublicAddress } from './push-endpoint';
import { upsertSubscription } from './push.repo';

function badKey(message: string): HttpError {
  return new HttpError(400, 'invalid_push_key', message);
}

/** The browser's key must be an uncompressed P-256 point on the curve, its auth secret 16 bytes: else nothing can be encrypted to it. */
export function checkSubscriptionKeys(keys: { p256dh: string; auth: string }): void {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) throw badKey('keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).');
  try {
    crypto.createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
  } catch {
    throw badKey('keys.p256dh is not a point on the P-256 curve.');
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16) throw badKey('keys.auth must be a 16-byte secret (base64url).');
}

/** Checks the endpoint (https, a public address) and the keys, then stores the browser's subscription for the shopper. */
export async function subscribe(app: Deps<'config' | 'db'>, userId: string, input: TPushSubscription): Promise<TPushSubscriptionCreated> {
  checkSubscriptionKeys(input.keys);
  const isInsecureAllowed = app.config.push.isInsecureEndpointAllowed;
  const url = parsePushEndpoint(input.endpoint, isInsecureAllowed);
  await resolvePublicAddress(url, isInsecureAllowed);
  const row = await upsertSubscription(app.db, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
  return { id: row.id, endpoint: row.endpoint };
}
