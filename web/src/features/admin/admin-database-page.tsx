import { useEffect } from 'react';
import { adminApi } from '@cartwise/contracts';
import { Button, Card, DataTable, PageHeader } from '../../components';
import { formatNumber, getActiveFormat } from '../../lib/format';
import { formatCount, formatDateTime, useAdminQuery } from './admin-api';
import { HealthBadge, QueryStatus, StatTile } from './admin-ui';
import './admin.css';

/** Sizes with the operator's decimal separator ("5,66 MB" in German). */
function formatMegabytes(megabytes: number): string {
  return `${formatNumber(megabytes, getActiveFormat(), 2)} MB`;
}

function formatBytes(bytes: number | null): string {
  if (bytes === null) return 'n/a';
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, getActiveFormat(), 1)} KB`;
  return formatMegabytes(bytes / 1024 / 1024);
}

export default function AdminDatabasePage() {
  const query = useAdminQuery(['database'], adminApi.database);

  useEffect(() => {
    if (query.isError) console.error('Unable to load database information', query.error);
  }, [query.isError, query.error]);

  const info = query.data;
  return (
    <div className="page">
      <PageHeader
        title="Database"
        description={
          info ? `Tables and system health (${info.kind === 'postgres' ? 'PostgreSQL' : 'SQLite'}).` : 'Tables and system health.'
        }
        actions={
          <Button variant="secondary" onClick={() => void query.refetch()} isBusy={query.isFetching} busyLabel="Checking...">
            Check again
          </Button>
        }
      />
      <QueryStatus query={query} />
      {info ? (
        <>
          <Card title="System health">
            <div className="admin-stat-grid">
              <StatTile
                label="Database"
                value={<HealthBadge status={info.health.database.status} />}
                sub={formatMegabytes(info.health.database.size_mb)}
              />
              <StatTile
                label="Storage"
                value={<HealthBadge status={info.health.storage.status} />}
                sub={`${formatMegabytes(info.health.storage.size_mb)} of uploads`}
              />
              <StatTile
                label="Auth"
                value={<HealthBadge status={info.health.auth.status} />}
                sub={`${formatCount(info.health.auth.total_users)} accounts`}
              />
            </div>
            <p className="muted small">Checked {formatDateTime(info.checked_at)}</p>
          </Card>
          <Card title="Tables">
            <DataTable
              caption={`${info.tables.length} tables`}
              rows={info.tables}
              getRowKey={(row) => row.name}
              columns={[
                { key: 'name', header: 'Table', render: (row) => <code>{row.name}</code> },
                { key: 'rows', header: 'Rows', isNumeric: true, render: (row) => formatCount(row.row_count) },
                { key: 'size', header: 'Size', isNumeric: true, render: (row) => formatBytes(row.size_bytes) },
              ]}
            />
          </Card>
        </>
      ) : null}
    </div>
  );
}
