import { useState, type FormEvent } from 'react';
import type { TCreateReceipt } from '@cartwise/contracts';
import { Button, FormMessage, TextField } from '../../components';
import { ProductPicker } from '../products/product-picker';
import { StoreNameField, type StoreSuggestion } from './store-name-field';
import {
  checkFormConsistency,
  createEmptyItem,
  toCreateReceipt,
  type DoubtfulFields,
  type FormErrors,
  type ItemFormValue,
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
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [pickingFor, setPickingFor] = useState<string | null>(null);
  const check = checkFormConsistency(values);

  const setField = (name: keyof Omit<ReceiptFormValues, 'items'>, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const setItem = (key: string, patch: Partial<ItemFormValue>) =>
    setValues((current) => ({ ...current, items: current.items.map((item) => (item.key === key ? { ...item, ...patch } : item)) }));
  const removeItem = (key: string) => setValues((current) => ({ ...current, items: current.items.filter((item) => item.key !== key) }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const result = toCreateReceipt(values);
    setErrors(result.errors);
    if (result.receipt) onSubmit(result.receipt);
  }

  /** A field's doubt highlight, hint and error; `layoutClass` adds its place in the grid. */
  const field = (name: keyof DoubtfulFields, layoutClass?: string) => ({
    className: [layoutClass, doubtful[name] ? 'field-doubtful' : undefined].filter(Boolean).join(' ') || undefined,
    hint: doubtful[name] ? DOUBT_HINT : undefined,
    error: errors[name] ?? null,
  });

  return (
    <form className="receipt-form stack" onSubmit={handleSubmit} noValidate>
      <div className="receipt-form-grid">
        <StoreNameField
          value={values.storeName}
          onChange={(value) => setField('storeName', value)}
          suggestion={storeSuggestion}
          {...field('storeName')}
        />
        <TextField label="Date" type="date" value={values.date} onChange={(e) => setField('date', e.target.value)} {...field('date')} />
        <TextField label="Time" type="time" value={values.time} onChange={(e) => setField('time', e.target.value)} {...field('time')} />
        <TextField
          label="Address"
          value={values.storeAddress}
          onChange={(e) => setField('storeAddress', e.target.value)}
          autoComplete="off"
          {...field('storeAddress', 'receipt-address')}
        />
      </div>

      <fieldset className="fieldset receipt-items">
        <legend className="section-title">Items</legend>
        {values.items.length === 0 ? <p className="muted">No items yet.</p> : null}
        {values.items.map((item, index) => (
          <div key={item.key} className={['receipt-item-row', item.isDoubtful ? 'is-doubtful' : ''].join(' ')}>
            <TextField
              className="receipt-item-name"
              label={
                <>
                  Name<span className="visually-hidden"> of item {index + 1}</span>
                </>
              }
              value={item.name}
              onChange={(e) => setItem(item.key, { name: e.target.value })}
              hint={item.isDoubtful ? DOUBT_HINT : undefined}
              error={errors[`item-${item.key}-name`] ?? null}
            />
            <TextField
              label={
                <>
                  Qty<span className="visually-hidden"> of item {index + 1}</span>
                </>
              }
              inputMode="decimal"
              value={item.quantity}
              onChange={(e) => setItem(item.key, { quantity: e.target.value })}
              error={errors[`item-${item.key}-quantity`] ?? null}
            />
            <TextField
              label={
                <>
                  Price<span className="visually-hidden"> of item {index + 1}</span>
                </>
              }
              inputMode="decimal"
              value={item.price}
              onChange={(e) => setItem(item.key, { price: e.target.value })}
              error={errors[`item-${item.key}-price`] ?? null}
            />
            <TextField
              label={
                <>
                  Discount<span className="visually-hidden"> of item {index + 1}</span>
                </>
              }
              inputMode="decimal"
              value={item.discount}
              placeholder="0.00"
              onChange={(e) => setItem(item.key, { discount: e.target.value })}
              error={errors[`item-${item.key}-discount`] ?? null}
            />
            <div className="receipt-item-product">
              <span className="small muted">Product: </span>
              <span className="small">{item.productName ?? 'new product from this line'}</span>{' '}
              <Button variant="ghost" className="btn-small" onClick={() => setPickingFor(pickingFor === item.key ? null : item.key)}>
                {item.productId ? 'Change' : 'Link'}
                <span className="visually-hidden"> product for item {index + 1}</span>
              </Button>
              <Button variant="ghost" className="btn-small" onClick={() => removeItem(item.key)}>
                Remove<span className="visually-hidden"> item {index + 1}</span>
              </Button>
            </div>
            {pickingFor === item.key ? (
              <ProductPicker
                initialQuery={item.productName ?? item.name}
                onCancel={() => setPickingFor(null)}
                onPick={(product) => {
                  setItem(item.key, { productId: product.id, productName: product.name });
                  setPickingFor(null);
                }}
              />
            ) : null}
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            className="btn-small"
            onClick={() => setValues((current) => ({ ...current, items: [...current.items, createEmptyItem()] }))}
          >
            Add item
          </Button>
        </div>
      </fieldset>

      <div className="receipt-form-grid">
        <TextField
          label="Subtotal"
          inputMode="decimal"
          value={values.subtotal}
          onChange={(e) => setField('subtotal', e.target.value)}
          {...field('subtotal')}
        />
        <TextField label="Tax" inputMode="decimal" value={values.tax} onChange={(e) => setField('tax', e.target.value)} {...field('tax')} />
        <TextField
          label="Total"
          inputMode="decimal"
          value={values.total}
          onChange={(e) => setField('total', e.target.value)}
          {...field('total')}
        />
        <TextField
          label="Payment"
          value={values.payment}
          onChange={(e) => setField('payment', e.target.value)}
          autoComplete="off"
          {...field('payment')}
        />
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
