import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import type { PasskeySummary } from './factors';

export function PasskeysCard({ passkeys, onChanged }: { passkeys: PasskeySummary[]; onChanged: () => void }) {
  const [name, setName] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusyId('add');
    setError(null);
    try {
      unwrapAuthResult(await authClient.passkey.addPasskey({ name: name.trim() || undefined }));
      toast.success('Passkey added');
      setName('');
      onChanged();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  }

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
      <form className="form" onSubmit={handleAdd}>
        <TextField label="Passkey name" hint="For example: My phone" value={name} onChange={(event) => setName(event.target.value)} />
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
