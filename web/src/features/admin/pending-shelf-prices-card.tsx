import { useMutation } from '@tanstack/react-query';
import { moderationApi, type TPendingShelfPrice } from '@cartwise/contracts';
import { Button, Card, DataTable, Money, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { formatDate, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { QueryStatus } from './admin-ui';

/**
 * Shelf prices shoppers typed that no second shopper has matched yet: each is its reporter's until approved here,
 * then it joins everyone's price book. Approvals and rejections are audited.
 */
export function PendingShelfPricesCard() {
  const query = useAdminQuery(['shelf-prices', 'pending'], moderationApi.shelfPrices);
  const invalidate = useInvalidateAdmin();
  const decide = useMutation({
    mutationFn: ({ row, isApproved }: { row: TPendingShelfPrice; isApproved: boolean }) =>
      callApi(isApproved ? moderationApi.approveShelfPrice : moderationApi.rejectShelfPrice, { params: { id: row.id } }),
    onSuccess: async (result) => {
      toast.success(result.status === 'approved' ? 'Shelf price approved' : 'Shelf price rejected');
      await invalidate(['shelf-prices']);
    },
    onError: (error) => toast.error('The shelf price was not changed', getErrorMessage(error)),
  });
  const items = query.data?.items ?? [];
  const isBusyWith = (row: TPendingShelfPrice) => decide.isPending && decide.variables?.row.id === row.id;
  return (
    <Card title="Shelf prices waiting for review">
      <QueryStatus query={query} />
      {query.data ? (
        <DataTable
          caption={`${items.length} ${items.length === 1 ? 'shelf price' : 'shelf prices'} only their reporters see`}
          rows={items}
          getRowKey={(row) => row.id}
          empty="No shelf prices waiting for review"
          columns={[
            { key: 'product', header: 'Product', render: (row) => row.productName },
            { key: 'store', header: 'Store', render: (row) => row.storeName },
            {
              key: 'price',
              header: 'Price',
              isNumeric: true,
              render: (row) => <Money cents={row.unitPriceCents} currency={row.currency} />,
            },
            { key: 'on', header: 'Seen on', render: (row) => formatDate(row.observedOn) },
            { key: 'by', header: 'By', render: (row) => row.reportedBy },
            {
              key: 'action',
              header: 'Action',
              render: (row) => (
                <div className="admin-actions">
                  <Button
                    variant="secondary"
                    isBusy={isBusyWith(row)}
                    onClick={() => decide.mutate({ row, isApproved: true })}
                    aria-label={`Approve ${row.productName} at ${row.storeName}`}
                  >
                    Approve
                  </Button>
                  <Button
                    variant="danger"
                    disabled={isBusyWith(row)}
                    onClick={() => decide.mutate({ row, isApproved: false })}
                    aria-label={`Reject ${row.productName} at ${row.storeName}`}
                  >
                    Reject
                  </Button>
                </div>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
