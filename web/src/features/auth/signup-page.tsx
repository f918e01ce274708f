import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { AuthShell } from './auth-shell';
import { useAuth } from './auth-context';
import { submitSignup } from './signup-request';
import { formatPricingLine } from '../public/pricing';
import { PASSWORD_MIN_LENGTH } from '@cartwise/contracts';

export default function SignupPage() {
  const { reloadSession } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    const outcome = await submitSignup({ email: email.trim(), password, name: name.trim() || undefined });
    if (!outcome.isOk) {
      setError(outcome.message);
      setIsBusy(false);
      return;
    }
    // The server answers a registered address exactly like a new one and emails its owner; only a newcomer
    // comes back signed in. Without a session, the next step is in the mailbox.
    const session = await reloadSession();
    setIsBusy(false);
    if (!session) {
      setSentTo(email.trim());
      return;
    }
    toast.success(outcome.message);
    await navigate('/onboarding');
  }

  if (sentTo) {
    return (
      <AuthShell title="Check your email" footer={<Link to="/login">Back to login</Link>}>
        <p role="status">
          We sent a message to <strong>{sentTo}</strong> with the next step. If you already have an account, sign in or reset your password
          from there.
        </p>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title="Create your account"
      subtitle={formatPricingLine()}
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
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
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters`}
          minLength={PASSWORD_MIN_LENGTH}
          required
        />
        <TextField label="Name (optional)" name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Creating account...">
          Sign up
        </Button>
      </form>
    </AuthShell>
  );
}
