import { useState } from 'react';
import { adminManageApi } from '@cartwise/contracts';
import { Badge, Card, DataTable, PageHeader } from '../../components';
import { formatDateTime, useAdminQuery } from './admin-api';
import { Pager, QueryStatus } from './admin-ui';
import './admin.css';

const PAGE_SIZE = 20;

function AuditCard() {
  const [page, setPage] = useState(1);
  const query = useAdminQuery(['logs', 'audit', page], adminManageApi.auditLog, { query: { page, page_size: PAGE_SIZE } });
  return (
    <Card title="Audit log">
      <QueryStatus query={query} />
      {query.data ? (
        <>
          <DataTable
            caption="Operator actions, newest first"
            rows={query.data.items}
            getRowKey={(row) => row.id}
            empty="No actions recorded yet"
            columns={[
              { key: 'when', header: 'When', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
              { key: 'who', header: 'Who', render: (row) => row.actor_email ?? (row.actor_id ? row.actor_id : 'System') },
              { key: 'action', header: 'Action', render: (row) => <code>{row.action}</code> },
              {
                key: 'target',
                header: 'Target',
                render: (row) => `${row.target_type}${row.target_id ? ` ${row.target_id.slice(0, 8)}` : ''}`,
              },
              { key: 'details', header: 'Details', render: (row) => <pre className="admin-pre">{row.details}</pre> },
            ]}
          />
          <Pager label="Audit log" page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={setPage} />
        </>
      ) : null}
    </Card>
  );
}

function OutboxCard() {
  const [page, setPage] = useState(1);
  const query = useAdminQuery(['logs', 'outbox', page], adminManageApi.outbox, { query: { page, page_size: PAGE_SIZE } });
  return (
    <Card title="Mail and SMS outbox">
      <p className="muted small">Every email and text the app sends is kept here; without SMTP this is where they land.</p>
      <QueryStatus query={query} />
      {query.data ? (
        <>
          <DataTable
            caption="Messages, newest first"
            rows={query.data.items}
            getRowKey={(row) => row.id}
            empty="No messages yet"
            columns={[
              { key: 'when', header: 'When', render: (row) => <span className="admin-nowrap">{formatDateTime(row.created_at)}</span> },
              { key: 'channel', header: 'Channel', render: (row) => <Badge tone="info">{row.channel === 'sms' ? 'SMS' : 'Email'}</Badge> },
              { key: 'to', header: 'To', render: (row) => row.recipient },
              { key: 'subject', header: 'Subject', render: (row) => row.subject || '—' },
              { key: 'body', header: 'Body', render: (row) => <pre className="admin-pre">{row.body}</pre> },
              {
                key: 'status',
                header: 'Status',
                render: (row) => <Badge tone={row.status === 'failed' ? 'danger' : 'neutral'}>{row.status}</Badge>,
              },
            ]}
          />
          <Pager label="Outbox" page={page} pageSize={PAGE_SIZE} total={query.data.total} onPage={setPage} />
        </>
      ) : null}
    </Card>
  );
}

export default function AdminLogsPage() {
  return (
    <div className="page">
      <PageHeader title="Logs" description="What operators changed, and every message the app sent." />
      <AuditCard />
      <OutboxCard />
    </div>
  );
}
