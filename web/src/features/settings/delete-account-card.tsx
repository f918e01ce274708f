import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate } from 'react-router';
import { ZSignup } from '@cartwise/contracts';
import { Button, Card, FormMessage, PasswordField, toast } from '../../components';
import { useAuth } from '../auth/auth-context';
import { deleteOwnAccount, fetchHasPassword } from './account-security';
import { useAuthStep } from './use-auth-step';

/**
 * Delete account, re-authenticated: the password when the account has one; an account that signs in with a
 * passkey or a phone code signs in again first (the server asks for a sign-in in the last 15 minutes).
 */
export function DeleteAccountCard({ userId }: { userId: string }) {
  const { reloadSession } = useAuth();
  const navigate = useNavigate();
  const hasPassword = useQuery({ queryKey: ['has-password', userId], queryFn: fetchHasPassword });
  const [isOpen, setIsOpen] = useState(false);
  const needsPassword = hasPassword.data !== false;
  const form = useForm({
    // An account without a password re-authenticates by signing in again, so there is nothing to check here.
    resolver: zodResolver(z.object({ password: needsPassword ? ZSignup.shape.password : z.string() })),
    defaultValues: { password: '' },
  });
  const { isBusy, error, runStep } = useAuthStep();

  const handleDelete = form.handleSubmit(async ({ password }) => {
    await runStep(async () => {
      await deleteOwnAccount(hasPassword.data === false ? null : password);
      toast.success('Account deleted', 'Your data is gone and you are signed out.');
      await navigate('/', { replace: true });
      await reloadSession();
    });
  });

  return (
    <Card title="Delete account" tone="danger" aria-label="Delete account">
      <p className="muted">
        This deletes your profile, receipts and their photos, lists, pantry and notifications for good. Prices and approved deals you shared
        stay in the community without your name. Export your data first if you want a copy.
      </p>
      {isOpen ? (
        <form className="form" onSubmit={(event) => void handleDelete(event)} noValidate>
          {hasPassword.data === false ? (
            <p className="muted">Your account has no password: if you signed in more than 15 minutes ago, sign out and in again first.</p>
          ) : (
            <PasswordField
              label="Your password"
              purpose="current"
              {...form.register('password')}
              error={form.formState.errors.password?.message}
              required
            />
          )}
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" variant="danger" isBusy={isBusy} busyLabel="Deleting account...">
              Delete my account permanently
            </Button>
            <Button variant="ghost" onClick={() => setIsOpen(false)} disabled={isBusy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => setIsOpen(true)}>
          Delete account
        </Button>
      )}
    </Card>
  );
}
