import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { catalogueAdminApi, type TCatalogueChange } from '@cartwise/contracts';
import { Badge, Button, Card, DataTable, PageHeader, Tabs, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDateTime, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';
import './admin.css';

type View = 'pending' | 'recent';
type Action = 'approve' | 'reject' | 'undo';

const ACTION_ROUTES = { approve: catalogueAdminApi.approve, reject: catalogueAdminApi.reject, undo: catalogueAdminApi.undo };
const DONE: Record<Action, string> = { approve: 'Change approved', reject: 'Change rejected', undo: 'Change undone' };

function describeChange(change: TCatalogueChange): string {
  if (change.kind === 'alias')
    return `“${change.alias ?? ''}”${change.chainName ? ` at ${change.chainName}` : ''} is ${change.productName}`;
  return change.barcode ? `${change.productName} (barcode ${change.barcode})` : `New product ${change.productName}`;
}

function StatusBadge({ change }: { change: TCatalogueChange }) {
  const tone = change.status === 'approved' ? 'success' : change.status === 'pending' ? 'warning' : 'neutral';
  const how = change.decidedHow === 'agreement' ? ' by agreement' : '';
  return <Badge tone={tone}>{`${change.status[0]!.toUpperCase()}${change.status.slice(1)}${how}`}</Badge>;
}

/**
 * /admin/catalogue: shoppers' changes to the shared catalogue (receipt texts linked to products, new products and
 * barcode names). Each is its shopper's own until approved here or agreed by enough shoppers; approved ones can be
 * undone. The server audits every decision.
 */
export default function AdminCataloguePage() {
  const [view, setView] = useState<View>('pending');
  const query = useAdminQuery(['catalogue', view], catalogueAdminApi.changes, { query: { view } });
  const invalidate = useInvalidateAdmin();
  const act = useMutation({
    mutationFn: ({ change, action }: { change: TCatalogueChange; action: Action }) =>
      callApi(ACTION_ROUTES[action], { params: { id: change.id } }),
    onSuccess: async (_result, { action }) => {
      toast.success(DONE[action]);
      await invalidate(['catalogue']);
    },
    onError: (error) => toast.error('The catalogue was not changed', getErrorMessage(error)),
  });
  const items = query.data?.items ?? [];
  const isBusyWith = (change: TCatalogueChange, action: Action) =>
    act.isPending && act.variables?.change.id === change.id && act.variables.action === action;
  const actionButton = (change: TCatalogueChange, action: Action, label: string, variant: 'secondary' | 'danger') => (
    <Button
      className="btn-small"
      variant={variant}
      isBusy={isBusyWith(change, action)}
      disabled={act.isPending && act.variables?.change.id === change.id}
      onClick={() => act.mutate({ change, action })}
      aria-label={`${label} ${describeChange(change)}`}
    >
      {label}
    </Button>
  );
  return (
    <div className="page">
      <PageHeader
        title="Catalogue"
        description="Shoppers' links and products are theirs at once and everyone's once approved here or agreed by several shoppers."
      />
      <Tabs
        label="Catalogue changes"
        tabs={[
          { value: 'pending', label: 'Pending' },
          { value: 'recent', label: 'Recently decided' },
        ]}
        value={view}
        onChange={setView}
      >
        <Card title={view === 'pending' ? 'Waiting for review' : 'Recently decided'}>
          <QueryStatus query={query} />
          {query.data ? (
            <DataTable
              caption={`${items.length} ${items.length === 1 ? 'change' : 'changes'}`}
              rows={items}
              getRowKey={(row) => row.id}
              empty={view === 'pending' ? 'No catalogue changes waiting for review' : 'No catalogue changes decided yet'}
              columns={[
                { key: 'change', header: 'Change', render: (row) => describeChange(row) },
                { key: 'before', header: 'Before', render: (row) => row.previousProductName ?? '—' },
                { key: 'shoppers', header: 'Shoppers', isNumeric: true, render: (row) => row.agreeingUsers },
                { key: 'by', header: 'By', render: (row) => row.proposedBy ?? 'a deleted account' },
                { key: 'status', header: 'Status', render: (row) => <StatusBadge change={row} /> },
                { key: 'when', header: 'When', render: (row) => formatDateTime(row.decidedAt ?? row.createdAt) },
                {
                  key: 'action',
                  header: 'Action',
                  render: (row) => (
                    <div className="admin-actions">
                      {row.status === 'pending' ? (
                        <>
                          {actionButton(row, 'approve', 'Approve', 'secondary')}
                          {actionButton(row, 'reject', 'Reject', 'danger')}
                        </>
                      ) : null}
                      {row.status === 'approved' ? actionButton(row, 'undo', 'Undo', 'danger') : null}
                    </div>
                  ),
                },
              ]}
            />
          ) : null}
        </Card>
      </Tabs>
    </div>
  );
}
