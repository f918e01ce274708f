import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZCreatePantryItem, type TCreatePantryItem, type TPantryItem } from '@cartwise/contracts';
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

/** The form's fields as typed, checked with the API's own rules for a pantry item (name, quantity, unit). */
const ZPantryForm = z.object({
  name: ZCreatePantryItem.shape.name,
  qty: z.string().trim().min(1, { message: 'Enter a quantity of 0 or more' }).transform(Number).pipe(ZCreatePantryItem.shape.qty),
  unit: z.string().pipe(ZCreatePantryItem.shape.unit.unwrap()),
  expires_on: z.string(),
  householdId: z.string(),
});

export function PantryItemDialog({ item, isBusy, error, onSave, onRemove, onClose }: PantryItemDialogProps) {
  const households = useHouseholds().data?.items ?? [];
  const form = useForm({
    resolver: zodResolver(ZPantryForm),
    defaultValues: {
      name: item?.name ?? '',
      qty: item ? String(item.qty) : '1',
      unit: item?.unit ?? '',
      expires_on: item?.expires_on ?? '',
      householdId: '',
    },
  });
  const { errors, isSubmitted } = form.formState;
  const [qty, unit, householdId] = form.watch(['qty', 'unit', 'householdId']);

  const save = form.handleSubmit((values) => {
    const saved: TCreatePantryItem = { name: values.name, qty: values.qty, unit: values.unit, expires_on: values.expires_on || null };
    onSave(!item && values.householdId ? { ...saved, householdId: values.householdId } : saved);
  });

  return (
    <Dialog isOpen title={item ? 'Edit pantry item' : 'Add pantry item'} onClose={onClose}>
      <form className="form" onSubmit={(event) => void save(event)} noValidate>
        <TextField label="Name" {...form.register('name')} error={errors.name?.message} maxLength={200} autoComplete="off" required />
        <QuantityUnitFields
          quantity={qty}
          quantityError={errors.qty?.message ?? null}
          onQuantityChange={(value) => form.setValue('qty', value, { shouldValidate: isSubmitted })}
          unit={unit}
          unitPlaceholder="e.g. kg, can"
          onUnitChange={(value) => form.setValue('unit', value, { shouldValidate: isSubmitted })}
        />
        <TextField
          label="Expiry date"
          type="date"
          {...form.register('expires_on')}
          hint="Optional. Items expiring within 3 days are highlighted."
        />
        {!item && households.length > 0 ? (
          <SelectField
            label="Pantry"
            value={householdId}
            onChange={(e) => form.setValue('householdId', e.target.value)}
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
