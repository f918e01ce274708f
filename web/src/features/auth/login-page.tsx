import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { FormMessage } from '../../components/form-message';
import { getErrorMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';
import { authClient } from './auth-client';
import { useAuth } from './auth-context';
import { readRedirectPath } from './guards';
import { parseSignInIdentifier } from './sign-in-identifier';

type SignInResult = { data: unknown; error: { message?: string; statusText?: string } | null };

function isTwoFactorRedirect(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'twoFactorRedirect' in data && data.twoFactorRedirect === true;
}

export default function LoginPage() {
  const { status, reloadSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const target = readRedirectPath(location.state);
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);

  async function finishSignIn(result: SignInResult) {
    if (result.error) throw new Error(result.error.message || result.error.statusText || 'Invalid email or password');
    // The two-factor plugin has already navigated to the code page.
    if (isTwoFactorRedirect(result.data)) return;
    await reloadSession();
    await navigate(target, { replace: true });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseSignInIdentifier(identifier);
    if (parsed.kind === 'invalid' || !password) {
      setError('Enter your email or phone number and your password');
      return;
    }
    setBusy('password');
    setError(null);
    try {
      const result =
        parsed.kind === 'email'
          ? await authClient.signIn.email({ email: parsed.email, password })
          : await authClient.signIn.phoneNumber({ phoneNumber: parsed.phoneNumber, password });
      await finishSignIn(result);
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  async function handlePasskey() {
    setBusy('passkey');
    setError(null);
    try {
      await finishSignIn(await authClient.signIn.passkey());
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  if (status === 'signed_in' && !busy) return <Navigate to={target} replace />;

  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back. Your lists and deals are waiting."
      footer={
        <p>
          New to Cartwise? <Link to="/signup">Sign up</Link>
        </p>
      }
    >
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Email or phone number"
          name="identifier"
          autoComplete="username webauthn"
          inputMode="email"
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <p className="form-row-end">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" isFullWidth isBusy={busy === 'password'} busyLabel="Signing in..." disabled={busy !== null}>
          Sign in
        </Button>
      </form>
      <div className="divider" role="separator">
        <span>or</span>
      </div>
      <Button
        variant="secondary"
        isFullWidth
        onClick={handlePasskey}
        isBusy={busy === 'passkey'}
        busyLabel="Waiting for passkey..."
        disabled={busy !== null}
      >
        Sign in with a passkey
      </Button>
    </AuthShell>
  );
}
