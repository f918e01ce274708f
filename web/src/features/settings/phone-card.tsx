import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { parseSignInIdentifier } from '../auth/sign-in-identifier';
import { useAuthStep } from './use-auth-step';

const PHONE_MESSAGE = 'Enter a phone number with country code, like +1 555 123 4567';
const ZPhoneForm = z.object({
  phone: z.string().refine((value) => parseSignInIdentifier(value).kind === 'phone', { message: PHONE_MESSAGE }),
});
const ZCodeForm = z.object({ code: z.string().trim().min(1, { message: 'Enter the code' }) });

export function PhoneCard({ currentPhone }: { currentPhone: string | null }) {
  const phoneForm = useForm({ resolver: zodResolver(ZPhoneForm), defaultValues: { phone: '' } });
  const codeForm = useForm({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { isBusy, error, runStep } = useAuthStep();

  const handleSend = phoneForm.handleSubmit(async ({ phone }) => {
    const parsed = parseSignInIdentifier(phone);
    if (parsed.kind !== 'phone') return;
    await runStep(async () => {
      unwrapAuthResult(await authClient.phoneNumber.sendOtp({ phoneNumber: parsed.phoneNumber }));
      setSentTo(parsed.phoneNumber);
    });
  });

  const handleVerify = codeForm.handleSubmit(async ({ code }) => {
    if (!sentTo) return;
    await runStep(async () => {
      // updatePhoneNumber attaches the verified number to the signed-in account.
      unwrapAuthResult(await authClient.phoneNumber.verify({ phoneNumber: sentTo, code, updatePhoneNumber: true }));
      toast.success('Phone number verified');
      setSentTo(null);
      phoneForm.reset();
      codeForm.reset();
    });
  });

  return (
    <Card title="Phone number">
      <p className="muted">
        {currentPhone
          ? `Your number: ${currentPhone}. Add a new one to replace it.`
          : 'Add a phone number to sign in with it and to get sign-in codes by text message.'}
      </p>
      {sentTo ? (
        <form className="form" onSubmit={(event) => void handleVerify(event)} noValidate>
          <p>We sent a code to {sentTo}.</p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...codeForm.register('code')}
            error={codeForm.formState.errors.code?.message}
            required
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" isBusy={isBusy} busyLabel="Verifying...">
              Verify phone number
            </Button>
            <Button variant="ghost" onClick={() => setSentTo(null)} disabled={isBusy}>
              Use another number
            </Button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={(event) => void handleSend(event)} noValidate>
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            {...phoneForm.register('phone')}
            error={phoneForm.formState.errors.phone?.message}
            required
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <Button type="submit" isBusy={isBusy} busyLabel="Sending code...">
            Send code
          </Button>
        </form>
      )}
    </Card>
  );
}
