import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { TPushMessage } from '@cartwise/contracts';
import type { Deps } from '../../app-types';
import { deleteSubscriptionById, filterByTopic, listSubscriptions, type PushSubscriptionRow, type PushTopic } from './push.repo';
import { pinLookup } from '../../platform/public-address';
import { parsePushEndpoint, resolvePublicAddress } from './push-endpoint';
import { getVapidKeys, readVapidSubject } from './vapid-keys';

/** How long a push service keeps an undelivered message (a day: a list change or a deal is stale after that). */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

export interface PushOutcome {
  sent: number;
  removed: number;
  failed: number;
}

type PushDeps = Deps<'config' | 'db' | 'log'>;

/** POSTs the encrypted request to the endpoint at the address already checked; resolves with the status code. */
function postToPushService(
  url: URL,
  pinned: Awaited<ReturnType<typeof resolvePublicAddress>>,
  details: webpush.RequestDetails,
): Promise<number> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: details.method, headers: details.headers, lookup: pinLookup(pinned), timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}

async function deliver(app: PushDeps, subscription: PushSubscriptionRow, payload: string, outcome: PushOutcome): Promise<void> {
  const isInsecureAllowed = app.config.push.isInsecureEndpointAllowed;
  try {
    const url = parsePushEndpoint(subscription.endpoint, isInsecureAllowed);
    const pinned = await resolvePublicAddress(url, isInsecureAllowed);
    const keys = await getVapidKeys(app);
    const details = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: readVapidSubject(app.config), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      },
    );
    const status = await postToPushService(url, pinned, details);
    if (status >= 200 && status < 300) outcome.sent += 1;
    else if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never accept a message again.
      await deleteSubscriptionById(app.db, subscription.id);
      outcome.removed += 1;
    } else {
      outcome.failed += 1;
      app.log.warn({ subscriptionId: subscription.id, status }, 'push service refused a message');
    }
  } catch (err) {
    outcome.failed += 1;
    app.log.warn({ err: err instanceof Error ? err.message : String(err), subscriptionId: subscription.id }, 'push not delivered');
  }
}

/**
 * Pushes `message` to every subscribed browser of `userIds` who keeps `topic` on. Failures are logged and counted,
 * never thrown: a push is a courtesy beside the in-app notification the caller has already stored.
 */
export async function sendPush(app: PushDeps, userIds: readonly string[], topic: PushTopic, message: TPushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, removed: 0, failed: 0 };
  try {
    const wanting = await filterByTopic(app.db, [...new Set(userIds)], topic);
    const subscriptions = await listSubscriptions(app.db, wanting);
    const payload = JSON.stringify(message);
    await Promise.all(subscriptions.map((subscription) => deliver(app, subscription, payload, outcome)));
  } catch (err) {
    app.log.warn({ err, topic }, 'push not sent');
  }
  return outcome;
}

/** Starts a push without waiting for the push services (the request or job that caused it carries on). */
export function queuePush(app: PushDeps, userIds: readonly string[], topic: PushTopic, message: TPushMessage): void {
  void sendPush(app, userIds, topic, message);
}
