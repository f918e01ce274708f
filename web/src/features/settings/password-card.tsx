import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZNewPassword, ZSignup } from '@cartwise/contracts';
import { Button, Card, FormMessage, PasswordField, toast } from '../../components';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { useAuthStep } from './use-auth-step';

const ZPasswordForm = z.object({ currentPassword: ZSignup.shape.password, newPassword: ZNewPassword });

/** Change password: the current one is required, and every other device is signed out. */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const form = useForm({ resolver: zodResolver(ZPasswordForm), defaultValues: { currentPassword: '', newPassword: '' } });
  const { errors } = form.formState;
  const { isBusy, error, runStep } = useAuthStep();

  const handleSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    await runStep(async () => {
      unwrapAuthResult(await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
      toast.success('Password changed', 'Your other devices were signed out.');
      form.reset();
      onChanged();
    });
  });

  return (
    <Card title="Password" aria-label="Password">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <PasswordField
          label="Current password"
          purpose="current"
          {...form.register('currentPassword')}
          error={errors.currentPassword?.message}
          required
        />
        <PasswordField
          label="New password"
          purpose="new"
          hint="At least 8 characters. Your other devices will be signed out."
          {...form.register('newPassword')}
          error={errors.newPassword?.message}
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
