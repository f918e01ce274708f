import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import { ZNewPassword, ZSetPassword, accountApi } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { callApi, getServerMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';

type Outcome = { tone: 'success' | 'error'; text: string };

/** The set-password contract, with the token trimmed and the server's minimum length checked before sending. */
const ZSetPasswordForm = z.object({
  email: ZSetPassword.shape.email,
  token: z.string().trim().pipe(ZSetPassword.shape.token),
  password: ZNewPassword,
});

export default function SetPasswordPage() {
  const [params] = useSearchParams();
  const form = useForm({
    resolver: zodResolver(ZSetPasswordForm),
    defaultValues: { email: params.get('email') ?? '', token: params.get('token') ?? '', password: '' },
  });
  const { errors } = form.formState;
  const [isBusy, setIsBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const handleSubmit = form.handleSubmit(async (body) => {
    setIsBusy(true);
    setOutcome(null);
    try {
      const result = await callApi(accountApi.setPassword, { body });
      setOutcome({ tone: 'success', text: result.message || 'Password updated' });
    } catch (error) {
      setOutcome({ tone: 'error', text: getServerMessage(error) ?? 'Failed to set password' });
    } finally {
      setIsBusy(false);
    }
  });

  return (
    <AuthShell title="Set your password" footer={<Link to="/login">Back to login</Link>}>
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label="Email" type="email" autoComplete="email" {...form.register('email')} error={errors.email?.message} required />
        <TextField label="Token" autoComplete="one-time-code" {...form.register('token')} error={errors.token?.message} required />
        <PasswordField label="New password" purpose="new" {...form.register('password')} error={errors.password?.message} required />
        <Button type="submit" isFullWidth isBusy={isBusy} busyLabel="Saving...">
          Set password
        </Button>
        {outcome ? <FormMessage tone={outcome.tone}>{outcome.text}</FormMessage> : null}
      </form>
    </AuthShell>
  );
}
