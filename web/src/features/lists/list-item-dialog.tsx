import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { productsApi, ZCreateListItem, type TListItem, type TProduct, type TUpdateListItem } from '@cartwise/contracts';
import { Button, Checkbox, Dialog, FormMessage, QuantityUnitFields, TextField } from '../../components';
import { callApi } from '../../lib/api-client';
import { ProductCombobox } from './product-combobox';
import { describeProduct } from './product-search';

function useLinkedProduct(productId: string | null) {
  return useQuery({
    queryKey: ['products', productId],
    queryFn: () => callApi(productsApi.detail, { params: { id: productId ?? '' } }),
    enabled: productId !== null,
  });
}

/** The form's fields as typed, checked with the API's own rules for a list item (name, note, quantity, unit). */
const ZListItemForm = z.object({
  name: ZCreateListItem.shape.name,
  note: ZCreateListItem.shape.note.unwrap(),
  quantity: z
    .string()
    .trim()
    .min(1, { message: 'Quantity must be more than 0' })
    .transform(Number)
    .pipe(ZCreateListItem.shape.quantity.unwrap()),
  unit: z.string().pipe(ZCreateListItem.shape.unit.unwrap().unwrap()),
  accepts_substitutes: z.boolean(),
});

export interface ListItemDialogProps {
  item: TListItem;
  isBusy: boolean;
  error: string | null;
  onSave: (patch: TUpdateListItem) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Edit one item: name, note, quantity and unit (used by the split-cart planner), substitutes, or remove it. */
export function ListItemDialog({ item, isBusy, error, onSave, onRemove, onClose }: ListItemDialogProps) {
  const form = useForm({
    resolver: zodResolver(ZListItemForm),
    defaultValues: {
      name: item.name,
      note: item.note,
      quantity: String(item.quantity),
      unit: item.unit ?? '',
      accepts_substitutes: item.accepts_substitutes,
    },
  });
  const { errors, isSubmitted } = form.formState;
  const [quantity, unit] = form.watch(['quantity', 'unit']);
  const [productId, setProductId] = useState<string | null>(item.product_id);
  const [picked, setPicked] = useState<TProduct | null>(null);
  const [productSearch, setProductSearch] = useState('');
  const linked = useLinkedProduct(picked ? null : productId);
  const product = picked ?? (productId ? (linked.data ?? null) : null);

  const save = form.handleSubmit((values) => {
    onSave({
      name: values.name,
      note: values.note,
      quantity: values.quantity,
      unit: values.unit || null,
      accepts_substitutes: values.accepts_substitutes,
      product_id: productId,
    });
  });

  return (
    <Dialog isOpen title="Edit item" onClose={onClose}>
      <form className="form" onSubmit={(event) => void save(event)} noValidate>
        <TextField label="Name" {...form.register('name')} error={errors.name?.message} maxLength={200} required />
        <TextField
          label="Note"
          {...form.register('note')}
          error={errors.note?.message}
          maxLength={500}
          hint="Brand, size, anything to remember"
        />
        <QuantityUnitFields
          quantity={quantity}
          quantityError={errors.quantity?.message ?? null}
          onQuantityChange={(value) => form.setValue('quantity', value, { shouldValidate: isSubmitted })}
          unit={unit}
          unitPlaceholder="e.g. kg, pack"
          onUnitChange={(value) => form.setValue('unit', value, { shouldValidate: isSubmitted })}
        />
        <div className="field">
          {product ? (
            <p className="linked-product">
              Product: <strong>{product.name}</strong> <span className="muted small">{describeProduct(product)}</span>{' '}
              <Button variant="ghost" className="btn-small" onClick={() => (setProductId(null), setPicked(null))}>
                Unlink
              </Button>
            </p>
          ) : (
            <ProductCombobox
              label="Link to a product"
              isLabelVisible
              value={productSearch}
              onChange={setProductSearch}
              onPick={(chosen) => {
                setPicked(chosen);
                setProductId(chosen.id);
                setProductSearch('');
              }}
              placeholder="Search products to compare prices"
            />
          )}
        </div>
        <Checkbox
          label="Substitutes are fine"
          description="A similar product at a better price is OK."
          {...form.register('accepts_substitutes')}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div className="form-actions is-split">
          <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
            Save
          </Button>
          <Button variant="danger" onClick={onRemove} disabled={isBusy}>
            Remove item
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
