import { expect, test, type Page } from '@playwright/test';
import { createFakeSubscriber, decryptPush, startFakePushService, type FakePushService } from '../server/src/test/fake-push-service';
import { signUpViaApi, uniqueEmail } from './support';

// Headless Chromium has no push service to subscribe with (pushManager.subscribe needs the browser vendor's), so the
// page's side is played by hand: the subscription it would send is registered through the same API with a key pair
// made here, at a push service on 127.0.0.1 (the e2e server runs with PUSH_ALLOW_INSECURE_ENDPOINTS=true and a short
// PUSH_LIST_BATCH_MS). What it proves: a partner's tick in the browser reaches the other member's push endpoint as one
// Web Push message, encrypted to that browser's key and signed with the server's VAPID key, that opens the list.

let pushService: FakePushService;

test.beforeAll(async () => {
  pushService = await startFakePushService();
});
test.afterAll(async () => {
  await pushService.close();
});

async function postJson<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBeTruthy();
  return (await res.json()) as T;
}

test('a partner’s tick on a shared list arrives as an encrypted push at the other member’s push endpoint', async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const partnerContext = await browser.newContext();
  try {
    const owner = await ownerContext.newPage();
    const partner = await partnerContext.newPage();
    await signUpViaApi(owner, uniqueEmail('push-owner'), 'Pia Owner');
    await signUpViaApi(partner, uniqueEmail('push-partner'), 'Pat Partner');

    const household = await postJson<{ id: string }>(owner, '/api/households', { name: 'Push Street' });
    const invite = await postJson<{ code: string }>(owner, `/api/households/${household.id}/invites`, {});
    await postJson(partner, '/api/households/join', { code: invite.code });
    const list = await postJson<{ id: string }>(owner, '/api/lists', { name: 'Push shop', householdId: household.id });
    await postJson(owner, `/api/lists/${list.id}/items`, { name: 'Rye bread' });

    // The owner's browser subscribes as the settings page does: the server's public key, then the subscription.
    const keyResponse = await owner.request.get('/api/push/public-key');
    expect(keyResponse.ok()).toBeTruthy();
    expect(((await keyResponse.json()) as { publicKey: string }).publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const ownerBrowser = createFakeSubscriber();
    const subscribed = await owner.request.post('/api/push/subscriptions', {
      data: { endpoint: `${pushService.url}/push/owner-phone`, keys: ownerBrowser.keys },
    });
    expect(subscribed.status()).toBe(201);

    // The partner ticks the bread in their browser.
    await partner.goto(`/u/lists/${list.id}`);
    await partner.getByRole('checkbox', { name: 'Rye bread' }).check();
    await expect(partner.getByRole('checkbox', { name: 'Rye bread' })).toBeChecked();

    const [push] = await pushService.waitFor(1, 15_000);
    expect(push!.path).toBe('/push/owner-phone');
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push!.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    expect(JSON.parse(decryptPush(ownerBrowser, push!.body))).toEqual({
      title: 'Pat Partner changed Push shop',
      body: 'Ticked Rye bread',
      url: `/u/lists/${list.id}`,
      tag: `list-${list.id}`,
    });
    // The partner's own change is not pushed back to them, and one tick is one push.
    await owner.waitForTimeout(1_500);
    expect(pushService.received).toHaveLength(1);
  } finally {
    await ownerContext.close();
    await partnerContext.close();
  }
});
