import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { listsApi, shelfPricesApi, type TProduct, getLocalTodayIso } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, SelectField, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { parseDecimalInput } from '../../lib/format';
import { useFormat } from '../../lib/use-format';
import { useLists } from '../lists/lists-api';
import { useStores } from '../stores/use-stores';

/** "Add to list": the product goes on the chosen list, linked, so plans price it exactly. */
function AddToListDialog({ product, onClose }: { product: TProduct; onClose: () => void }) {
  const lists = useLists();
  const queryClient = useQueryClient();
  const [listId, setListId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const options = lists.data?.items ?? [];
  const chosen = listId || options[0]?.id || '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    setIsBusy(true);
    setError(null);
    try {
      await callApi(listsApi.addItem, { params: { id: chosen }, body: { name: product.name, product_id: product.id } });
      void queryClient.invalidateQueries({ queryKey: ['lists'] });
      toast.success('Added to list', `${product.name} is on ${options.find((l) => l.id === chosen)?.name ?? 'your list'}.`);
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'Could not add it to the list'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dialog isOpen title="Add to list" onClose={onClose}>
      {lists.isPending ? <p className="muted">Loading your lists...</p> : null}
      {lists.data && options.length === 0 ? <p>You have no lists yet. Make one on the Lists page first.</p> : null}
      {options.length > 0 ? (
        <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <SelectField
            label="List"
            options={options.map((list) => ({ value: list.id, label: list.name }))}
            value={chosen}
            onChange={(event) => setListId(event.target.value)}
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" isBusy={isBusy} busyLabel="Adding...">
              Add {product.name}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}

/** "Enter the shelf price": the shopper's own reading at a store on a day. */
function ShelfPriceDialog({ product, onClose }: { product: TProduct; onClose: () => void }) {
  const stores = useStores();
  const { settings } = useFormat();
  const queryClient = useQueryClient();
  const [storeId, setStoreId] = useState('');
  const [price, setPrice] = useState('');
  const [observedOn, setObservedOn] = useState(getLocalTodayIso);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const options = stores.data?.items ?? [];

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const amount = parseDecimalInput(price);
    if (!storeId) return setError('Choose the store');
    if (amount === null || amount <= 0) return setError('Enter the price on the shelf tag, e.g. 2.49');
    setIsBusy(true);
    setError(null);
    try {
      const result = await callApi(shelfPricesApi.report, { params: { id: product.id }, body: { storeId, price: amount, observedOn } });
      void queryClient.invalidateQueries({ queryKey: ['products', 'history', product.id] });
      toast.success(
        'Shelf price saved',
        result.status === 'approved'
          ? 'Another shopper saw the same price: everyone sees it now.'
          : 'You see it now; others will once it is confirmed.',
      );
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'Could not save the price'));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Dialog isOpen title="Enter the shelf price" onClose={onClose} description="Yours at once; other shoppers see it once it is confirmed.">
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <SelectField
          label="Store"
          options={[
            { value: '', label: stores.isPending ? 'Loading stores...' : 'Choose a store' },
            ...options.map((s) => ({ value: s.id, label: s.name })),
          ]}
          value={storeId}
          onChange={(event) => setStoreId(event.target.value)}
        />
        <TextField
          label="Price"
          hint={`Per item in ${settings.currency}, as on the tag`}
          inputMode="decimal"
          autoComplete="off"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
        <TextField
          label="Date"
          type="date"
          value={observedOn}
          max={getLocalTodayIso()}
          onChange={(event) => setObservedOn(event.target.value)}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
            Save price
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The product page's two actions: put it on a list, or record the price on the shelf. */
export function ProductActions({ product }: { product: TProduct }) {
  const [open, setOpen] = useState<'list' | 'price' | null>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen('list')}>
        Add to list
      </Button>
      <Button variant="secondary" onClick={() => setOpen('price')}>
        Enter the shelf price
      </Button>
      {open === 'list' ? <AddToListDialog product={product} onClose={() => setOpen(null)} /> : null}
      {open === 'price' ? <ShelfPriceDialog product={product} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
