import { useState } from 'react';
import { adminApi, type TAdminUser, type TRole, addDaysTo } from '@cartwise/contracts';
import { Button, Dialog, TextAreaField, toast } from '../../components';
import { callApi } from '../../lib/api-client';
import { useAdminAction, useInvalidateAdmin } from './admin-api';

// An account's actions, on its page: role, subscription (billing only), suspension.

export function RoleAction({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  const nextRole: TRole = user.role === 'admin' ? 'user' : 'admin';
  const label = nextRole === 'admin' ? 'Make admin' : 'Remove admin';

  async function handleClick() {
    if (isSelf && nextRole === 'user' && !window.confirm('Remove your own admin access? You will leave the operator area.')) return;
    await runAction('Could not change the role', async () => {
      const updated = await callApi(adminApi.changeRole, { params: { id: user.id }, body: { role: nextRole } });
      toast.success('Role updated', `${updated.email} is now ${updated.role === 'admin' ? 'an admin' : 'a shopper'}.`);
      void invalidate(['users']);
      void invalidate(['user', user.id]);
    });
  }

  return (
    <Button
      variant={nextRole === 'admin' ? 'secondary' : 'danger'}
      className="btn-small"
      isBusy={isBusy}
      onClick={handleClick}
      aria-label={`${label}: ${user.email}`}
    >
      {label}
    </Button>
  );
}

/** Extend or end a trial, or grant a year of paid time (a comped account); each change is audited. */
export function SubscriptionActions({ user }: { user: TAdminUser }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();

  async function change(done: string, body: { trialEndsAt?: string | null; paidUntil?: string | null }) {
    await runAction('Could not change the subscription', async () => {
      const updated = await callApi(adminApi.changeSubscription, { params: { id: user.id }, body });
      toast.success('Subscription updated', `${updated.email}: ${done}.`);
      void invalidate(['users']);
      void invalidate(['user', user.id]);
    });
  }

  const trialEnd = Math.max(Date.now(), user.trial_ends_at ? Date.parse(user.trial_ends_at) : 0);
  const paidEnd = Math.max(Date.now(), user.paid_until ? Date.parse(user.paid_until) : 0);
  return (
    <div className="admin-actions">
      <Button
        variant="secondary"
        className="btn-small"
        isBusy={isBusy}
        aria-label={`Extend trial by 30 days: ${user.email}`}
        onClick={() => change('trial extended by 30 days', { trialEndsAt: addDaysTo(trialEnd, 30).toISOString() })}
      >
        +30 days trial
      </Button>
      <Button
        variant="secondary"
        className="btn-small"
        isBusy={isBusy}
        aria-label={`Grant a paid year: ${user.email}`}
        onClick={() => change('a paid year granted', { paidUntil: addDaysTo(paidEnd, 365).toISOString() })}
      >
        Grant 1 year
      </Button>
      {user.trial_state === 'trial' ? (
        <Button
          variant="ghost"
          className="btn-small"
          isBusy={isBusy}
          aria-label={`End trial now: ${user.email}`}
          onClick={() => change('trial ended', { trialEndsAt: new Date().toISOString() })}
        >
          End trial
        </Button>
      ) : null}
    </div>
  );
}

/** Suspend (with a reason, which the audit log keeps) or reinstate; never one's own account. */
export function SuspensionAction({ user }: { user: TAdminUser }) {
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  const [isOpen, setIsOpen] = useState(false);
  const [reason, setReason] = useState('');
  const isSuspended = user.suspended_at !== null;

  async function refresh() {
    await Promise.all([invalidate(['users']), invalidate(['user', user.id])]);
  }

  async function handleSuspend() {
    await runAction('Could not suspend the account', async () => {
      await callApi(adminApi.suspendUser, { params: { id: user.id }, body: { reason: reason.trim() } });
      toast.success('Account suspended', `${user.email} is signed out and cannot sign in.`);
      setIsOpen(false);
      setReason('');
      await refresh();
    });
  }

  async function handleReinstate() {
    await runAction('Could not reinstate the account', async () => {
      await callApi(adminApi.reinstateUser, { params: { id: user.id } });
      toast.success('Account reinstated', `${user.email} can sign in again.`);
      await refresh();
    });
  }

  if (isSuspended)
    return (
      <Button variant="secondary" isBusy={isBusy} onClick={handleReinstate}>
        Reinstate
      </Button>
    );
  return (
    <>
      <Button variant="danger" onClick={() => setIsOpen(true)}>
        Suspend
      </Button>
      <Dialog
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        title={`Suspend ${user.email}?`}
        description="They are signed out on every device, cannot sign in and their access tokens stop working until you reinstate them. Nothing they saved is deleted."
        footer={
          <>
            <Button variant="ghost" onClick={() => setIsOpen(false)}>
              Cancel
            </Button>
            <Button variant="danger" isBusy={isBusy} disabled={reason.trim() === ''} onClick={handleSuspend}>
              Suspend account
            </Button>
          </>
        }
      >
        <TextAreaField label="Reason (kept in the audit log)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      </Dialog>
    </>
  );
}
