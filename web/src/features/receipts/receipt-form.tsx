import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { TCreateReceipt } from '@cartwise/contracts';
import { Button, FormMessage, TextField } from '../../components';
import { ProductPicker } from '../products/product-picker';
import { StoreNameField, type StoreSuggestion } from './store-name-field';
import {
  checkFormConsistency,
  createEmptyItem,
  resolveReceiptForm,
  type DoubtfulFields,
  type ReceiptFormValues,
} from './receipt-form-values';
import { formatMoney, getActiveFormat } from '../../lib/format';

export interface ReceiptFormProps {
  initialValues: ReceiptFormValues;
  doubtful?: DoubtfulFields;
  /** The known store the reader matched the read name to; the field says so and offers the read name back. */
  storeSuggestion?: StoreSuggestion | null;
  submitLabel: string;
  isBusy: boolean;
  serverError?: string | null;
  onSubmit: (receipt: TCreateReceipt) => void;
  onCancel?: () => void;
}

const DOUBT_HINT = 'Check this: the reader was not sure.';

/** Every field of a receipt, editable; doubtful fields are highlighted and the total is checked live. */
export function ReceiptForm({
  initialValues,
  doubtful = {},
  storeSuggestion,
  submitLabel,
  isBusy,
  serverError,
  onSubmit,
  onCancel,
}: ReceiptFormProps) {
  const form = useForm<ReceiptFormValues, unknown, TCreateReceipt>({ defaultValues: initialValues, resolver: resolveReceiptForm });
  const items = useFieldArray({ control: form.control, name: 'items', keyName: 'fieldId' });
  const [pickingFor, setPickingFor] = useState<string | null>(null);
  const values = form.watch();
  const { errors } = form.formState;
  const check = checkFormConsistency(values);
  const setItemProduct = (index: number, productId: string, productName: string) => {
    form.setValue(`items.${index}.productId`, productId);
    form.setValue(`items.${index}.productName`, productName);
  };
  const save = form.handleSubmit((receipt) => onSubmit(receipt));

  /** A field's doubt highlight, hint and error; `layoutClass` adds its place in the grid. */
  const field = (name: keyof DoubtfulFields, layoutClass?: string) => ({
    ...form.register(name),
    className: [layoutClass, doubtful[name] ? 'field-doubtful' : undefined].filter(Boolean).join(' ') || undefined,
    hint: doubtful[name] ? DOUBT_HINT : undefined,
    error: errors[name]?.message ?? null,
  });

  return (
    <form className="receipt-form stack" onSubmit={(event) => void save(event)} noValidate>
      <div className="receipt-form-grid">
        <StoreNameField
          // Registered for its ref only (the value goes through setValue), so a missing store gets focus on Save.
          inputRef={form.register('storeName').ref}
          value={values.storeName}
          onChange={(value) => form.setValue('storeName', value, { shouldValidate: form.formState.isSubmitted })}
          suggestion={storeSuggestion}
          className={doubtful.storeName ? 'field-doubtful' : undefined}
          hint={doubtful.storeName ? DOUBT_HINT : undefined}
          error={errors.storeName?.message ?? null}
        />
        <TextField label="Date" type="date" {...field('date')} />
        <TextField label="Time" type="time" {...field('time')} />
        <TextField label="Address" autoComplete="off" {...field('storeAddress', 'receipt-address')} />
      </div>

      <fieldset className="fieldset receipt-items">
        <legend className="section-title">Items</legend>
        {items.fields.length === 0 ? <p className="muted">No items yet.</p> : null}
        {items.fields.map((row, index) => {
          const item = values.items[index] ?? row;
          const itemErrors = errors.items?.[index];
          return (
            <div key={row.fieldId} className={['receipt-item-row', item.isDoubtful ? 'is-doubtful' : ''].join(' ')}>
              <TextField
                className="receipt-item-name"
                label={
                  <>
                    Name<span className="visually-hidden"> of item {index + 1}</span>
                  </>
                }
                {...form.register(`items.${index}.name`)}
                hint={item.isDoubtful ? DOUBT_HINT : undefined}
                error={itemErrors?.name?.message ?? null}
              />
              <TextField
                label={
                  <>
                    Qty<span className="visually-hidden"> of item {index + 1}</span>
                  </>
                }
                inputMode="decimal"
                {...form.register(`items.${index}.quantity`)}
                error={itemErrors?.quantity?.message ?? null}
              />
              <TextField
                label={
                  <>
                    Price<span className="visually-hidden"> of item {index + 1}</span>
                  </>
                }
                inputMode="decimal"
                {...form.register(`items.${index}.price`)}
                error={itemErrors?.price?.message ?? null}
              />
              <TextField
                label={
                  <>
                    Discount<span className="visually-hidden"> of item {index + 1}</span>
                  </>
                }
                inputMode="decimal"
                placeholder="0.00"
                {...form.register(`items.${index}.discount`)}
                error={itemErrors?.discount?.message ?? null}
              />
              <div className="receipt-item-product">
                <span className="small muted">Product: </span>
                <span className="small">{item.productName ?? 'new product from this line'}</span>{' '}
                <Button variant="ghost" className="btn-small" onClick={() => setPickingFor(pickingFor === item.key ? null : item.key)}>
                  {item.productId ? 'Change' : 'Link'}
                  <span className="visually-hidden"> product for item {index + 1}</span>
                </Button>
                <Button variant="ghost" className="btn-small" onClick={() => items.remove(index)}>
                  Remove<span className="visually-hidden"> item {index + 1}</span>
                </Button>
              </div>
              {pickingFor === item.key ? (
                <ProductPicker
                  initialQuery={item.productName ?? item.name}
                  onCancel={() => setPickingFor(null)}
                  onPick={(product) => {
                    setItemProduct(index, product.id, product.name);
                    setPickingFor(null);
                  }}
                />
              ) : null}
            </div>
          );
        })}
        <div>
          <Button variant="secondary" className="btn-small" onClick={() => items.append(createEmptyItem())}>
            Add item
          </Button>
        </div>
      </fieldset>

      <div className="receipt-form-grid">
        <TextField label="Subtotal" inputMode="decimal" {...field('subtotal')} />
        <TextField label="Tax" inputMode="decimal" {...field('tax')} />
        <TextField label="Total" inputMode="decimal" {...field('total')} />
        <TextField label="Payment" autoComplete="off" {...field('payment')} />
      </div>

      <p className={`receipt-check ${check.isConsistent ? 'is-ok' : 'is-off'}`} role="status">
        {check.total === null
          ? `Items, discounts and tax add up to ${formatMoney(check.expected, getActiveFormat())}; enter the total to check it.`
          : check.isConsistent
            ? `Items, discounts and tax add up to the total (${formatMoney(check.expected, getActiveFormat())}).`
            : `Items, discounts and tax add up to ${formatMoney(check.expected, getActiveFormat())}, but the total is ${formatMoney(check.total, getActiveFormat())}: check the lines.`}
      </p>

      {serverError ? <FormMessage tone="error">{serverError}</FormMessage> : null}
      <div className="form-actions">
        <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
