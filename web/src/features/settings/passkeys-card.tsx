import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import type { PasskeySummary } from './factors';

/** The name is optional: the browser's own label is used without one. */
const ZPasskeyForm = z.object({ name: z.string().trim().max(100, { message: 'Passkey name is too long' }) });

export function PasskeysCard({ passkeys, onChanged }: { passkeys: PasskeySummary[]; onChanged: () => void }) {
  const form = useForm({ resolver: zodResolver(ZPasskeyForm), defaultValues: { name: '' } });
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleAdd = form.handleSubmit(async ({ name }) => {
    setBusyId('add');
    setError(null);
    try {
      unwrapAuthResult(await authClient.passkey.addPasskey({ name: name || undefined }));
      toast.success('Passkey added');
      form.reset();
      onChanged();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  });

  async function handleRemove(id: string) {
    setBusyId(id);
    setError(null);
    try {
      unwrapAuthResult(await authClient.passkey.deletePasskey({ id }));
      toast.success('Passkey removed');
      onChanged();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Card title="Passkeys">
      <p className="muted">Sign in with your fingerprint, face or device PIN instead of a password.</p>
      {passkeys.length > 0 ? (
        <ul className="row-list">
          {passkeys.map((passkey) => (
            <li key={passkey.id} className="row-list-item">
              <span>{passkey.name || 'Passkey'}</span>
              <Button
                variant="ghost"
                onClick={() => handleRemove(passkey.id)}
                isBusy={busyId === passkey.id}
                disabled={busyId !== null}
                aria-label={`Remove ${passkey.name || 'passkey'}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <form className="form" onSubmit={(event) => void handleAdd(event)} noValidate>
        <TextField
          label="Passkey name"
          hint="For example: My phone"
          {...form.register('name')}
          error={form.formState.errors.name?.message}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button
          type="submit"
          variant="secondary"
          isBusy={busyId === 'add'}
          busyLabel="Waiting for your device..."
          disabled={busyId !== null}
        >
          Add a passkey
        </Button>
      </form>
    </Card>
  );
}
