import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminApi, appConfigApi } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, replyError, server, type Reply } from '../../test/contract-handlers';
import AdminNotificationsPage from './admin-notifications-page';

function stubApi({ refusal, isBillingOn = true }: { refusal?: Reply; isBillingOn?: boolean } = {}) {
  const sent = { configReads: 0, posts: [] as unknown[] };
  server.use(
    handle(appConfigApi.get, () => {
      sent.configReads += 1;
      return { ...APP_CONFIG, billing: { isEnabled: isBillingOn } };
    }),
    handle(adminApi.notificationLog, () => ({ items: [] })),
    handle(adminApi.sendNotification, async ({ request }) => {
      sent.posts.push(await request.json());
      return refusal ?? { id: 'n1', recipient_count: 3, message: 'Notification recorded' };
    }),
  );
  return sent;
}

function readAudienceOptions() {
  return within(screen.getByLabelText('Audience'))
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'));
}

describe('AdminNotificationsPage', () => {
  it('has a 6-row body and defaults the audience to all users', async () => {
    stubApi();
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    expect(screen.getByLabelText('Body').getAttribute('rows')).toBe('6');
    expect((screen.getByLabelText('Audience') as HTMLSelectElement).value).toBe('all');
    await vi.waitFor(() => expect(readAudienceOptions()).toEqual(['all', 'trial', 'paid', 'expired']));
  });

  it('offers only all users when billing is off', async () => {
    const sent = stubApi({ isBillingOn: false });
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await vi.waitFor(() => expect(sent.configReads).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readAudienceOptions()).toEqual(['all']);
  });

  it('refuses blank subject or body after trimming without calling the server', async () => {
    const sent = stubApi();
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), '   ');
    await userEvent.type(screen.getByLabelText('Body'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect((await screen.findAllByText('Subject and body are required')).length).toBeGreaterThan(0);
    expect(sent.posts).toEqual([]);
  });

  it('sends the form and shows Notification recorded, then clears it', async () => {
    const sent = stubApi();
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), 'Sale');
    await userEvent.type(screen.getByLabelText('Body'), 'Half price');
    await vi.waitFor(() => expect(readAudienceOptions()).toContain('paid'));
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'paid');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect((await screen.findAllByText(/Notification recorded/)).length).toBeGreaterThan(0);
    expect(sent.posts).toEqual([{ subject: 'Sale', body: 'Half price', audience: 'paid' }]);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('shows Failed to send notification with the server’s error text', async () => {
    stubApi({ refusal: replyError(403, 'Admins only', 'forbidden') });
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), 'Sale');
    await userEvent.type(screen.getByLabelText('Body'), 'Half price');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('Failed to send notification')).toBeTruthy();
    expect(screen.getAllByText(/Admins only/).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Sale');
  });
});
