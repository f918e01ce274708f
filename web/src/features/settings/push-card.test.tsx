import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import { buildJsonResponse } from '../../test/json-response';
import { PushCard } from './push-card';

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function stubServer() {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url === '/api/push/public-key') return buildJsonResponse({ publicKey: PUBLIC_KEY });
    if (url === '/api/push/subscriptions') return buildJsonResponse({ id: 's1', endpoint: 'https://push.example/abc' }, 201);
    if (url === '/api/push/preferences' && init?.method === 'PUT') return buildJsonResponse(JSON.parse(String(init.body)));
    return buildJsonResponse({ list_changes: true, deal_alerts: true, trial_reminders: true });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
    const fetchMock = stubServer();
    const { subscribe } = stubPushBrowser('granted');
    renderPage(<PushCard isBillingOn />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText('Push notifications are on for this device.')).toBeTruthy();
    const options = (subscribe.mock.calls[0] as unknown as [{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }])[0];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    const post = fetchMock.mock.calls.find(([url, init]) => url === '/api/push/subscriptions' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ endpoint: 'https://push.example/abc', keys: { p256dh: 'key', auth: 'secret' } });
    expect(screen.getByRole('checkbox', { name: 'Trial reminders' })).toBeTruthy();
  });

  it('subscribes nothing when the shopper does not allow notifications', async () => {
    const fetchMock = stubServer();
    const { subscribe } = stubPushBrowser('denied');
    renderPage(<PushCard isBillingOn />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    await vi.waitFor(() => expect(screen.queryByText('Push notifications are on for this device.')).toBeNull());
    expect(subscribe).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/push/subscriptions')).toBe(false);
  });

  it('saves a topic switched off', async () => {
    const fetchMock = stubServer();
    renderPage(<PushCard isBillingOn />);
    const box = await screen.findByRole('checkbox', { name: 'Shared list changes' });
    await vi.waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    await userEvent.click(box);
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ list_changes: false, deal_alerts: true, trial_reminders: true });
    expect((screen.getByRole('checkbox', { name: 'Shared list changes' }) as HTMLInputElement).checked).toBe(false);
  });
});
