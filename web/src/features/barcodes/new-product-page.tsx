import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useNavigate, useSearchParams } from 'react-router';
import { SIZE_UNITS, ZCreateProduct, listsApi, pantryApi, type TProduct } from '@cartwise/contracts';
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

/** Empty text as null, as the API takes an optional field. */
const orNull = z
  .string()
  .trim()
  .transform((value) => value || null);

/** The form's fields as typed, checked with the API's own rules for a new product. */
const ZNewProductForm = z.object({
  barcode: orNull.pipe(ZCreateProduct.shape.barcode.unwrap()),
  name: ZCreateProduct.shape.name,
  brand: orNull.pipe(ZCreateProduct.shape.brand.unwrap()),
  sizeValue: z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(ZCreateProduct.shape.sizeValue.unwrap()),
  sizeUnit: orNull.pipe(ZCreateProduct.shape.sizeUnit.unwrap()),
  category: orNull.pipe(ZCreateProduct.shape.category.unwrap()),
});

/** "New product", opened by a scan of an unknown code with the code filled in. */
export default function NewProductPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = params.get('returnTo') ?? '/u/check-price';
  const form = useForm({
    resolver: zodResolver(ZNewProductForm),
    defaultValues: { barcode: params.get('barcode') ?? '', name: '', brand: '', sizeValue: '', sizeUnit: '', category: '' },
  });
  const { errors } = form.formState;
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const save = form.handleSubmit(async (values) => {
    setIsBusy(true);
    setError(null);
    try {
      const product = await createProduct({
        ...values,
        // A unit means nothing without a size.
        sizeUnit: values.sizeValue === null ? null : values.sizeUnit,
      });
      const next = await addWhereScanned(product, returnTo);
      toast.success(`Added ${product.name}`);
      await navigate(next);
    } catch (err) {
      setError(getErrorMessage(err, 'Could not add the product'));
      setIsBusy(false);
    }
  });

  return (
    <div className="page">
      <PageHeader title="New product" description="Nobody has added this barcode yet. Name the product once and every scan finds it." />
      <Card>
        <form className="form" onSubmit={(event) => void save(event)} noValidate>
          <TextField
            label="Barcode"
            {...form.register('barcode')}
            error={errors.barcode?.message}
            inputMode="numeric"
            maxLength={20}
            autoComplete="off"
          />
          <TextField
            label="Product name"
            {...form.register('name')}
            error={errors.name?.message}
            maxLength={160}
            autoComplete="off"
            autoFocus
            required
          />
          <TextField label="Brand" {...form.register('brand')} error={errors.brand?.message} maxLength={80} autoComplete="off" />
          <div className="barcode-size-row">
            <TextField label="Size" type="number" min="0" step="any" {...form.register('sizeValue')} error={errors.sizeValue?.message} />
            <SelectField
              label="Unit"
              {...form.register('sizeUnit')}
              options={[{ value: '', label: '—' }, ...SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))]}
            />
          </div>
          <TextField label="Category" {...form.register('category')} error={errors.category?.message} maxLength={60} autoComplete="off" />
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
              Add product
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
