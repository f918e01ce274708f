import { useMutation } from '@tanstack/react-query';
import { moderationApi, type TPendingStore } from '@cartwise/contracts';
import { Button, Card, DataTable, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatCount, formatDate, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';

/**
 * Stores only their finders can see (named on a receipt or a pending deal): an operator approves a real one so it
 * joins every shopper's store picker and community prices. A store also turns public on its own once enough
 * shoppers' receipts name it.
 */
export function PendingStoresCard() {
  const query = useAdminQuery(['stores', 'pending'], moderationApi.stores);
  const invalidate = useInvalidateAdmin();
  const approve = useMutation({
    mutationFn: (store: TPendingStore) => callApi(moderationApi.approveStore, { params: { id: store.id } }),
    onSuccess: async (store) => {
      toast.success(`${store.name} is public`);
      await invalidate(['stores']);
    },
    onError: (error) => toast.error('The store was not approved', getErrorMessage(error)),
  });
  const items = query.data?.items ?? [];
  return (
    <Card title="Stores waiting for review">
      <QueryStatus query={query} />
      {query.data ? (
        <DataTable
          caption={`${items.length} ${items.length === 1 ? 'store' : 'stores'} only their finders can see`}
          rows={items}
          getRowKey={(row) => row.id}
          empty="No stores waiting for review"
          columns={[
            { key: 'name', header: 'Store', render: (row) => row.name },
            { key: 'address', header: 'Address', render: (row) => row.address ?? '—' },
            { key: 'shoppers', header: 'Shoppers', isNumeric: true, render: (row) => formatCount(row.shopperCount) },
            { key: 'added', header: 'Added', render: (row) => formatDate(row.createdAt) },
            {
              key: 'action',
              header: 'Action',
              render: (row) => (
                <Button
                  variant="secondary"
                  isBusy={approve.isPending && approve.variables?.id === row.id}
                  onClick={() => approve.mutate(row)}
                  aria-label={`Approve ${row.name}`}
                >
                  Approve
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
