import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFakeAuth, renderPage } from '../../test/render-with-providers';
import SignupPage from './signup-page';
import type { AuthSession } from './auth-session';
import { submitSignup } from './signup-request';
import { PASSWORD_TOO_SHORT_MESSAGE, accountApi, appConfigApi } from '@cartwise/contracts';
import { APP_CONFIG } from '../../test/api-fixtures';
import { handle, replyError, server, type Reply } from '../../test/contract-handlers';
import { resetBillingAnswer } from '../public/use-is-billing-on';

// submitSignup takes its fetch so these cases can answer what no contract allows (a non-object body, an HTML page).
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
});

/** Answers the billing question and the sign-up; each sign-up body is kept as sent. */
function stubApi({
  isBillingOn = false,
  answer = { message: 'Welcome!' },
}: { isBillingOn?: boolean; answer?: { message: string } | Reply } = {}) {
  const signups: unknown[] = [];
  server.use(
    handle(appConfigApi.get, () => ({ ...APP_CONFIG, billing: { isEnabled: isBillingOn } })),
    handle(accountApi.signup, async ({ request }) => {
      signups.push(await request.json());
      return answer;
    }),
  );
  return signups;
}

describe('submitSignup request', () => {
  it('sends the optional name only when given', async () => {
    const signups = stubApi();
    const input = { email: 'a@b.co', password: 'secret-123' };
    await submitSignup({ ...input, name: 'Sam' });
    await submitSignup(input);
    expect(signups).toEqual([{ ...input, name: 'Sam' }, input]);
  });
});

describe('SignupPage', () => {
  beforeEach(() => resetBillingAnswer());

  it('promises a trial and a price only when the server says billing is on', async () => {
    stubApi({ isBillingOn: false });
    const off = renderPage(<SignupPage />, { path: '/signup' });
    expect(await screen.findByText('Turn your receipts into savings on every trip.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/trial|\/year/);
    off.unmount();
    resetBillingAnswer();
    stubApi({ isBillingOn: true });
    renderPage(<SignupPage />, { path: '/signup' });
    expect(await screen.findByText('6-month free trial, then $49.99/year')).toBeTruthy();
  });

  it('shows the server error and keeps what was typed', async () => {
    stubApi({ answer: replyError(400, 'Password is too weak', 'x') });
    renderPage(<SignupPage />, { path: '/signup' });
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password is too weak');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('long-enough-1');
  });

  it('checks the email and the minimum password length inline before sending, focusing the first wrong field', async () => {
    const signups = stubApi();
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
    expect(signups).toEqual([]);
  });

  it('welcomes the user with the server’s message and goes to onboarding', async () => {
    stubApi({ answer: { message: 'Welcome! Your trial started.' } });
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
    expect(screen.getByText('Welcome! Your trial started.')).toBeTruthy();
    expect(reloadSession).toHaveBeenCalledTimes(1);
  });

  it('from an invite link: says so, sends the invite code with the sign-up, and returns to the invitation', async () => {
    const signups = stubApi();
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
    expect(signups).toEqual([{ email: 'sam@example.com', password: 'long-enough-1', inviteCode: 'AB2CD3EF' }]);
  });

  it('sends to the mailbox when the answer leaves nobody signed in (an address that already has an account)', async () => {
    stubApi({ answer: { message: 'Welcome! Your 6-month free trial has started.' } });
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
