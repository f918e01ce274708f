import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { THealthStatus, TTrialState } from '@cartwise/contracts';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { FormMessage } from '../../components/form-message';
import { Spinner } from '../../components/spinner';
import { getErrorMessage } from '../../lib/api-client';
import { formatNumber, getActiveFormat } from '../../lib/format';

export function StatTile({ label, value, sub }: { label: string; value: ReactNode; sub?: ReactNode }) {
  return (
    <div className="admin-stat">
      <span className="admin-stat-label">{label}</span>
      <span className="admin-stat-value">{value}</span>
      {sub ? <span className="admin-stat-sub">{sub}</span> : null}
    </div>
  );
}

const HEALTH_TONES: Record<THealthStatus, BadgeTone> = { healthy: 'success', degraded: 'warning', down: 'danger' };

export function HealthBadge({ status }: { status: THealthStatus }) {
  return <Badge tone={HEALTH_TONES[status]}>{status === 'healthy' ? 'Healthy' : status === 'degraded' ? 'Degraded' : 'Down'}</Badge>;
}

const TRIAL_LABELS: Record<TTrialState, { label: string; tone: BadgeTone }> = {
  trial: { label: 'Trial', tone: 'info' },
  paid: { label: 'Paid', tone: 'success' },
  expired_trial: { label: 'Expired trial', tone: 'warning' },
  free: { label: 'Free', tone: 'neutral' },
};

export function TrialStateBadge({ state }: { state: TTrialState }) {
  const { label, tone } = TRIAL_LABELS[state];
  return <Badge tone={tone}>{label}</Badge>;
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="stack-sm">
      <FormMessage tone="error">{getErrorMessage(error, 'Could not load this page')}</FormMessage>
      <div>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}

/** What an admin page shows for its query before there is data: a spinner, or the error with a retry. */
export function QueryStatus({ query }: { query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'> }) {
  return (
    <>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
    </>
  );
}

export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <span className="muted">
        Page {page} of {pages} · {formatNumber(total, getActiveFormat(), 0)} {total === 1 ? 'entry' : 'entries'}
      </span>
      <span className="page-actions">
        <Button variant="secondary" className="btn-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" className="btn-small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </span>
    </nav>
  );
}
