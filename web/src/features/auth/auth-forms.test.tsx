import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PASSWORD_TOO_SHORT_MESSAGE } from '@cartwise/contracts';
import { renderPage } from '../../test/render-with-providers';
import LoginPage from './login-page';
import ResetPasswordPage from './reset-password-page';
import TwoFactorPage from './two-factor-page';
import { PasswordCard } from '../settings/password-card';

type AuthResult = { data: unknown; error: { message?: string } | null };

const { signInEmail, resetPassword, verifyTotp, changePassword } = vi.hoisted(() => ({
  signInEmail: vi.fn<(args: unknown) => Promise<AuthResult>>(),
  resetPassword: vi.fn<(args: unknown) => Promise<AuthResult>>(),
  verifyTotp: vi.fn<(args: unknown) => Promise<AuthResult>>(),
  changePassword: vi.fn<(args: unknown) => Promise<AuthResult>>(),
}));
vi.mock('./auth-client', () => ({
  authClient: { signIn: { email: signInEmail }, resetPassword, twoFactor: { verifyTotp }, changePassword },
  unwrapAuthResult: (result: AuthResult) => {
    if (result.error) throw new Error(result.error.message);
    return result.data;
  },
}));

afterEach(() => vi.clearAllMocks());

describe('sign-in and password forms', () => {
  it('login: checks the identifier and the password inline and sends nothing', async () => {
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email or phone number'), 'sam');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const identifier = screen.getByLabelText('Email or phone number');
    expect(await screen.findByText('Enter your email or phone number and your password')).toBeTruthy();
    expect(identifier.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(identifier);
    expect(signInEmail).not.toHaveBeenCalled();
  });

  it('login: keeps the server error in the form message and what was typed', async () => {
    signInEmail.mockResolvedValueOnce({ data: null, error: { message: 'Invalid email or password' } });
    renderPage(<LoginPage />, { path: '/login' });
    await userEvent.type(screen.getByLabelText('Email or phone number'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(signInEmail).toHaveBeenCalledWith({ email: 'sam@example.com', password: 'wrong-one' });
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('wrong-one');
  });

  it('reset: a short or mismatched new password is flagged beside its field', async () => {
    renderPage(<ResetPasswordPage />, { path: '/reset-password?token=t1' });
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeTruthy();
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm new password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('two-factor: an empty code is flagged on the field', async () => {
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code')).toBeTruthy();
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('true');
    expect(verifyTotp).not.toHaveBeenCalled();
  });

  it('two-factor: a wrong code is said beside the field, with the code selected for retyping', async () => {
    verifyTotp.mockResolvedValueOnce({ data: null, error: { message: 'Invalid code' } });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    const field = screen.getByLabelText('Authentication code') as HTMLInputElement;
    await userEvent.type(field, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(field.selectionEnd! - field.selectionStart!).toBe(6);
    expect(document.querySelector('.form-message')).toBeNull();
  });

  it('two-factor: too many tries stays in the form message', async () => {
    verifyTotp.mockResolvedValueOnce({ data: null, error: { message: 'Too many requests. Please try again later.' } });
    renderPage(<TwoFactorPage />, { path: '/two-factor' });
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('settings: a new password under the minimum is flagged inline and not sent', async () => {
    renderPage(<PasswordCard onChanged={() => undefined} />, { path: '/u/settings/security' });
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_TOO_SHORT_MESSAGE)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));
    expect(changePassword).not.toHaveBeenCalled();
  });
});
