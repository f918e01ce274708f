import { useState, type FormEvent } from 'react';
import { adminManageApi, priceBookApi, type TAdminStores } from '@cartwise/contracts';
import { Button, Card, Checkbox, DataTable, PageHeader, TextField, toast } from '../../components';
import { callApi } from '../../lib/api-client';
import { formatCount, useAdminAction, useAdminQuery, useInvalidateAdmin } from './admin-api';
import { Pager, QueryStatus } from './admin-ui';
import { PriceBookTools } from '../splitcart/price-book-tools';
import { PendingStoresCard } from './pending-stores-card';
import './admin.css';

const PAGE_SIZE = 50;
const REASONS = { address: 'same chain and address', phone: 'same phone number', name: 'a name a misreading apart' } as const;

type Location = TAdminStores['locations'][number];
type Chain = TAdminStores['chains'][number];

/** Merges a duplicate into the record it looks like, after a confirmation that says what moves. */
function MergeButton({ label, confirmText, run }: { label: string; confirmText: string; run: () => Promise<string> }) {
  // The visible word stays short so the row fits a phone; the name says into what.
  const { isBusy, runAction } = useAdminAction();
  const invalidate = useInvalidateAdmin();
  async function handleClick() {
    if (!window.confirm(confirmText)) return;
    await runAction('The merge did not happen', async () => {
      toast.success('Merged', await run());
      await invalidate(['stores']);
    });
  }
  return (
    <Button variant="secondary" className="btn-small" isBusy={isBusy} onClick={handleClick} aria-label={label}>
      Merge
    </Button>
  );
}

function LocationDuplicate({ row }: { row: Location }) {
  const twin = row.possible_duplicate_of;
  if (!twin) return <span className="muted">—</span>;
  return (
    <span className="admin-user-cell">
      <span>
        Looks like {twin.name} ({REASONS[twin.reason]})
      </span>
      <MergeButton
        label={`Merge into ${twin.name}`}
        confirmText={`Merge ${row.name} into ${twin.name}? Its receipts, prices, deals and home-store picks move there and ${row.name} is deleted.`}
        run={async () => {
          const summary = await callApi(priceBookApi.mergeStore, { params: { id: row.id }, body: { intoId: twin.id } });
          return `${row.name} joined ${twin.name}: ${summary.receipts} receipts, ${summary.prices} prices, ${summary.deals} deals.`;
        }}
      />
    </span>
  );
}

function ChainDuplicate({ row }: { row: Chain }) {
  const into = row.possible_duplicate_of;
  if (!into) return <span className="muted">—</span>;
  return (
    <MergeButton
      label={`Merge into ${into.name}`}
      confirmText={`Merge the chain ${row.name} into ${into.name}? Its locations and learned item names move there and ${row.name} is deleted.`}
      run={async () => {
        const summary = await callApi(priceBookApi.mergeChain, { params: { id: row.id }, body: { intoId: into.id } });
        return `${row.name} joined ${into.name}: ${summary.locations} locations, ${summary.aliases} item names.`;
      }}
    />
  );
}

export default function AdminStoresPage() {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [isDuplicatesOnly, setIsDuplicatesOnly] = useState(false);
  const [page, setPage] = useState(1);
  const query = useAdminQuery(['stores', search, isDuplicatesOnly, page], adminManageApi.stores, {
    query: { page, page_size: PAGE_SIZE, q: search || undefined, duplicates: isDuplicatesOnly ? 'true' : undefined },
  });
  const data = query.data;

  function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  return (
    <div className="page">
      <PageHeader title="Stores" description="Store chains, locations and the prices Cartwise knows for them; merge the duplicates." />
      <PendingStoresCard />
      <PriceBookTools />
      <Card title="Locations">
        <form className="admin-toolbar" role="search" onSubmit={handleSearch}>
          <TextField
            label="Search by name, address, city or chain"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
        <Checkbox
          label="Only likely duplicates"
          checked={isDuplicatesOnly}
          onChange={(e) => {
            setIsDuplicatesOnly(e.target.checked);
            setPage(1);
          }}
        />
        <QueryStatus query={query} />
        {data ? (
          <>
            <DataTable
              caption={`${formatCount(data.total)} locations`}
              rows={data.locations}
              getRowKey={(row) => row.id}
              empty={search || isDuplicatesOnly ? 'No location matches' : 'No store locations yet'}
              columns={[
                { key: 'name', header: 'Store', render: (row) => row.name },
                { key: 'chain', header: 'Chain', render: (row) => row.chain_name ?? '—' },
                { key: 'address', header: 'Address', render: (row) => [row.address, row.city].filter(Boolean).join(', ') || '—' },
                { key: 'deals', header: 'Deals', isNumeric: true, render: (row) => formatCount(row.deal_count) },
                { key: 'receipts', header: 'Receipts', isNumeric: true, render: (row) => formatCount(row.receipt_count) },
                { key: 'duplicate', header: 'Duplicate?', render: (row) => <LocationDuplicate row={row} /> },
              ]}
            />
            <Pager label="Locations" page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
          </>
        ) : null}
      </Card>
      {data ? (
        <Card title="Chains">
          <DataTable
            caption={`${data.chains.length} chains`}
            rows={data.chains}
            getRowKey={(row) => row.id}
            empty="No chains yet"
            columns={[
              { key: 'name', header: 'Chain', render: (row) => row.name },
              { key: 'locations', header: 'Locations', isNumeric: true, render: (row) => formatCount(row.location_count) },
              { key: 'duplicate', header: 'Duplicate?', render: (row) => <ChainDuplicate row={row} /> },
            ]}
          />
        </Card>
      ) : null}
    </div>
  );
}
