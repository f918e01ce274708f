import { useQuery } from '@tanstack/react-query';
import { householdsApi, type THousehold, type THouseholdInvite, type TReceiptSharing } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';

export const HOUSEHOLDS_KEY = ['households'] as const;

export function useHouseholds() {
  return useQuery({ queryKey: HOUSEHOLDS_KEY, queryFn: ({ signal }) => callApi(householdsApi.list, { signal }) });
}

export function createHousehold(name: string): Promise<THousehold> {
  return callApi(householdsApi.create, { body: { name } });
}

export function createInvite(householdId: string): Promise<THouseholdInvite> {
  return callApi(householdsApi.createInvite, { params: { id: householdId } });
}

/** Who invites to which household, before joining; not retried (each read counts against the join throttle). */
export function useInvitePreview(code: string) {
  return useQuery({
    queryKey: ['households', 'invite-preview', code],
    queryFn: ({ signal }) => callApi(householdsApi.invitePreview, { params: { code }, signal }),
    enabled: code.length > 0,
    retry: false,
    staleTime: Infinity,
  });
}

export function joinHousehold(code: string): Promise<THousehold> {
  return callApi(householdsApi.join, { body: { code } });
}

export function leaveHousehold(householdId: string): Promise<undefined> {
  return callApi(householdsApi.leave, { params: { id: householdId } });
}

export function removeMember(householdId: string, userId: string): Promise<undefined> {
  return callApi(householdsApi.removeMember, { params: { id: householdId, userId } });
}

/** What members shared with the household, per member and per month. */
export function useHouseholdSpend(householdId: string) {
  return useQuery({
    queryKey: [...HOUSEHOLDS_KEY, householdId, 'spend'],
    queryFn: ({ signal }) => callApi(householdsApi.spend, { params: { id: householdId }, signal }),
  });
}

/** Shares a receipt with a household, or (null) makes it personal again. */
export function shareReceipt(receiptId: string, householdId: string | null): Promise<TReceiptSharing> {
  return callApi(householdsApi.shareReceipt, { params: { id: receiptId }, body: { householdId } });
}

/** The household's codes that can still admit someone (owners only). */
export function useHouseholdInvites(householdId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: [...HOUSEHOLDS_KEY, householdId, 'invites'],
    queryFn: ({ signal }) => callApi(householdsApi.listInvites, { params: { id: householdId }, signal }),
    enabled: isEnabled,
  });
}

export function revokeInvite(householdId: string, code: string): Promise<undefined> {
  return callApi(householdsApi.revokeInvite, { params: { id: householdId, code } });
}
