import { useQuery } from '@tanstack/react-query';
import {
  ZHousehold,
  ZHouseholdInvite,
  ZHouseholdList,
  ZHouseholdSpend,
  ZReceiptSharing,
  type THousehold,
  type THouseholdInvite,
  type TReceiptSharing,
} from '@cartwise/contracts';
import { apiGet, apiSend, type ResponseSchema } from '../../lib/api-client';

export const HOUSEHOLDS_KEY = ['households'] as const;

const NO_CONTENT: ResponseSchema<undefined> = { safeParse: () => ({ success: true, data: undefined }) };

export function useHouseholds() {
  return useQuery({ queryKey: HOUSEHOLDS_KEY, queryFn: ({ signal }) => apiGet('/api/households', ZHouseholdList, signal) });
}

export function createHousehold(name: string): Promise<THousehold> {
  return apiSend('POST', '/api/households', { name }, ZHousehold);
}

export function createInvite(householdId: string): Promise<THouseholdInvite> {
  return apiSend('POST', `/api/households/${encodeURIComponent(householdId)}/invites`, undefined, ZHouseholdInvite);
}

export function joinHousehold(code: string): Promise<THousehold> {
  return apiSend('POST', '/api/households/join', { code }, ZHousehold);
}

export function leaveHousehold(householdId: string): Promise<undefined> {
  return apiSend('POST', `/api/households/${encodeURIComponent(householdId)}/leave`, undefined, NO_CONTENT);
}

export function removeMember(householdId: string, userId: string): Promise<undefined> {
  return apiSend(
    'DELETE',
    `/api/households/${encodeURIComponent(householdId)}/members/${encodeURIComponent(userId)}`,
    undefined,
    NO_CONTENT,
  );
}

/** What members shared with the household, per member and per month. */
export function useHouseholdSpend(householdId: string) {
  return useQuery({
    queryKey: [...HOUSEHOLDS_KEY, householdId, 'spend'],
    queryFn: ({ signal }) => apiGet(`/api/households/${encodeURIComponent(householdId)}/spend`, ZHouseholdSpend, signal),
  });
}

/** Shares a receipt with a household, or (null) makes it personal again. */
export function shareReceipt(receiptId: string, householdId: string | null): Promise<TReceiptSharing> {
  return apiSend('PUT', `/api/receipts/${encodeURIComponent(receiptId)}/household`, { householdId }, ZReceiptSharing);
}
