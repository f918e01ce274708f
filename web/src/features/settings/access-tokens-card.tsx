import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ZCreateApiToken, apiTokensApi, type TApiToken, type TApiTokenScope } from '@cartwise/contracts';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Checkbox } from '../../components/checkbox';
import { FormMessage } from '../../components/form-message';
import { TextField } from '../../components/text-field';
import { toast } from '../../components/toast-store';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';
import { useAuth } from '../auth/auth-context';

const SCOPE_CHOICES: { scope: TApiTokenScope; label: string; description: string }[] = [
  { scope: 'read', label: 'Read', description: 'See your lists, pantry, receipts and the rest (GET requests).' },
  { scope: 'write', label: 'Write', description: 'Add, change and delete them (every other request).' },
  { scope: 'admin', label: 'Admin', description: 'Use the operator routes under /api/admin.' },
];

function describeToken(token: TApiToken): string {
  const created = `created ${formatDate(token.created_at, getActiveFormat())}`;
  const used = token.last_used_at ? `last used ${formatDate(token.last_used_at, getActiveFormat())}` : 'never used';
  return `${token.prefix}… · ${token.scopes.join(', ')} · ${created} · ${used}`;
}

/** Personal access tokens for scripts (Authorization: Bearer); a new token is shown once, then only its start. */
export function AccessTokensCard() {
  const tokens = useQuery({ queryKey: ['access-tokens'], queryFn: ({ signal }) => callApi(apiTokensApi.list, { signal }) });
  const { isAdmin } = useAuth();
  const form = useForm({
    resolver: zodResolver(ZCreateApiToken),
    defaultValues: { name: '', scopes: ['read', 'write'] as TApiTokenScope[] },
  });
  const scopeChoices = SCOPE_CHOICES.filter((choice) => choice.scope !== 'admin' || isAdmin);
  const [secret, setSecret] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const handleCreate = form.handleSubmit(async (body) => {
    setBusyId('create');
    setError(null);
    try {
      const created = await callApi(apiTokensApi.create, { body });
      setSecret(created.secret);
      form.reset();
      await tokens.refetch();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  });

  async function handleRevoke(token: TApiToken) {
    setBusyId(token.id);
    setError(null);
    try {
      await callApi(apiTokensApi.revoke, { params: { id: token.id } });
      toast.success('Token revoked', `${token.name} no longer works.`);
      await tokens.refetch();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  }

  async function handleCopy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      toast.success('Token copied');
    } catch {
      toast.error('Could not copy: select the token and copy it yourself.');
    }
  }

  const list = tokens.data?.tokens ?? [];
  return (
    <Card title="Access tokens">
      <p className="muted">
        Let a script or another app use your Cartwise data: send the token as{' '}
        <code className="code is-unbroken">Authorization: Bearer</code>. A token acts as you within its scopes, so keep it secret; it stops
        working when your password changes or you sign out everywhere. The API is described at <a href="/api/docs">/api/docs</a>.
      </p>
      {secret ? (
        <div className="stack">
          <FormMessage tone="success">Copy your new token now: it is not shown again.</FormMessage>
          <code className="code" aria-label="New access token">
            {secret}
          </code>
          <div>
            <Button variant="secondary" onClick={handleCopy}>
              Copy token
            </Button>{' '}
            <Button variant="ghost" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      {list.length > 0 ? (
        <ul className="row-list">
          {list.map((token) => (
            <li key={token.id} className="row-list-item">
              <span>
                <strong>{token.name}</strong> <span className="muted">{describeToken(token)}</span>
              </span>
              <Button
                variant="ghost"
                onClick={() => handleRevoke(token)}
                isBusy={busyId === token.id}
                disabled={busyId !== null}
                aria-label={`Revoke ${token.name}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      ) : tokens.isSuccess ? (
        <p className="muted">No access tokens yet.</p>
      ) : null}
      <form className="form" onSubmit={(event) => void handleCreate(event)} noValidate>
        <TextField
          label="Token name"
          hint="What will use it, for example: Home Assistant"
          {...form.register('name')}
          error={form.formState.errors.name?.message}
          maxLength={100}
        />
        <fieldset className="stack">
          <legend>Scopes</legend>
          {scopeChoices.map((choice) => (
            <Checkbox
              key={choice.scope}
              value={choice.scope}
              label={choice.label}
              description={choice.description}
              {...form.register('scopes')}
            />
          ))}
        </fieldset>
        {form.formState.errors.scopes?.message ? <FormMessage tone="error">{form.formState.errors.scopes.message}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <Button type="submit" variant="secondary" isBusy={busyId === 'create'} disabled={busyId !== null}>
          Create a token
        </Button>
      </form>
    </Card>
  );
}
