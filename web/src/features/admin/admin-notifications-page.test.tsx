import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render-with-providers';
import AdminNotificationsPage from './admin-notifications-page';
import { buildJsonResponse } from '../../test/json-response';

const FEATURES = { receiptOcr: true, dealSubmissions: true, splitCart: true, dealAlertEmails: true };
const LIMITS = { maxReceiptUploadMb: 15, dealSubmissionsPerDay: 10 };

function stubApi(onPost: (body: unknown) => Response, isBillingOn = true) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input).includes('/api/app-config'))
      return buildJsonResponse({ billing: { isEnabled: isBillingOn }, features: FEATURES, limits: LIMITS });
    if (!init?.method || init.method === 'GET') return buildJsonResponse({ items: [] });
    return onPost(JSON.parse(String(init.body)));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function readAudienceOptions() {
  return within(screen.getByLabelText('Audience'))
    .getAllByRole('option')
    .map((o) => o.getAttribute('value'));
}

describe('AdminNotificationsPage', () => {
  it('has a 6-row body and defaults the audience to all users', async () => {
    stubApi(() => buildJsonResponse({}));
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    expect(screen.getByLabelText('Body').getAttribute('rows')).toBe('6');
    expect((screen.getByLabelText('Audience') as HTMLSelectElement).value).toBe('all');
    await vi.waitFor(() => expect(readAudienceOptions()).toEqual(['all', 'trial', 'paid', 'expired']));
  });

  it('offers only all users when billing is off', async () => {
    const fetchMock = stubApi(() => buildJsonResponse({}), false);
    renderPage(<AdminNotificationsPage />, { path: '/admin/notifications' });
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/app-config'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readAudienceOptions()).toEqual(['all']);
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
    await vi.waitFor(() => expect(readAudienceOptions()).toContain('paid'));
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
