import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { AuthShell } from './auth-shell';
import { ZEmailForm, requestPasswordResetEmail } from './password-reset';

export const AUTH_NOT_CONFIGURED = 'Authentication is not configured';

export default function ForgotPasswordPage() {
  const form = useForm({ resolver: zodResolver(ZEmailForm), defaultValues: { email: '' } });
  const [isBusy, setIsBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async ({ email: address }) => {
    setIsBusy(true);
    const outcome = await requestPasswordResetEmail(address);
    setIsBusy(false);
    if (!outcome.isOk) {
      // The server has no way to send mail (production without SMTP_URL): the spec's own message.
      if (outcome.message === AUTH_NOT_CONFIGURED) toast.error(AUTH_NOT_CONFIGURED);
      else toast.error('Failed to send reset email', outcome.message || 'Please try again later');
      return;
    }
    toast.success('Check your email', 'We sent you a password reset link');
    setSentTo(address);
  });

  if (sentTo) {
    return (
      <AuthShell title="Check your email">
        <p>
          We sent a password reset link to <strong>{sentTo}</strong>.
        </p>
        <p className="top-gap">
          <Link to="/login" className="btn btn-secondary btn-block">
            Back to login
          </Link>
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Forgot your password?" subtitle="Enter your email and we will send you a link to choose a new one.">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
          required
        />
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Sending reset link...">
          Send reset link
        </Button>
      </form>
      <p className="top-gap center">
        <Link to="/login">Back to login</Link>
      </p>
    </AuthShell>
  );
}
