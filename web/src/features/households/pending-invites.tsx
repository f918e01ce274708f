import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, FormMessage, Spinner, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';
import { HOUSEHOLDS_KEY, revokeInvite, useHouseholdInvites } from './households-api';

/** The owner's view of the codes that can still admit someone, each with a Revoke button. */
export function PendingInvites({ householdId }: { householdId: string }) {
  const queryClient = useQueryClient();
  const invites = useHouseholdInvites(householdId, true);
  const revoke = useMutation({
    mutationFn: (code: string) => revokeInvite(householdId, code),
    onSuccess: async () => {
      toast.success('Invite revoked');
      await queryClient.invalidateQueries({ queryKey: [...HOUSEHOLDS_KEY, householdId, 'invites'] });
    },
    onError: (error) => toast.error(getErrorMessage(error, 'Could not revoke the invite')),
  });
  if (invites.isPending) return <Spinner label="Loading invites" />;
  if (invites.isError) return <FormMessage tone="error">{getErrorMessage(invites.error, 'Could not load the invites')}</FormMessage>;
  const items = invites.data.items;
  return (
    <section aria-labelledby={`invites-${householdId}`}>
      <h3 className="household-subtitle" id={`invites-${householdId}`}>
        Pending invites
      </h3>
      {items.length === 0 ? (
        <p className="muted small">No invite codes are waiting to be used.</p>
      ) : (
        <ul className="household-members">
          {items.map((invite) => (
            <li key={invite.code}>
              <span className="household-member-name">
                <span className="household-code-small">{invite.code}</span>{' '}
                <span className="muted small">
                  by {invite.createdBy.name}, {invite.uses} of {invite.maxUses} used, until{' '}
                  {formatDate(invite.expiresAt, getActiveFormat())}
                </span>
              </span>
              <Button
                variant="ghost"
                aria-label={`Revoke invite ${invite.code}`}
                isBusy={revoke.isPending && revoke.variables === invite.code}
                onClick={() => revoke.mutate(invite.code)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
