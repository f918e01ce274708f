import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZNewPassword } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';
import { authClient, unwrapAuthResult } from './auth-client';
import { ResetLinkForm } from './reset-link-form';

/** The new password, at the server's minimum, typed twice alike. */
const ZNewPasswordForm = z
  .object({ password: ZNewPassword, confirm: z.string() })
  .refine((values) => values.password === values.confirm, { message: 'The passwords do not match', path: ['confirm'] });

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(ZNewPasswordForm), defaultValues: { password: '', confirm: '' } });
  const { errors } = form.formState;
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async ({ password }) => {
    setIsBusy(true);
    setError(null);
    try {
      unwrapAuthResult(await authClient.resetPassword({ newPassword: password, token }));
      toast.success('Password updated', 'Sign in with your new password');
      await navigate('/login', { replace: true });
    } catch (caught) {
      setError(getErrorMessage(caught));
      setIsBusy(false);
    }
  });

  return (
    <AuthShell title="Choose a new password">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <PasswordField label="New password" purpose="new" {...form.register('password')} error={errors.password?.message} required />
        <PasswordField
          label="Confirm new password"
          purpose="new"
          hint={null}
          {...form.register('confirm')}
          error={errors.confirm?.message}
          required
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Saving...">
          Set new password
        </Button>
      </form>
    </AuthShell>
  );
}

function RequestLinkForm({ hasInvalidToken }: { hasInvalidToken: boolean }) {
  const [outcome, setOutcome] = useState<'Sent' | 'Failed' | null>(null);

  return (
    <AuthShell title="Reset your password" footer={<Link to="/login">Back to login</Link>}>
      {hasInvalidToken ? <FormMessage tone="error">This reset link is invalid or has expired. Request a new one below.</FormMessage> : null}
      <ResetLinkForm onOutcome={(result) => setOutcome(result.isOk ? 'Sent' : 'Failed')}>
        {outcome ? <FormMessage tone={outcome === 'Sent' ? 'success' : 'error'}>{outcome}</FormMessage> : null}
      </ResetLinkForm>
    </AuthShell>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <NewPasswordForm token={token} />;
  return <RequestLinkForm hasInvalidToken={params.get('error') === 'INVALID_TOKEN'} />;
}
