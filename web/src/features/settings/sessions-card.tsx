import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { FormMessage } from '../../components/form-message';
import { toast } from '../../components/toast-store';
import { getErrorMessage } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { fetchDeviceSessions } from './account-security';
import { describeDevice } from './device-label';

function formatWhen(value: Date | string): string {
  return formatDate(value, getActiveFormat(), 'date-time');
}

/** Signed-in devices, this one first, each other one with its own Sign out. */
export function SessionsCard({ userId, currentToken }: { userId: string; currentToken: string | null }) {
  const sessions = useQuery({ queryKey: ['device-sessions', userId], queryFn: fetchDeviceSessions });
  const [busyToken, setBusyToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = [...(sessions.data ?? [])].sort(
    (a, b) =>
      Number(b.token === currentToken) - Number(a.token === currentToken) ||
      Date.parse(String(b.updatedAt)) - Date.parse(String(a.updatedAt)),
  );

  async function handleSignOut(token: string, label: string) {
    setBusyToken(token);
    setError(null);
    try {
      unwrapAuthResult(await authClient.revokeSession({ token }));
      toast.success('Signed out', `${label} is signed out.`);
      await sessions.refetch();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setBusyToken(null);
    }
  }

  return (
    <Card title="Signed-in devices" aria-label="Signed-in devices">
      {sessions.isPending ? <p className="muted">Loading devices...</p> : null}
      {sessions.isError ? <FormMessage tone="error">{getErrorMessage(sessions.error)}</FormMessage> : null}
      {rows.length > 0 ? (
        <ul className="row-list" aria-label="Signed-in devices">
          {rows.map((session) => {
            const label = describeDevice(session.userAgent);
            const isCurrent = session.token === currentToken;
            return (
              <li key={session.id} className="row-list-item">
                <span className="device-row">
                  <span className="device-name">
                    {label} {isCurrent ? <Badge tone="info">This device</Badge> : null}
                  </span>
                  <span className="muted device-meta">Last active {formatWhen(session.updatedAt)}</span>
                </span>
                {isCurrent ? null : (
                  <Button
                    variant="ghost"
                    onClick={() => handleSignOut(session.token, label)}
                    isBusy={busyToken === session.token}
                    disabled={busyToken !== null}
                    aria-label={`Sign out ${label}, last active ${formatWhen(session.updatedAt)}`}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
    </Card>
  );
}
