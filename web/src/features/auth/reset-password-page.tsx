import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';
import { authClient, unwrapAuthResult } from './auth-client';
import { useAuth } from './auth-context';
import { requestPasswordResetEmail } from './password-reset';

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const { emitAuthEvent } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hasEmitted = useRef(false);

  useEffect(() => {
    // Following the emailed link is the recovery moment subscribers care about.
    if (hasEmitted.current) return;
    hasEmitted.current = true;
    emitAuthEvent('PASSWORD_RECOVERY');
  }, [emitAuthEvent]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirm) {
      setError('The passwords do not match');
      return;
    }
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
  }

  return (
    <AuthShell title="Choose a new password">
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
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
  const [email, setEmail] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<'Sent' | 'Failed' | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    const result = await requestPasswordResetEmail(email.trim());
    setOutcome(result.isOk ? 'Sent' : 'Failed');
    setIsBusy(false);
  }

  return (
    <AuthShell title="Reset your password" footer={<Link to="/login">Back to login</Link>}>
      {hasInvalidToken ? <FormMessage tone="error">This reset link is invalid or has expired. Request a new one below.</FormMessage> : null}
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Sending reset link...">
          Send reset link
        </Button>
        {outcome ? <FormMessage tone={outcome === 'Sent' ? 'success' : 'error'}>{outcome}</FormMessage> : null}
      </form>
    </AuthShell>
  );
}

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  if (token) return <NewPasswordForm token={token} />;
  return <RequestLinkForm hasInvalidToken={params.get('error') === 'INVALID_TOKEN'} />;
}
