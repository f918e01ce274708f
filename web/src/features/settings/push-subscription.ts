import { pushApi } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

/** Whether this browser can receive Web Push at all (a service worker, the Push API and notifications). */
export function isPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function readRegistration(): Promise<ServiceWorkerRegistration> {
  // The worker registers once the app is idle; wait for it rather than registering a second copy.
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if any. */
export async function findPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported()) return null;
  return (await readRegistration()).pushManager.getSubscription();
}

function toKeyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** What turning push on ends in: subscribed, or why not. */
export type PushTurnOnResult = 'subscribed' | 'denied' | 'unsupported';

/** Asks for permission, subscribes this browser with the server's VAPID key and hands the subscription to the server. */
export async function turnOnPush(): Promise<PushTurnOnResult> {
  if (!isPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const { publicKey } = await callApi(pushApi.publicKey, {});
  const registration = await readRegistration();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: toKeyBytes(publicKey) });
  const json = subscription.toJSON();
  await callApi(pushApi.subscribe, {
    body: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } },
  });
  return 'subscribed';
}

/** Unsubscribes this browser and tells the server to forget it. */
export async function turnOffPush(): Promise<void> {
  const subscription = await findPushSubscription();
  if (!subscription) return;
  await callApi(pushApi.unsubscribe, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
