import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { productsApi, type TListItem, type TProduct, type TUpdateListItem } from '@cartwise/contracts';
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
  const [name, setName] = useState(item.name);
  const [note, setNote] = useState(item.note);
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [unit, setUnit] = useState(item.unit ?? '');
  const [acceptsSubstitutes, setAcceptsSubstitutes] = useState(item.accepts_substitutes);
  const [productId, setProductId] = useState<string | null>(item.product_id);
  const [picked, setPicked] = useState<TProduct | null>(null);
  const [productSearch, setProductSearch] = useState('');
  const linked = useLinkedProduct(picked ? null : productId);
  const product = picked ?? (productId ? (linked.data ?? null) : null);
  const quantityValue = Number(quantity);
  const quantityError = quantity.trim() === '' || !(quantityValue > 0) ? 'Quantity must be more than 0' : null;
  const nameError = name.trim() === '' ? 'Item name is required' : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (nameError || quantityError) return;
    onSave({
      name: name.trim(),
      note: note.trim(),
      quantity: quantityValue,
      unit: unit.trim() || null,
      accepts_substitutes: acceptsSubstitutes,
      product_id: productId,
    });
  }

  return (
    <Dialog isOpen title="Edit item" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} error={nameError} maxLength={200} required />
        <TextField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={500}
          hint="Brand, size, anything to remember"
        />
        <QuantityUnitFields
          quantity={quantity}
          quantityError={quantityError}
          onQuantityChange={setQuantity}
          unit={unit}
          unitPlaceholder="e.g. kg, pack"
          onUnitChange={setUnit}
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
          checked={acceptsSubstitutes}
          onChange={(e) => setAcceptsSubstitutes(e.target.checked)}
        />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div className="form-actions is-split">
          <Button type="submit" isBusy={isBusy} busyLabel="Saving..." disabled={Boolean(nameError || quantityError)}>
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
