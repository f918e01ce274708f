import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { getErrorMessage } from '../../lib/api-client';
import { AuthShell } from './auth-shell';
import { authClient, unwrapAuthResult } from './auth-client';
import { useAuth } from './auth-context';

type Method = 'totp' | 'otp' | 'backup';

const METHOD_LABELS: Record<Method, { field: string; hint: string }> = {
  totp: { field: 'Authentication code', hint: 'Enter the 6-digit code from your authenticator app.' },
  otp: { field: 'Text message code', hint: 'Enter the code we sent by text message.' },
  backup: { field: 'Backup code', hint: 'Enter one of the backup codes you saved when you set up two-factor.' },
};

const WRONG_CODE = /invalid|incorrect|expired/i;

const ZTwoFactorForm = z.object({ code: z.string().trim().min(1, { message: 'Enter the code' }), trustDevice: z.boolean() });

async function verifyCode(method: Method, code: string, trustDevice: boolean): Promise<void> {
  if (method === 'totp') unwrapAuthResult(await authClient.twoFactor.verifyTotp({ code, trustDevice }));
  else if (method === 'otp') unwrapAuthResult(await authClient.twoFactor.verifyOtp({ code, trustDevice }));
  else unwrapAuthResult(await authClient.twoFactor.verifyBackupCode({ code, trustDevice }));
}

export default function TwoFactorPage() {
  const { reloadSession } = useAuth();
  const navigate = useNavigate();
  const [method, setMethod] = useState<Method>('totp');
  const form = useForm({ resolver: zodResolver(ZTwoFactorForm), defaultValues: { code: '', trustDevice: false } });
  const [isVerifying, setIsVerifying] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const handleSubmit = form.handleSubmit(async ({ code, trustDevice }) => {
    setIsVerifying(true);
    setError(null);
    try {
      await verifyCode(method, code, trustDevice);
      await reloadSession();
      await navigate('/u/dashboard', { replace: true });
    } catch (caught) {
      const message = getErrorMessage(caught);
      // A wrong or expired code is the field's problem: said beside it, with the code selected for retyping.
      // Anything else (too many tries, no connection) stays in the form message.
      if (WRONG_CODE.test(message)) {
        form.setError('code', { message }, { shouldFocus: true });
        form.setFocus('code', { shouldSelect: true });
      } else setError(message);
    } finally {
      setIsVerifying(false);
    }
  });

  async function handleSendText() {
    setIsSending(true);
    setError(null);
    try {
      // The server sends the one-time code by SMS to the account's phone (its default channel).
      unwrapAuthResult(await authClient.twoFactor.sendOtp({ trustDevice: form.getValues('trustDevice') }));
      setMethod('otp');
      form.setValue('code', '');
      setNotice('We sent a code by text message.');
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setIsSending(false);
    }
  }

  const labels = METHOD_LABELS[method];
  return (
    <AuthShell
      title="Two-factor verification"
      subtitle="One more step to keep your account safe."
      footer={<Link to="/login">Back to login</Link>}
    >
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField
          label={labels.field}
          hint={labels.hint}
          inputMode={method === 'backup' ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          {...form.register('code')}
          error={form.formState.errors.code?.message}
          required
        />
        <Checkbox label="Trust this device for 30 days" {...form.register('trustDevice')} />
        {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" isFullWidth isBusy={isVerifying} busyLabel="Verifying...">
          Verify
        </Button>
      </form>
      <div className="stack-sm top-gap">
        <Button variant="secondary" isFullWidth onClick={handleSendText} isBusy={isSending} busyLabel="Sending code...">
          Send a code by text message
        </Button>
        {method === 'backup' ? (
          <Button variant="ghost" isFullWidth onClick={() => setMethod('totp')}>
            Use your authenticator app
          </Button>
        ) : (
          <Button variant="ghost" isFullWidth onClick={() => setMethod('backup')}>
            Use a backup code
          </Button>
        )}
      </div>
    </AuthShell>
  );
}
