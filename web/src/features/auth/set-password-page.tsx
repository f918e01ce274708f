import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountApi } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { callApi, getServerMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';

type Outcome = { tone: 'success' | 'error'; text: string };

export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [token, setToken] = useState(params.get('token') ?? '');
  const [password, setPassword] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    setOutcome(null);
    try {
      const result = await callApi(accountApi.setPassword, { body: { email: email.trim(), token: token.trim(), password } });
      setOutcome({ tone: 'success', text: result.message || 'Password updated' });
    } catch (error) {
      setOutcome({ tone: 'error', text: getServerMessage(error) ?? 'Failed to set password' });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <AuthShell title="Set your password" footer={<Link to="/login">Back to login</Link>}>
      <form className="form" onSubmit={handleSubmit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField label="Token" autoComplete="one-time-code" value={token} onChange={(event) => setToken(event.target.value)} required />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Saving...">
          Set password
        </Button>
        {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
      </form>
    </AuthShell>
  );
}
