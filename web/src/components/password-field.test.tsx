import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('hides the characters until the toggle is pressed, and hides them again', async () => {
    render(<PasswordField label="Password" purpose="current" />);
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input.getAttribute('type')).toBe('password');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(toggle);
    expect(input.getAttribute('type')).toBe('password');
  });

  it('asks the browser for the saved password or a new one, and states the minimum for a new one', () => {
    render(
      <>
        <PasswordField label="Current password" purpose="current" />
        <PasswordField label="New password" purpose="new" />
        <PasswordField label="Confirm new password" purpose="new" hint={null} />
      </>,
    );
    expect(screen.getByLabelText('Current password').getAttribute('autocomplete')).toBe('current-password');
    const fresh = screen.getByLabelText('New password');
    expect(fresh.getAttribute('autocomplete')).toBe('new-password');
    expect(document.getElementById(fresh.getAttribute('aria-describedby') ?? '')?.textContent).toBe('At least 8 characters');
    expect(screen.getByLabelText('Confirm new password').hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows its error inline and links it to the input', () => {
    render(<PasswordField label="Password" purpose="new" error="Password must be at least 8 characters" />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });
});
