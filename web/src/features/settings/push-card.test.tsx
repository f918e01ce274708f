import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pushApi } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { handle, server } from '../../test/contract-handlers';
import { PushCard } from './push-card';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

/** Serves the key and the topics; each subscription and topic save is kept as sent. */
function stubServer() {
  const sent = { subscriptions: [] as unknown[], topicSaves: [] as unknown[] };
  server.use(
    handle(pushApi.publicKey, () => ({ publicKey: PUBLIC_KEY })),
    handle(pushApi.subscribe, async ({ request }) => {
      sent.subscriptions.push(await request.json());
      return { id: 's1', endpoint: 'https://push.example/abc' };
    }),
    handle(pushApi.preferences, () => ({ list_changes: true, deal_alerts: true, trial_reminders: true })),
    handle(pushApi.savePreferences, async ({ request, body }) => {
      sent.topicSaves.push(await request.json());
      return body;
    }),
  );
  return sent;
}

/** A browser with the Push API: a service worker whose push manager subscribes to a fixed endpoint. */
function stubPushBrowser(permission: NotificationPermission) {
  const subscription = {
    endpoint: 'https://push.example/abc',
    toJSON: () => ({ endpoint: 'https://push.example/abc', keys: { p256dh: 'key', auth: 'secret' } }),
    unsubscribe: vi.fn(async () => true),
  };
  const subscribe = vi.fn(async () => subscription);
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn(async () => permission) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return { subscribe };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushCard', () => {
  it('says when the browser cannot show push notifications, offering no button', async () => {
    stubServer();
    renderPage(<PushCard isBillingOn={false} />);
    expect(await screen.findByText(/This browser cannot show push notifications/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
    // Without billing there is no trial to remind of.
    expect(screen.queryByRole('checkbox', { name: 'Trial reminders' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Shared list changes' })).toBeTruthy();
  });

  it('turns push on: asks permission, subscribes with the server key and sends the subscription', async () => {
    const sent = stubServer();
    const { subscribe } = stubPushBrowser('granted');
    renderPage(<PushCard isBillingOn />);
    const offHint = /this one gets none until you turn them on/;
    expect(await screen.findByText(offHint)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
    expect(screen.queryByText(offHint)).toBeNull();
    const options = (subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }])[0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(sent.subscriptions).toEqual([{ endpoint: 'https://push.example/abc', keys: { p256dh: 'key', auth: 'secret' } }]);
    expect(screen.getByRole('checkbox', { name: 'Trial reminders' })).toBeTruthy();
  });

  it('subscribes nothing when the shopper does not allow notifications', async () => {
    const sent = stubServer();
    const { subscribe } = stubPushBrowser('denied');
    renderPage(<PushCard isBillingOn />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    await vi.waitFor(() => expect(screen.queryByText('Push notifications are on for this device.')).toBeNull());
    expect(subscribe).not.toHaveBeenCalled();
    expect(sent.subscriptions).toEqual([]);
  });

  it('saves a topic switched off', async () => {
    const sent = stubServer();
    renderPage(<PushCard isBillingOn />);
    const box = await screen.findByRole('checkbox', { name: 'Shared list changes' });
    await vi.waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(box);
    await vi.waitFor(() => expect(sent.topicSaves).toEqual([{ list_changes: false, deal_alerts: true, trial_reminders: true }]));
    expect((screen.getByRole('checkbox', { name: 'Shared list changes' }) as HTMLInputElement).checked).toBe(false);
  });
});
