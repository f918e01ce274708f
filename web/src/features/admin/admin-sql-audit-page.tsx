import { adminManageApi } from '@cartwise/contracts';
import { Card, DataTable, PageHeader } from '../../components';
import { formatCount, formatDateTime, useAdminQuery } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

export default function AdminSqlAuditPage() {
  const query = useAdminQuery(['sql-audit'], adminManageApi.sqlAudit);
  const data = query.data;
  return (
    <div className="page">
      <PageHeader
        title="SQL audit"
        description="Recent data-changing admin actions and row counts per table. Read-only: this page never runs SQL."
      />
      <QueryStatus query={query} />
      {data ? (
        <>
          <Card title="Data-changing actions">
            <DataTable
              caption="The last 50, newest first"
              rows={data.actions}
              getRowKey={(row) => row.id}
              empty="No data changes recorded yet"
              columns={[
                { key: 'when', header: 'When', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
                { key: 'who', header: 'Who', render: (row) => row.actor_email ?? 'System' },
                { key: 'action', header: 'Action', render: (row) => <code>{row.action}</code> },
                { key: 'target', header: 'Target', render: (row) => row.target_type },
                { key: 'details', header: 'Details', render: (row) => <pre className="admin-pre">{row.details}</pre> },
              ]}
            />
          </Card>
          <Card title="Row counts">
            <DataTable
              caption="Rows per table"
              rows={data.row_counts}
              getRowKey={(row) => row.name}
              columns={[
                { key: 'name', header: 'Table', render: (row) => <code>{row.name}</code> },
                { key: 'rows', header: 'Rows', isNumeric: true, render: (row) => formatCount(row.row_count) },
              ]}
            />
          </Card>
        </>
      ) : null}
    </div>
  );
}
