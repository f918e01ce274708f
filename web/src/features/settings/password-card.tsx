import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { useAuthStep } from './use-auth-step';

/** Change password: the current one is required, and every other device is signed out. */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { isBusy, error, setError, runStep } = useAuthStep();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (newPassword.length < 8) {
      setError('Use at least 8 characters for the new password.');
      return;
    }
    await runStep(async () => {
      unwrapAuthResult(await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
      toast.success('Password changed', 'Your other devices were signed out.');
      setCurrentPassword('');
      setNewPassword('');
      onChanged();
    });
  }

  return (
    <Card title="Password" aria-label="Password">
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          required
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters. Your other devices will be signed out."
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          required
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" isBusy={isBusy} busyLabel="Changing password...">
          Change password
        </Button>
      </form>
    </Card>
  );
}
