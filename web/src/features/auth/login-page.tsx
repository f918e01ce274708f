import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { ZSignup, HOUSEHOLD_INVITE_PATH } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { getErrorMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';
import { authClient } from './auth-client';
import { useAuth } from './auth-context';
import { readRedirectPath } from './guards';
import { parseSignInIdentifier } from './sign-in-identifier';

type SignInResult = { data: unknown; error: { message?: string; statusText?: string } | null };

/** Either an email or a phone number (the sign-in endpoint follows from which), and the password as typed. */
const ZLoginForm = z.object({
  identifier: z.string().refine((value) => parseSignInIdentifier(value).kind !== 'invalid', {
    message: 'Enter your email or phone number and your password',
  }),
  password: ZSignup.shape.password,
});

function isTwoFactorRedirect(data: unknown): boolean {
  return typeof data === 'object' && data !== null && 'twoFactorRedirect' in data && data.twoFactorRedirect === true;
}

export default function LoginPage() {
  const { status, reloadSession } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const target = readRedirectPath(location.state);
  const form = useForm({ resolver: zodResolver(ZLoginForm), defaultValues: { identifier: '', password: '' } });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'passkey' | null>(null);

  async function finishSignIn(result: SignInResult) {
    if (result.error) throw new Error(result.error.message || result.error.statusText || 'Invalid email or password');
    // The two-factor plugin has already navigated to the code page.
    if (isTwoFactorRedirect(result.data)) return;
    await reloadSession();
    await navigate(target, { replace: true });
  }

  const handleSubmit = form.handleSubmit(async ({ identifier, password }) => {
    const parsed = parseSignInIdentifier(identifier);
    if (parsed.kind === 'invalid') return;
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
  });

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
      subtitle={
        target.startsWith(`${HOUSEHOLD_INVITE_PATH}?`)
          ? 'Sign in, or sign up, to join the household you were invited to.'
          : 'Welcome back. Your lists and deals are waiting.'
      }
      footer={
        <p>
          New to Cartwise?{' '}
          <Link to="/signup" state={location.state as unknown}>
            Sign up
          </Link>
        </p>
      }
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label="Email or phone number"
          autoComplete="username webauthn"
          inputMode="email"
          {...form.register('identifier')}
          error={errors.identifier?.message}
          required
        />
        <PasswordField label="Password" purpose="current" {...form.register('password')} error={errors.password?.message} required />
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
