import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCreateChain, ZSaveStore, priceBookApi, type TCreateChain, type TPriceImportSummary, type TSaveStore } from '@cartwise/contracts';
import { Button, Card, DataTable, FormMessage, SelectField, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { useFormat } from '../../lib/use-format';
import { MergeStoreDialog } from './merge-store-dialog';

const SAMPLE = 'product,brand,size,category,chain,store,address,city,price,date,is_deal';

function ImportCard() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<TPriceImportSummary | null>(null);
  const mutation = useMutation({
    mutationFn: async (picked: File) => {
      const kind = picked.name.toLowerCase().endsWith('.json') ? 'json' : 'csv';
      return callApi(priceBookApi.importPrices, { body: { kind, content: await picked.text() } });
    },
    onSuccess: (result) => {
      setSummary(result);
      toast.success('Prices imported', `${result.imported} prices, ${result.skipped} rows skipped`);
      void queryClient.invalidateQueries({ queryKey: ['price-book'] });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => toast.error('Import failed', getErrorMessage(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) mutation.mutate(file);
  };
  return (
    <Card title="Import prices">
      <form className="stack" onSubmit={submit}>
        <p className="muted">
          CSV with the columns <code>{SAMPLE}</code> (dates as <code>2026-01-31</code>), a JSON array of the same fields, or an Open Prices
          CSV export. Stores, chains and products are created when new.
        </p>
        <label className="field">
          <span className="field-label">Price file</span>
          <input
            className="field-input"
            type="file"
            accept=".csv,.json,text/csv,application/json"
            onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
          />
        </label>
        <div>
          <Button type="submit" disabled={!file} isBusy={mutation.isPending} busyLabel="Importing...">
            Import
          </Button>
        </div>
        {summary ? (
          <FormMessage tone="success">
            {summary.format === 'open-prices' ? 'Open Prices file: ' : ''}
            {summary.imported} prices imported, {summary.createdStores} new stores, {summary.createdProducts} new products,{' '}
            {summary.skipped} rows skipped.
            {summary.errors.slice(0, 5).map((e) => ` Line ${e.line}: ${e.message}.`)}
          </FormMessage>
        ) : null}
      </form>
    </Card>
  );
}

/** The store form as typed, checked with the API's own rules (ZSaveStore); "No chain" is sent as null. */
const ZStoreForm = z
  .object({ name: z.string(), chainId: z.string(), address: z.string(), city: z.string() })
  .transform((store): z.input<typeof ZSaveStore> => ({ ...store, chainId: store.chainId || null }))
  .pipe(ZSaveStore);

const EMPTY_STORE = { name: '', chainId: '', address: '', city: '' };

function AddStoreCard({ chains }: { chains: { id: string; name: string }[] }) {
  const queryClient = useQueryClient();
  const chainForm = useForm({ resolver: zodResolver(ZCreateChain), defaultValues: { name: '' } });
  const storeForm = useForm({ resolver: zodResolver(ZStoreForm), defaultValues: EMPTY_STORE });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['price-book'] });
    void queryClient.invalidateQueries({ queryKey: ['admin'] });
    void queryClient.invalidateQueries({ queryKey: ['stores'] });
  };
  const addChain = useMutation({
    mutationFn: (chain: TCreateChain) => callApi(priceBookApi.createChain, { body: chain }),
    onSuccess: () => {
      toast.success('Chain added');
      chainForm.reset();
      refresh();
    },
    onError: (error) => toast.error('Could not add the chain', getErrorMessage(error)),
  });
  const addStore = useMutation({
    mutationFn: (store: TSaveStore) => callApi(priceBookApi.createStore, { body: store }),
    onSuccess: () => {
      toast.success('Store added');
      storeForm.reset(EMPTY_STORE);
      refresh();
    },
    onError: (error) => toast.error('Could not add the store', getErrorMessage(error)),
  });
  const submitChain = chainForm.handleSubmit((chain) => addChain.mutate(chain));
  const submitStore = storeForm.handleSubmit((store) => addStore.mutate(store));
  const storeErrors = storeForm.formState.errors;
  return (
    <Card title="Add a chain or store">
      <form className="inline-form" onSubmit={(e) => void submitChain(e)} noValidate>
        <TextField label="Chain name" {...chainForm.register('name')} error={chainForm.formState.errors.name?.message} />
        <Button type="submit" variant="secondary" isBusy={addChain.isPending}>
          Add chain
        </Button>
      </form>
      <form className="stack top-gap" onSubmit={(e) => void submitStore(e)} noValidate>
        <div className="plan-input-row">
          <TextField label="Store name" {...storeForm.register('name')} error={storeErrors.name?.message} />
          <SelectField
            label="Chain"
            {...storeForm.register('chainId')}
            error={storeErrors.chainId?.message}
            options={[{ value: '', label: 'No chain' }, ...chains.map((c) => ({ value: c.id, label: c.name }))]}
          />
          <TextField label="Address" {...storeForm.register('address')} error={storeErrors.address?.message} />
          <TextField label="City" {...storeForm.register('city')} error={storeErrors.city?.message} />
        </div>
        <div>
          <Button type="submit" isBusy={addStore.isPending}>
            Add store
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Operator tools on /admin/stores: price freshness per store, imports, and new chains and stores. */
export function PriceBookTools() {
  const format = useFormat();
  const book = useQuery({ queryKey: ['price-book'], queryFn: ({ signal }) => callApi(priceBookApi.get, { signal }) });
  const [mergingId, setMergingId] = useState<string | null>(null);
  const merging = book.data?.stores.find((store) => store.id === mergingId) ?? null;
  return (
    <div className="stack">
      <ImportCard />
      {book.data ? <AddStoreCard chains={book.data.chains} /> : null}
      {book.data ? (
        <Card title="Price freshness">
          <p className="muted">
            {book.data.productCount} products, {book.data.observationCount} prices. Prices older than {book.data.staleDays} days count as
            stale (change it in Settings).
          </p>
          <DataTable
            caption="Prices per store"
            rows={book.data.stores}
            getRowKey={(row) => row.id}
            empty="No stores yet"
            columns={[
              { key: 'store', header: 'Store', render: (row) => row.name },
              { key: 'chain', header: 'Chain', render: (row) => row.chainName ?? 'Unknown' },
              { key: 'prices', header: 'Prices', isNumeric: true, render: (row) => row.observationCount },
              { key: 'latest', header: 'Latest price', render: (row) => format.date(row.latestObservedOn) },
              { key: 'stale', header: 'Stale products', isNumeric: true, render: (row) => row.staleCount },
              {
                key: 'merge',
                header: 'Duplicate?',
                render: (row) => (
                  <div className="store-merge-cell">
                    {row.possibleDuplicateOf ? <span className="small">Looks like {row.possibleDuplicateOf.name}</span> : null}
                    <Button
                      className="btn-small"
                      variant={row.possibleDuplicateOf ? 'primary' : 'ghost'}
                      aria-label={`Merge ${row.name}…`}
                      onClick={() => setMergingId(row.id)}
                    >
                      Merge…
                    </Button>
                  </div>
                ),
              },
            ]}
          />
          <MergeStoreDialog key={mergingId} store={merging} stores={book.data.stores} onClose={() => setMergingId(null)} />
        </Card>
      ) : null}
    </div>
  );
}
