import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table';
import { FormMessage } from '../../components/form-message';
import { authClient, unwrapAuthResult } from '../auth/auth-client';
import { useAuth } from '../auth/auth-context';
import { listFactors, type Factor, type PasskeySummary } from './factors';
import { PasskeysCard } from './passkeys-card';
import { AccessTokensCard } from './access-tokens-card';
import { PhoneCard } from './phone-card';
import { TwoFactorCard } from './two-factor-card';
import { PasswordCard } from './password-card';
import { EmailCard } from './email-card';
import { SessionsCard } from './sessions-card';
import { DeleteAccountCard } from './delete-account-card';

const TYPE_LABELS: Record<Factor['factor_type'], string> = { totp: 'totp', phone: 'phone', webauthn: 'webauthn' };

async function fetchPasskeys(): Promise<PasskeySummary[]> {
  return unwrapAuthResult(await authClient.passkey.listUserPasskeys()) ?? [];
}

export default function SecurityPage() {
  const { user, session } = useAuth();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // The emailed confirmation link lands here with ?verified=1.
  const isJustVerified = searchParams.get('verified') === '1';
  const [isTotpPending, setIsTotpPending] = useState(false);
  const passkeys = useQuery({ queryKey: ['passkeys', user?.id], queryFn: fetchPasskeys, enabled: Boolean(user) });
  const factors = listFactors(user, passkeys.data ?? [], isTotpPending);

  return (
    <div className="stack">
      {isJustVerified && user?.emailVerified ? <FormMessage tone="success">Your email address is confirmed.</FormMessage> : null}
      {user ? <EmailCard email={user.email} isVerified={Boolean(user.emailVerified)} /> : null}
      <PasswordCard onChanged={() => void queryClient.invalidateQueries({ queryKey: ['device-sessions'] })} />
      {user ? <SessionsCard userId={user.id} currentToken={session?.token ?? null} /> : null}
      <Card title="Your sign-in factors">
        <DataTable
          caption="Factors"
          columns={[
            { key: 'name', header: 'Name', render: (factor: Factor) => factor.friendly_name },
            { key: 'type', header: 'Type', render: (factor: Factor) => TYPE_LABELS[factor.factor_type] },
            {
              key: 'status',
              header: 'Status',
              render: (factor: Factor) =>
                factor.status === 'verified' ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Unverified</Badge>,
            },
          ]}
          rows={factors}
          getRowKey={(factor) => `${factor.factor_type}-${factor.id}`}
          empty="No extra factors yet: only your password protects this account."
        />
      </Card>
      <TwoFactorCard isEnabled={Boolean(user?.twoFactorEnabled)} onPendingChange={setIsTotpPending} />
      <PhoneCard currentPhone={user?.phoneNumber ?? null} />
      <PasskeysCard passkeys={passkeys.data ?? []} onChanged={() => void passkeys.refetch()} />
      <AccessTokensCard />
      {user ? <DeleteAccountCard userId={user.id} /> : null}
    </div>
  );
}
