import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import SignupPage from './signup-page';
import type { AuthSession } from './auth-session';
import { submitSignup } from './signup-request';
import { PASSWORD_TOO_SHORT_MESSAGE } from '@cartwise/contracts';
import { resetBillingAnswer } from '../public/use-is-billing-on';

function fakeFetch(body: string, status = 200) {
  return vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

describe('submitSignup messages', () => {
  const input = { email: 'a@b.co', password: 'secret-123' };

  it('returns the server message on success', async () => {
    await expect(submitSignup(input, fakeFetch('{"message":"Welcome! Your trial started."}'))).resolves.toEqual({
      isOk: true,
      message: 'Welcome! Your trial started.',
    });
  });

  it('says Welcome! when a success has no message', async () => {
    await expect(submitSignup(input, fakeFetch('{}'))).resolves.toEqual({ isOk: true, message: 'Welcome!' });
  });

  it('reports a non-object success body', async () => {
    await expect(submitSignup(input, fakeFetch('"ok"'))).resolves.toEqual({ isOk: false, message: 'Bad response (not object)' });
    await expect(submitSignup(input, fakeFetch('[1]'))).resolves.toEqual({ isOk: false, message: 'Bad response (not object)' });
  });

  it('uses the server message on failure', async () => {
    const outcome = await submitSignup(input, fakeFetch('{"error":"USER_ALREADY_EXISTS","message":"User already exists"}', 422));
    expect(outcome).toEqual({ isOk: false, message: 'User already exists' });
  });

  it('falls back to Sign up failed', async () => {
    await expect(submitSignup(input, fakeFetch('<html>oops</html>', 500))).resolves.toEqual({ isOk: false, message: 'Sign up failed' });
    const throwing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('offline');
    });
    await expect(submitSignup(input, throwing)).resolves.toEqual({ isOk: false, message: 'Sign up failed' });
  });

  it('sends the optional name only when given', async () => {
    const fetchMock = fakeFetch('{}');
    await submitSignup({ ...input, name: 'Sam' }, fetchMock);
    await submitSignup(input, fetchMock);
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ ...input, name: 'Sam' });
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual(input);
  });
});

describe('SignupPage', () => {
  beforeEach(() => resetBillingAnswer());

  it('promises a trial and a price only when the server says billing is on', async () => {
    vi.stubGlobal('fetch', fakeFetch('{"billing":{"isEnabled":false}}'));
    const off = renderPage(<SignupPage />, { path: '/signup' });
    expect(await screen.findByText('Turn your receipts into savings on every trip.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/trial|\/year/);
    off.unmount();
    resetBillingAnswer();
    vi.stubGlobal('fetch', fakeFetch('{"billing":{"isEnabled":true}}'));
    renderPage(<SignupPage />, { path: '/signup' });
    expect(await screen.findByText('6-month free trial, then $49.99/year')).toBeTruthy();
  });

  it('shows the server error and keeps what was typed', async () => {
    vi.stubGlobal('fetch', fakeFetch('{"error":"x","message":"Password is too weak"}', 400));
    renderPage(<SignupPage />, { path: '/signup' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password is too weak');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('long-enough-1');
  });

  it('checks the email and the minimum password length inline before sending, focusing the first wrong field', async () => {
    const fetchMock = fakeFetch('{}');
    vi.stubGlobal('fetch', fetchMock);
    renderPage(<SignupPage />, { path: '/signup' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')).toContain(screen.getByText(PASSWORD_TOO_SHORT_MESSAGE).id);
    expect(document.activeElement).toBe(email);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/signup'))).toEqual([]);
  });

  it('welcomes the user and goes to onboarding', async () => {
    vi.stubGlobal('fetch', fakeFetch('{}'));
    const reloadSession = vi.fn(async () => ({ user: { id: 'u1' } }) as unknown as AuthSession);
    renderPage(<SignupPage />, {
      path: '/signup',
      auth: buildFakeAuth({ reloadSession }),
      markers: { '/onboarding': 'Onboarding screen' },
    });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Onboarding screen')).toBeTruthy();
    expect(screen.getByText('Welcome!')).toBeTruthy();
    expect(reloadSession).toHaveBeenCalledTimes(1);
  });

  it('from an invite link: says so, sends the invite code with the sign-up, and returns to the invitation', async () => {
    const fetchMock = fakeFetch('{}');
    vi.stubGlobal('fetch', fetchMock);
    const reloadSession = vi.fn(async () => ({ user: { id: 'u1' } }) as unknown as AuthSession);
    renderPage(<SignupPage />, {
      path: '/signup',
      state: { from: '/u/settings/household?code=AB2CD3EF' },
      auth: buildFakeAuth({ reloadSession }),
      markers: { '/u/settings/household': 'Invitation screen' },
    });
    expect(screen.getByText('Create your account, then join the household you were invited to.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Invitation screen')).toBeTruthy();
    const signup = fetchMock.mock.calls.find(([url]) => String(url).includes('/api/signup'));
    expect(JSON.parse(String(signup?.[1]?.body))).toEqual({ email: 'sam@example.com', password: 'long-enough-1', inviteCode: 'AB2CD3EF' });
  });

  it('sends to the mailbox when the answer leaves nobody signed in (an address that already has an account)', async () => {
    vi.stubGlobal('fetch', fakeFetch('{"message":"Welcome! Your 6-month free trial has started."}'));
    const reloadSession = vi.fn(async () => null);
    renderPage(<SignupPage />, {
      path: '/signup',
      auth: buildFakeAuth({ reloadSession }),
      markers: { '/onboarding': 'Onboarding screen' },
    });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('sam@example.com');
    expect(screen.queryByText('Onboarding screen')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/login');
  });
});
