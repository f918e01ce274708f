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
    toast.success(outcome.message);
    await reloadSession();
    setIsBusy(false);
    await navigate('/onboarding');
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
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
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
