import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZSignup } from '@cartwise/contracts';
import QRCode from 'qrcode';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { PasswordField } from '../../components/password-field';
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

const ZPasswordStep = z.object({ password: ZSignup.shape.password });
const ZCodeStep = z.object({ code: z.string().trim().min(1, { message: 'Enter the code' }) });

export function TwoFactorCard({ isEnabled, onPendingChange }: { isEnabled: boolean; onPendingChange: (isPending: boolean) => void }) {
  const passwordForm = useForm({ resolver: zodResolver(ZPasswordStep), defaultValues: { password: '' } });
  const codeForm = useForm({ resolver: zodResolver(ZCodeStep), defaultValues: { code: '' } });
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const { isBusy, error, runStep } = useAuthStep();

  const handleEnable = passwordForm.handleSubmit(async ({ password }) => {
    await runStep(async () => {
      const data = unwrapAuthResult(await authClient.twoFactor.enable({ password, method: 'totp' }));
      if (!data || data.method !== 'totp') throw new Error('The server did not return an authenticator setup');
      const qrDataUrl = await QRCode.toDataURL(data.totpURI, { margin: 1, width: 220 });
      setEnrollment({ qrDataUrl, secret: readSecret(data.totpURI), backupCodes: data.backupCodes });
      passwordForm.reset();
      onPendingChange(true);
    });
  });

  const handleVerify = codeForm.handleSubmit(async ({ code }) => {
    await runStep(async () => {
      unwrapAuthResult(await authClient.twoFactor.verifyTotp({ code }));
      toast.success('Two-factor enabled', 'You will be asked for a code when you sign in.');
      setEnrollment(null);
      codeForm.reset();
      onPendingChange(false);
    });
  });

  const handleDisable = passwordForm.handleSubmit(async ({ password }) => {
    await runStep(async () => {
      unwrapAuthResult(await authClient.twoFactor.disable({ password }));
      toast.success('Two-factor disabled');
      passwordForm.reset();
    });
  });

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
        <form className="form" onSubmit={(event) => void handleVerify(event)} noValidate>
          <TextField
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...codeForm.register('code')}
            error={codeForm.formState.errors.code?.message}
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
      <form className="form" onSubmit={(event) => void (isEnabled ? handleDisable : handleEnable)(event)} noValidate>
        <PasswordField
          label="Current password"
          purpose="current"
          {...passwordForm.register('password')}
          error={passwordForm.formState.errors.password?.message}
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
