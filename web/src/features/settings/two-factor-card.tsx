import { useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { useAuthStep } from './use-auth-step';

interface Enrollment {
  qrDataUrl: string;
  secret: string | null;
  backupCodes: string[];
}

function readSecret(totpUri: string): string | null {
  try {
    return new URL(totpUri).searchParams.get('secret');
  } catch {
    return null;
  }
}

export function TwoFactorCard({ isEnabled, onPendingChange }: { isEnabled: boolean; onPendingChange: (isPending: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const { isBusy, error, runStep } = useAuthStep();

  async function handleEnable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runStep(async () => {
      const data = unwrapAuthResult(await authClient.twoFactor.enable({ password, method: 'totp' }));
      if (!data || data.method !== 'totp') throw new Error('The server did not return an authenticator setup');
      const qrDataUrl = await QRCode.toDataURL(data.totpURI, { margin: 1, width: 220 });
      setEnrollment({ qrDataUrl, secret: readSecret(data.totpURI), backupCodes: data.backupCodes });
      setPassword('');
      onPendingChange(true);
    });
  }

  async function handleVerify(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runStep(async () => {
      unwrapAuthResult(await authClient.twoFactor.verifyTotp({ code: code.trim() }));
      toast.success('Two-factor enabled', 'You will be asked for a code when you sign in.');
      setEnrollment(null);
      setCode('');
      onPendingChange(false);
    });
  }

  async function handleDisable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await runStep(async () => {
      unwrapAuthResult(await authClient.twoFactor.disable({ password }));
      toast.success('Two-factor disabled');
      setPassword('');
    });
  }

  if (enrollment) {
    return (
      <Card title="Set up your authenticator app">
        <ol className="steps">
          <li>Scan this QR code with your authenticator app.</li>
          <li>Save the backup codes somewhere safe: each works once if you lose your phone.</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <img className="qr" src={enrollment.qrDataUrl} alt="QR code for your authenticator app" width={220} height={220} />
        {enrollment.secret ? (
          <p className="field-hint">
            Can&apos;t scan? Enter this key: <code className="code">{enrollment.secret}</code>
          </p>
        ) : null}
        <h3 className="section-title">Backup codes</h3>
        <ul className="backup-codes" aria-label="Backup codes">
          {enrollment.backupCodes.map((backupCode) => (
            <li key={backupCode}>
              <code>{backupCode}</code>
            </li>
          ))}
        </ul>
        <form className="form" onSubmit={handleVerify}>
          <TextField
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            required
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <Button type="submit" isBusy={isBusy} busyLabel="Verifying...">
            Verify
          </Button>
        </form>
      </Card>
    );
  }

  return (
    <Card title="Two-factor authentication">
      <p className="muted">
        {isEnabled
          ? 'Two-factor is on. Enter your password to turn it off.'
          : 'Add a second step at sign-in with an authenticator app. Enter your password to start.'}
      </p>
      <form className="form" onSubmit={isEnabled ? handleDisable : handleEnable}>
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" variant={isEnabled ? 'danger' : 'primary'} isBusy={isBusy} busyLabel="Please wait...">
          {isEnabled ? 'Disable two-factor' : 'Enable two-factor'}
        </Button>
      </form>
    </Card>
  );
}
