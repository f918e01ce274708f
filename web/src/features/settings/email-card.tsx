import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZSetPassword } from '@cartwise/contracts';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { SECURITY_CALLBACK } from './account-security';
import { useAuthStep } from './use-auth-step';

/**
 * The account's email: whether it is confirmed (resend the link if not) and a change of address, which takes
 * effect once the link mailed to the new address is opened.
 */
export function EmailCard({ email, isVerified }: { email: string; isVerified: boolean }) {
  const form = useForm({ resolver: zodResolver(z.object({ newEmail: ZSetPassword.shape.email })), defaultValues: { newEmail: '' } });
  const [notice, setNotice] = useState<string | null>(null);
  const resend = useAuthStep();
  const change = useAuthStep();

  async function handleResend() {
    await resend.runStep(async () => {
      unwrapAuthResult(await authClient.sendVerificationEmail({ email, callbackURL: SECURITY_CALLBACK }));
      setNotice(`We sent a confirmation link to ${email}.`);
    });
  }

  const handleChange = form.handleSubmit(async ({ newEmail: target }) => {
    await change.runStep(async () => {
      unwrapAuthResult(await authClient.changeEmail({ newEmail: target, callbackURL: SECURITY_CALLBACK }));
      setNotice(`Check ${target}: your email changes once you open the link we sent there.`);
      form.reset();
    });
  });

  return (
    <Card title="Email" aria-label="Email">
      <p className="security-email">
        <span>{email}</span> {isVerified ? <Badge tone="success">Confirmed</Badge> : <Badge tone="warning">Not confirmed</Badge>}
      </p>
      {isVerified ? null : (
        <div className="stack-sm">
          <p className="muted">
            Until you confirm this address, Cartwise emails it only about your account (no deal digests or announcements).
          </p>
          {resend.error ? <FormMessage tone="error">{resend.error}</FormMessage> : null}
          <Button variant="secondary" onClick={handleResend} isBusy={resend.isBusy} busyLabel="Sending...">
            Resend confirmation email
          </Button>
        </div>
      )}
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      <form className="form" onSubmit={(event) => void handleChange(event)} noValidate>
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          {...form.register('newEmail')}
          error={form.formState.errors.newEmail?.message}
          required
        />
        {change.error ? <FormMessage tone="error">{change.error}</FormMessage> : null}
        <Button type="submit" variant="secondary" isBusy={change.isBusy} busyLabel="Sending link...">
          Change email
        </Button>
      </form>
    </Card>
  );
}
