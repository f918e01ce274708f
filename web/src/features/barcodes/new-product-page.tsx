import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { SIZE_UNITS, listsApi, pantryApi, type TProduct } from '@cartwise/contracts';
import { Button, Card, FormMessage, PageHeader, SelectField, TextField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';
import { createProduct } from '../products/products-api';
import './barcodes.css';

const LIST_PATH = /^\/u\/lists\/([0-9a-f-]{36})(\/shop)?$/;

/** Adds the new product where the scan started (a list or the pantry); returns where to go next. */
async function addWhereScanned(product: TProduct, returnTo: string): Promise<string> {
  const listId = LIST_PATH.exec(returnTo)?.[1];
  if (listId) {
    await callApi(listsApi.addItem, { params: { id: listId }, body: { name: product.name, product_id: product.id } });
    return returnTo;
  }
  if (returnTo === '/u/pantry') {
    await callApi(pantryApi.create, { body: { name: product.name, qty: 1, product_id: product.id } });
    return returnTo;
  }
  return `/u/products/${product.id}`;
}

/** "New product", opened by a scan of an unknown code with the code filled in. */
export default function NewProductPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo') ?? '/u/check-price';
  const [name, setName] = useState('');
  const [brand, setBrand] = useState('');
  const [category, setCategory] = useState('');
  const [sizeValue, setSizeValue] = useState('');
  const [sizeUnit, setSizeUnit] = useState('');
  const [barcode, setBarcode] = useState(params.get('barcode') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsBusy(true);
    setError(null);
    try {
      const size = Number(sizeValue);
      const product = await createProduct({
        name,
        brand: brand || null,
        category: category || null,
        sizeValue: sizeValue && size > 0 ? size : null,
        sizeUnit: sizeValue && sizeUnit ? (sizeUnit as (typeof SIZE_UNITS)[number]) : null,
        barcode: barcode || null,
      });
      const next = await addWhereScanned(product, returnTo);
      toast.success(`Added ${product.name}`);
      await navigate(next);
    } catch (err) {
      setError(getErrorMessage(err, 'Could not add the product'));
      setIsBusy(false);
    }
  }

  return (
    <div className="page">
      <PageHeader title="New product" description="Nobody has added this barcode yet. Name the product once and every scan finds it." />
      <Card>
        <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <TextField
            label="Barcode"
            value={barcode}
            onChange={(event) => setBarcode(event.target.value)}
            inputMode="numeric"
            maxLength={20}
            autoComplete="off"
          />
          <TextField
            label="Product name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={160}
            autoComplete="off"
            autoFocus
            required
          />
          <TextField label="Brand" value={brand} onChange={(event) => setBrand(event.target.value)} maxLength={80} autoComplete="off" />
          <div className="barcode-size-row">
            <TextField
              label="Size"
              type="number"
              min="0"
              step="any"
              value={sizeValue}
              onChange={(event) => setSizeValue(event.target.value)}
            />
            <SelectField
              label="Unit"
              value={sizeUnit}
              onChange={(event) => setSizeUnit(event.target.value)}
              options={[{ value: '', label: '—' }, ...SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))]}
            />
          </div>
          <TextField
            label="Category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            maxLength={60}
            autoComplete="off"
          />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" disabled={!name.trim()} isBusy={isBusy} busyLabel="Saving...">
              Add product
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
