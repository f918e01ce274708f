import type { SessionUser } from '../auth/auth-session';

export type FactorType = 'totp' | 'phone' | 'webauthn';
export type FactorStatus = 'verified' | 'unverified';

/** Spec section 3's factor shape, assembled from better-auth's user fields and passkeys. */
export interface Factor {
  id: string;
  friendly_name: string;
  factor_type: FactorType;
  status: FactorStatus;
}

export interface PasskeySummary {
  id: string;
  name?: string | null;
  createdAt?: Date | string | null;
}

export function listFactors(user: SessionUser | null, passkeys: PasskeySummary[], isTotpPending: boolean): Factor[] {
  const factors: Factor[] = [];
  if (user?.twoFactorEnabled || isTotpPending) {
    factors.push({
      id: 'totp',
      friendly_name: 'Authenticator app',
      factor_type: 'totp',
      status: user?.twoFactorEnabled ? 'verified' : 'unverified',
    });
  }
  if (user?.phoneNumber) {
    factors.push({
      id: 'phone',
      friendly_name: user.phoneNumber,
      factor_type: 'phone',
      status: user.phoneNumberVerified ? 'verified' : 'unverified',
    });
  }
  for (const passkey of passkeys) {
    factors.push({ id: passkey.id, friendly_name: passkey.name || 'Passkey', factor_type: 'webauthn', status: 'verified' });
  }
  return factors;
}
