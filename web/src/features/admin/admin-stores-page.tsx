import { adminManageApi } from '@cartwise/contracts';
import { Card, DataTable, PageHeader } from '../../components';
import { formatCount, useAdminQuery } from './admin-api';
import { QueryStatus } from './admin-ui';
import { PriceBookTools } from '../splitcart/price-book-tools';
import { PendingStoresCard } from './pending-stores-card';
import './admin.css';

export default function AdminStoresPage() {
  const query = useAdminQuery(['stores'], adminManageApi.stores);
  const data = query.data;
  return (
    <div className="page">
      <PageHeader title="Stores" description="Store chains, locations and the prices Cartwise knows for them." />
      <PendingStoresCard />
      <PriceBookTools />
      <QueryStatus query={query} />
      {data ? (
        <>
          <Card title="Chains">
            <DataTable
              caption={`${data.chains.length} chains`}
              rows={data.chains}
              getRowKey={(row) => row.id}
              empty="No chains yet"
              columns={[
                { key: 'name', header: 'Chain', render: (row) => row.name },
                { key: 'locations', header: 'Locations', isNumeric: true, render: (row) => formatCount(row.location_count) },
              ]}
            />
          </Card>
          <Card title="Locations">
            <DataTable
              caption={`${data.locations.length} locations`}
              rows={data.locations}
              getRowKey={(row) => row.id}
              empty="No store locations yet"
              columns={[
                { key: 'name', header: 'Store', render: (row) => row.name },
                { key: 'chain', header: 'Chain', render: (row) => row.chain_name ?? '—' },
                { key: 'address', header: 'Address', render: (row) => [row.address, row.city].filter(Boolean).join(', ') || '—' },
                { key: 'deals', header: 'Deals', isNumeric: true, render: (row) => formatCount(row.deal_count) },
                { key: 'receipts', header: 'Receipts', isNumeric: true, render: (row) => formatCount(row.receipt_count) },
              ]}
            />
          </Card>
        </>
      ) : null}
    </div>
  );
}
