import { useQuery } from '@tanstack/react-query';
import { ZHousehold, ZHouseholdInvite, ZHouseholdList, type THousehold, type THouseholdInvite } from '@cartwise/contracts';
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
