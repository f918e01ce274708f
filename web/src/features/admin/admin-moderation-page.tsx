import { useState } from 'react';
import type { TModerationDeal, TUpdateDeal } from '@cartwise/contracts';
import { Badge, Button, EmptyState, FormMessage, Money, PageHeader, Spinner, Tabs, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { describeStore, formatDealDate } from '../deals/deals-api';
import { useModerationActions, useModerationQueue, type ModerationStatus } from '../deals/moderation-api';
import { EditDealDialog, RejectDialog } from '../deals/moderation-dialogs';
import { PendingShelfPricesCard } from './pending-shelf-prices-card';
import '../deals/deals.css';
import '../deals/moderation.css';

const TABS: { status: ModerationStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'rejected', label: 'Rejected' },
];

type RejectTarget = { ids: string[] } | null;

function ModerationItem(props: {
  deal: TModerationDeal;
  isSelected: boolean;
  isBusy: boolean;
  onToggle: () => void;
  onApprove: () => void;
  onReject: () => void;
  onEdit: () => void;
}) {
  const { deal } = props;
  const isPending = deal.status === 'pending';
  return (
    <li className="moderation-item">
      {isPending ? (
        <input
          type="checkbox"
          className="moderation-select"
          checked={props.isSelected}
          onChange={props.onToggle}
          aria-label={`Select ${deal.productName}`}
        />
      ) : null}
      {deal.photoUrl ? (
        <a href={deal.photoUrl} target="_blank" rel="noreferrer" className="moderation-photo">
          <img src={deal.photoUrl} alt={`Shelf tag for ${deal.productName}`} loading="lazy" />
        </a>
      ) : null}
      <div className="moderation-text">
        <strong className="moderation-title">{deal.productName}</strong>
        <span className="muted">
          {describeStore(deal)}
          {deal.store?.chainName ? ` (${deal.store.chainName})` : ''}
        </span>
        <span>
          <Money amount={deal.salePrice} />
          {deal.originalPrice !== null ? (
            <>
              {' '}
              <Money amount={deal.originalPrice} isStruck />
            </>
          ) : null}
          {deal.percentOff > 0 ? <> · {deal.percentOff}% off</> : null}
          {deal.endDate ? <> · Valid until {formatDealDate(deal.endDate)}</> : null}
        </span>
        {deal.description ? <span className="moderation-description">{deal.description}</span> : null}
        <span className="muted small">
          Submitted by {deal.submitterEmail ?? 'a deleted account'} on {formatDealDate(deal.createdAt.slice(0, 10))}
        </span>
        {deal.rejectionReason ? <span className="deal-submission-reason">Reason: {deal.rejectionReason}</span> : null}
        {deal.isPossibleDuplicate ? (
          <span>
            <Badge tone="warning">Possible duplicate</Badge>
          </span>
        ) : null}
      </div>
      {isPending ? (
        <div className="moderation-actions">
          <Button onClick={props.onApprove} isBusy={props.isBusy} aria-label={`Approve ${deal.productName}`}>
            Approve
          </Button>
          <Button variant="secondary" onClick={props.onEdit} aria-label={`Edit ${deal.productName}`}>
            Edit
          </Button>
          <Button variant="danger" onClick={props.onReject} aria-label={`Reject ${deal.productName}`}>
            Reject
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** /admin/moderation: the deal queue. Every decision is recorded in the audit log by the server. */
export default function AdminModerationPage() {
  const [status, setStatus] = useState<ModerationStatus>('pending');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejectTarget, setRejectTarget] = useState<RejectTarget>(null);
  const [editing, setEditing] = useState<TModerationDeal | null>(null);
  const queue = useModerationQueue(status);
  const { approve, reject, update, bulk } = useModerationActions();
  const items = queue.data?.items ?? [];
  const selectedIds = items.filter((d) => selected.has(d.id)).map((d) => d.id);
  const actionError = approve.error ?? bulk.error;

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function approveOne(deal: TModerationDeal) {
    approve.mutate(deal.id, { onSuccess: () => toast.success(`Approved ${deal.productName}`) });
  }

  function approveSelected() {
    bulk.mutate(
      { ids: selectedIds, action: 'approve' },
      {
        onSuccess: (result) => {
          toast.success(`Approved ${result.updated} ${result.updated === 1 ? 'deal' : 'deals'}`);
          setSelected(new Set());
        },
      },
    );
  }

  function rejectWith(reason: string) {
    if (!rejectTarget) return;
    const done = () => {
      setRejectTarget(null);
      setSelected(new Set());
    };
    const [onlyId] = rejectTarget.ids;
    if (rejectTarget.ids.length === 1 && onlyId) {
      reject.mutate(
        { id: onlyId, reason },
        {
          onSuccess: () => {
            toast.success('Deal rejected');
            done();
          },
        },
      );
    } else {
      bulk.mutate(
        { ids: rejectTarget.ids, action: 'reject', reason },
        {
          onSuccess: (r) => {
            toast.success(`Rejected ${r.updated} deals`);
            done();
          },
        },
      );
    }
  }

  function saveEdit(patch: TUpdateDeal, shouldApprove: boolean) {
    if (!editing) return;
    const deal = editing;
    update.mutate(
      { id: deal.id, patch },
      {
        onSuccess: (saved) => {
          setEditing(null);
          if (shouldApprove) approveOne(saved);
          else toast.success('Changes saved');
        },
      },
    );
  }

  return (
    <div className="page moderation-page">
      <PageHeader title="Moderation" description="Check shopper-submitted deals before they are listed." />
      <Tabs
        label="Deal status"
        tabs={TABS.map((tab) => ({ value: tab.status, label: tab.label }))}
        value={status}
        onChange={(next) => {
          setStatus(next);
          setSelected(new Set());
        }}
      >
        {status === 'pending' && items.length > 0 ? (
          <div className="moderation-bulk" role="toolbar" aria-label="Bulk actions">
            <label className="moderation-select-all">
              <input
                type="checkbox"
                checked={selectedIds.length === items.length}
                onChange={(e) => setSelected(e.target.checked ? new Set(items.map((d) => d.id)) : new Set())}
              />{' '}
              Select all
            </label>
            <span className="muted">{selectedIds.length} selected</span>
            <Button variant="secondary" disabled={selectedIds.length === 0} isBusy={bulk.isPending} onClick={approveSelected}>
              Approve selected
            </Button>
            <Button variant="danger" disabled={selectedIds.length === 0} onClick={() => setRejectTarget({ ids: selectedIds })}>
              Reject selected
            </Button>
          </div>
        ) : null}
        {actionError ? <FormMessage tone="error">{getErrorMessage(actionError)}</FormMessage> : null}
        {queue.isPending ? <Spinner /> : null}
        {queue.isError ? <FormMessage tone="error">{getErrorMessage(queue.error, 'Could not load the queue')}</FormMessage> : null}
        {queue.isSuccess && items.length === 0 ? (
          <EmptyState
            title={status === 'pending' ? 'Nothing to review' : `No ${status} deals`}
            description={status === 'pending' ? 'New submissions appear here.' : undefined}
          />
        ) : null}
        {items.length > 0 ? (
          <ul className="list-panel" aria-label={`${status} deals`}>
            {items.map((deal) => (
              <ModerationItem
                key={deal.id}
                deal={deal}
                isSelected={selected.has(deal.id)}
                isBusy={approve.isPending && approve.variables === deal.id}
                onToggle={() => toggle(deal.id)}
                onApprove={() => approveOne(deal)}
                onReject={() => setRejectTarget({ ids: [deal.id] })}
                onEdit={() => setEditing(deal)}
              />
            ))}
          </ul>
        ) : null}
      </Tabs>
      <RejectDialog
        key={rejectTarget?.ids.join(',') ?? 'none'}
        count={rejectTarget?.ids.length ?? 0}
        isOpen={rejectTarget !== null}
        isBusy={reject.isPending || bulk.isPending}
        error={reject.error ?? bulk.error}
        onClose={() => {
          reject.reset();
          setRejectTarget(null);
        }}
        onReject={rejectWith}
      />
      <EditDealDialog
        deal={editing}
        isBusy={update.isPending}
        error={update.error}
        onClose={() => {
          update.reset();
          setEditing(null);
        }}
        onSave={saveEdit}
      />
      <PendingShelfPricesCard />
    </div>
  );
}
