import { useState, type FormEvent } from 'react';
import type { TCreatePantryItem, TPantryItem } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, QuantityUnitFields, SelectField, TextField } from '../../components';
import { useHouseholds } from '../households/households-api';

export interface PantryItemDialogProps {
  /** The item being edited, or null to add a new one. */
  item: TPantryItem | null;
  isBusy: boolean;
  error: string | null;
  onSave: (values: TCreatePantryItem) => void;
  onRemove?: () => void;
  onClose: () => void;
}

export function PantryItemDialog({ item, isBusy, error, onSave, onRemove, onClose }: PantryItemDialogProps) {
  const [name, setName] = useState(item?.name ?? '');
  const [qty, setQty] = useState(item ? String(item.qty) : '1');
  const [unit, setUnit] = useState(item?.unit ?? '');
  const [expiresOn, setExpiresOn] = useState(item?.expires_on ?? '');
  const [isSubmitted, setIsSubmitted] = useState(false);
  const households = useHouseholds().data?.items ?? [];
  const [householdId, setHouseholdId] = useState('');
  const qtyValue = Number(qty);
  const nameError = name.trim() === '' ? 'Item name is required' : null;
  const qtyError = qty.trim() === '' || !Number.isFinite(qtyValue) || qtyValue < 0 ? 'Enter a quantity of 0 or more' : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSubmitted(true);
    if (nameError || qtyError) return;
    const values: TCreatePantryItem = { name: name.trim(), qty: qtyValue, unit: unit.trim(), expires_on: expiresOn || null };
    onSave(!item && householdId ? { ...values, householdId } : values);
  }

  return (
    <Dialog isOpen title={item ? 'Edit pantry item' : 'Add pantry item'} onClose={onClose}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={isSubmitted ? nameError : null}
          maxLength={200}
          autoComplete="off"
          required
        />
        <QuantityUnitFields
          quantity={qty}
          quantityError={isSubmitted ? qtyError : null}
          onQuantityChange={setQty}
          unit={unit}
          unitPlaceholder="e.g. kg, can"
          onUnitChange={setUnit}
        />
        <TextField
          label="Expiry date"
          type="date"
          value={expiresOn}
          onChange={(e) => setExpiresOn(e.target.value)}
          hint="Optional. Items expiring within 3 days are highlighted."
        />
        {!item && households.length > 0 ? (
          <SelectField
            label="Pantry"
            value={householdId}
            onChange={(e) => setHouseholdId(e.target.value)}
            options={[{ value: '', label: 'Mine' }, ...households.map((h) => ({ value: h.id, label: `${h.name} (household)` }))]}
          />
        ) : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div className="form-actions is-split">
          <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
            {item ? 'Save' : 'Add item'}
          </Button>
          {onRemove ? (
            <Button variant="danger" onClick={onRemove} disabled={isBusy}>
              Remove item
            </Button>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
