import { useQuery } from '@tanstack/react-query';
import { priceSourcesApi, type TPriceSourceRun, type TPriceSourceRunStatus } from '@cartwise/contracts';
import { Badge, Card, DataTable, type BadgeTone } from '../../components';
import { callApi } from '../../lib/api-client';
import { formatCount, formatDateTime, useAdminQuery } from './admin-api';
import { QueryStatus } from './admin-ui';

const STATUS: Record<TPriceSourceRunStatus, { label: string; tone: BadgeTone }> = {
  queued: { label: 'Queued', tone: 'info' },
  running: { label: 'Running', tone: 'info' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  partial: { label: 'Some files failed', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const isRunGoing = (run: Pick<TPriceSourceRun, 'status'>) => run.status === 'queued' || run.status === 'running';

export function RunStatusBadge({ status }: { status: TPriceSourceRunStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

function RunErrors({ run }: { run: TPriceSourceRun }) {
  if (run.errors.length === 0) return null;
  return (
    <ul className="price-run-errors">
      {run.errors.map((error, index) => (
        <li key={index}>
          <strong>{error.file}</strong>
          {error.line ? `, line ${error.line}` : ''}: {error.message}
        </li>
      ))}
    </ul>
  );
}

/** A run being watched: polled every second while it is queued or running, so its counts move on the page. */
export function RunProgress({ runId }: { runId: string }) {
  const query = useQuery({
    queryKey: ['admin', 'price-runs', runId],
    queryFn: ({ signal }) => callApi(priceSourcesApi.run, { params: { runId }, signal }),
    refetchInterval: (current) => (current.state.data && !isRunGoing(current.state.data) ? false : 1000),
  });
  const run = query.data;
  if (!run) return <QueryStatus query={query} />;
  return (
    <div className="price-run-progress" role="status" aria-live="polite">
      <p>
        <RunStatusBadge status={run.status} /> {formatCount(run.files)} files, {formatCount(run.rowsRead)} rows read,{' '}
        {formatCount(run.prices)} prices, {formatCount(run.promotions)} promotions, {formatCount(run.errors.length)} errors
      </p>
      <RunErrors run={run} />
    </div>
  );
}

/** Past runs of every source, newest first, each with its errors. */
export function PastRunsCard({ labels }: { labels: Map<string, string> }) {
  const query = useAdminQuery(['price-runs'], priceSourcesApi.runs, { query: { limit: 30 } });
  return (
    <Card title="Past runs">
      <QueryStatus query={query} />
      {query.data ? (
        <DataTable
          caption={`${formatCount(query.data.runs.length)} latest runs`}
          rows={query.data.runs}
          getRowKey={(run) => run.runId}
          empty="No runs yet"
          columns={[
            { key: 'source', header: 'Source', render: (run) => labels.get(run.source) ?? run.source },
            {
              key: 'started',
              header: 'Started',
              render: (run) => `${formatDateTime(run.startedAt)}${run.startedBy ? '' : ' (scheduled)'}`,
            },
            { key: 'status', header: 'Status', render: (run) => <RunStatusBadge status={run.status} /> },
            { key: 'files', header: 'Files', isNumeric: true, render: (run) => formatCount(run.files) },
            { key: 'prices', header: 'Prices', isNumeric: true, render: (run) => formatCount(run.prices) },
            { key: 'unchanged', header: 'Unchanged', isNumeric: true, render: (run) => formatCount(run.unchanged) },
            { key: 'errors', header: 'Errors', render: (run) => (run.errors.length > 0 ? <RunErrors run={run} /> : '—') },
          ]}
        />
      ) : null}
    </Card>
  );
}
