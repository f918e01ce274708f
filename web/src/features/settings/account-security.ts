import { accountApi } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';
import { authClient, unwrapAuthResult } from '../auth/auth-client';

/** Where the links mailed for verification and email changes land once opened. */
export const SECURITY_CALLBACK = '/u/settings/security?verified=1';

export interface DeviceSession {
  id: string;
  token: string;
  userAgent?: string | null;
  ipAddress?: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export async function fetchDeviceSessions(): Promise<DeviceSession[]> {
  return (unwrapAuthResult(await authClient.listSessions()) ?? []) as DeviceSession[];
}

/** Whether the account signs in with a password (else deleting it asks for a recent sign-in instead). */
export async function fetchHasPassword(): Promise<boolean> {
  const accounts = unwrapAuthResult(await authClient.listAccounts()) ?? [];
  return accounts.some((account) => account.providerId === 'credential');
}

export async function deleteOwnAccount(password: string | null): Promise<void> {
  await callApi(accountApi.deleteAccount, { body: password ? { password } : {} });
}
