import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { parseSignInIdentifier } from '../auth/sign-in-identifier';
import { useAuthStep } from './use-auth-step';

export function PhoneCard({ currentPhone }: { currentPhone: string | null }) {
  const [phone, setPhone] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const { isBusy, error, setError, runStep } = useAuthStep();

  async function handleSend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseSignInIdentifier(phone);
    if (parsed.kind !== 'phone') {
      setError('Enter a phone number with country code, like +1 555 123 4567');
      return;
    }
    await runStep(async () => {
      unwrapAuthResult(await authClient.phoneNumber.sendOtp({ phoneNumber: parsed.phoneNumber }));
      setSentTo(parsed.phoneNumber);
    });
  }

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!sentTo) return;
    await runStep(async () => {
      // updatePhoneNumber attaches the verified number to the signed-in account.
      unwrapAuthResult(await authClient.phoneNumber.verify({ phoneNumber: sentTo, code: code.trim(), updatePhoneNumber: true }));
      toast.success('Phone number verified');
      setSentTo(null);
      setPhone('');
      setCode('');
    });
  }

  return (
    <Card title="Phone number">
      <p className="muted">
        {currentPhone
          ? `Your number: ${currentPhone}. Add a new one to replace it.`
          : 'Add a phone number to sign in with it and to get sign-in codes by text message.'}
      </p>
      {sentTo ? (
        <form className="form" onSubmit={handleVerify}>
          <p>We sent a code to {sentTo}.</p>
          <TextField
            label="Verification code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
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
        <form className="form" onSubmit={handleSend}>
          <TextField
            label="Phone number"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
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
