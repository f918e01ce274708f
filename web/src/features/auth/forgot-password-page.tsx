import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { AuthShell } from './auth-shell';
import { requestPasswordResetEmail } from './password-reset';

export const AUTH_NOT_CONFIGURED = 'Authentication is not configured';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
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
  }

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
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
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
