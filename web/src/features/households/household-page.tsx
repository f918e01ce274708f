import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCreateHousehold, ZJoinHousehold, type THousehold, type THouseholdInvite } from '@cartwise/contracts';
import { Badge, Button, Card, EmptyState, FormMessage, Spinner, TextField, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';
import { useAuth } from '../auth/auth-context';
import {
  createHousehold,
  createInvite,
  joinHousehold,
  leaveHousehold,
  removeMember,
  useHouseholds,
  useInvitePreview,
} from './households-api';
import { PendingInvites } from './pending-invites';
import './households.css';

/** Settings > Household: create one, invite by link or code, join with a code, see and manage members. */
export default function HouseholdPage() {
  const households = useHouseholds();
  // Opened from an invite link: the invitation comes first, before anything else on the page.
  const hasInviteCode = Boolean(useSearchParams()[0].get('code'));
  if (households.isPending) return <Spinner label="Loading household" />;
  if (households.isError)
    return <FormMessage tone="error">{getErrorMessage(households.error, 'Could not load your household')}</FormMessage>;
  const items = households.data.items;
  return (
    <div className="household-settings">
      {hasInviteCode ? <JoinHouseholdCard /> : null}
      {items.length === 0 ? (
        <EmptyState
          title="No household yet"
          description="Share lists and a pantry with the people you shop with: create a household, or join one with an invite code."
        />
      ) : (
        items.map((household) => <HouseholdCard key={household.id} household={household} />)
      )}
      <div className="household-forms">
        <CreateHouseholdCard />
        {hasInviteCode ? null : <JoinHouseholdCard />}
      </div>
    </div>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all(['households', 'lists', 'pantry'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** Invite, remove and leave are TanStack mutations: each one's isPending drives its own button's busy state. */
function HouseholdCard({ household }: { household: THousehold }) {
  const { user } = useAuth();
  const refresh = useRefresh();
  const [invite, setInvite] = useState<THouseholdInvite | null>(null);
  const isOwner = household.role === 'owner';
  const onError = (error: unknown) => toast.error(getErrorMessage(error, 'Something went wrong'));
  const createInviteMutation = useMutation({
    mutationFn: () => createInvite(household.id),
    onSuccess: async (created) => {
      setInvite(created);
      toast.success('Invite ready');
      await refresh();
    },
    onError,
  });
  const removeMutation = useMutation({
    mutationFn: (member: { userId: string; name: string }) => removeMember(household.id, member.userId),
    onSuccess: async (_result, member) => {
      toast.success(`${member.name} removed`);
      await refresh();
    },
    onError,
  });
  const leaveMutation = useMutation({
    mutationFn: () => leaveHousehold(household.id),
    onSuccess: async () => {
      toast.success('You left the household');
      await refresh();
    },
    onError,
  });

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Copied');
    } catch {
      toast.error('Copy failed: select the text and copy it');
    }
  }

  return (
    <Card
      title={household.name}
      actions={
        <Button
          variant="secondary"
          isBusy={createInviteMutation.isPending}
          busyLabel="Creating..."
          onClick={() => createInviteMutation.mutate()}
        >
          Invite someone
        </Button>
      }
    >
      {invite ? (
        <div className="household-invite" aria-label="Invite">
          <p>
            Invite code <strong className="household-code">{invite.code}</strong>{' '}
            <span className="muted">valid until {formatDate(invite.expiresAt, getActiveFormat())}</span>
          </p>
          <div className="household-invite-link">
            <input
              className="field-input"
              readOnly
              value={invite.url}
              aria-label="Invite link"
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy(invite.url)}>
              Copy link
            </Button>
          </div>
        </div>
      ) : null}
      <h3 className="household-subtitle">Members</h3>
      <ul className="household-members">
        {household.members.map((member) => (
          <li key={member.userId}>
            <span className="household-member-name">
              {member.name}
              {member.userId === user?.id ? <span className="muted"> (you)</span> : null}
            </span>
            {member.role === 'owner' ? <Badge tone="info">Owner</Badge> : null}
            {isOwner && member.userId !== user?.id ? (
              <Button
                variant="ghost"
                isBusy={removeMutation.isPending && removeMutation.variables.userId === member.userId}
                onClick={() => removeMutation.mutate({ userId: member.userId, name: member.name })}
              >
                Remove
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {isOwner ? <PendingInvites householdId={household.id} /> : null}
      <h3 className="household-subtitle">Spending</h3>
      <p className="muted small">
        Receipts members share, summed per member and month. <Link to={`/u/settings/household/${household.id}/spend`}>Shared spending</Link>
      </p>
      <div className="form-actions">
        <Button variant="danger" isBusy={leaveMutation.isPending} onClick={() => leaveMutation.mutate()}>
          Leave household
        </Button>
      </div>
    </Card>
  );
}

/**
 * Both cards: react-hook-form checks the field with the API's own schema (a blank name or code gets its message
 * instead of a disabled button); the call is a TanStack mutation.
 */
function CreateHouseholdCard() {
  const refresh = useRefresh();
  const form = useForm({ resolver: zodResolver(ZCreateHousehold), defaultValues: { name: '' } });
  const create = useMutation({
    mutationFn: ({ name }: { name: string }) => createHousehold(name),
    onSuccess: async () => {
      form.reset();
      toast.success('Household created');
      await refresh();
    },
  });
  return (
    <Card title="Create a household">
      <form className="form" onSubmit={(event) => void form.handleSubmit((values) => create.mutate(values))(event)} noValidate>
        <TextField
          label="Household name"
          {...form.register('name')}
          error={form.formState.errors.name?.message}
          maxLength={80}
          placeholder="e.g. Maple Street"
          autoComplete="off"
        />
        {create.isError ? <FormMessage tone="error">{getErrorMessage(create.error, 'Could not create the household')}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" isBusy={create.isPending} busyLabel="Creating...">
            Create household
          </Button>
        </div>
      </form>
    </Card>
  );
}

function JoinHouseholdCard() {
  const refresh = useRefresh();
  const [params, setParams] = useSearchParams();
  const linkedCode = params.get('code')?.trim() ?? '';
  const preview = useInvitePreview(linkedCode);
  const form = useForm({ resolver: zodResolver(ZJoinHousehold), defaultValues: { code: params.get('code') ?? '' } });
  const join = useMutation({
    mutationFn: ({ code }: { code: string }) => joinHousehold(code),
    onSuccess: async (household) => {
      form.reset({ code: '' });
      if (params.has('code')) setParams({}, { replace: true });
      toast.success(`You joined ${household.name}`);
      await refresh();
    },
  });
  return (
    <Card title="Join a household">
      {preview.data ? (
        <p className="household-invite-preview" role="status">
          <strong>{preview.data.inviterName}</strong> invited you to <strong>{preview.data.householdName}</strong>
        </p>
      ) : null}
      {preview.isError && join.isIdle ? (
        <FormMessage tone="error">{getErrorMessage(preview.error, 'This invite cannot be used')}</FormMessage>
      ) : null}
      <form className="form" onSubmit={(event) => void form.handleSubmit((values) => join.mutate(values))(event)} noValidate>
        <TextField
          label="Invite code"
          {...form.register('code')}
          error={form.formState.errors.code?.message}
          maxLength={40}
          placeholder="e.g. K7QM2XPA"
          autoComplete="off"
        />
        {join.isError ? <FormMessage tone="error">{getErrorMessage(join.error, 'Could not join the household')}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" isBusy={join.isPending} busyLabel="Joining...">
            {preview.data ? 'Join' : 'Join household'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
