import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import AdminNotificationsPage from './admin-notifications-page';
import { buildJsonResponse } from '../../test/json-response';

function stubApi(onPost: (body: unknown) => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (_input, init) => {
    if (!init?.method || init.method === 'GET') return buildJsonResponse({ items: [] });
    return onPost(JSON.parse(String(init.body)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('AdminNotificationsPage', () => {
  it('has a 6-row body and defaults the audience to all users', async () => {
    stubApi(() => buildJsonResponse({}));
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    expect(screen.getByLabelText('Body').getAttribute('rows')).toBe('6');
    expect((screen.getByLabelText('Audience') as HTMLSelectElement).value).toBe('all');
    const options = within(screen.getByLabelText('Audience'))
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(options).toEqual(['all', 'trial', 'paid', 'expired']);
  });

  it('refuses blank subject or body after trimming without calling the server', async () => {
    const fetchMock = stubApi(() => buildJsonResponse({}));
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), '   ');
    await userEvent.type(screen.getByLabelText('Body'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect((await screen.findAllByText('Subject and body are required')).length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends the form and shows Notification recorded, then clears it', async () => {
    const posted: unknown[] = [];
    stubApi((body) => {
      posted.push(body);
      return buildJsonResponse({ id: 'n1', recipient_count: 3, message: 'Notification recorded' });
    });
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), 'Sale');
    await userEvent.type(screen.getByLabelText('Body'), 'Half price');
    await userEvent.selectOptions(screen.getByLabelText('Audience'), 'paid');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect((await screen.findAllByText(/Notification recorded/)).length).toBeGreaterThan(0);
    expect(posted).toEqual([{ subject: 'Sale', body: 'Half price', audience: 'paid' }]);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
  });

  it('shows Failed to send notification with the server’s error text', async () => {
    stubApi(() => buildJsonResponse({ error: 'forbidden', message: 'Admins only' }, 403));
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await userEvent.type(screen.getByLabelText('Subject'), 'Sale');
    await userEvent.type(screen.getByLabelText('Body'), 'Half price');
    await userEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    expect(await screen.findByText('Failed to send notification')).toBeTruthy();
    expect(screen.getAllByText(/Admins only/).length).toBeGreaterThan(0);
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Sale');
  });
});
