import type { FieldErrors, ResolverResult } from 'react-hook-form';
import { ZCreateReceipt, type TCreateReceipt, type TReceipt, type TReceiptDraft } from '@cartwise/contracts';
import { formatDecimalInput, getActiveFormat } from '../../lib/format';

/** Below this confidence a read field is highlighted for the user to check. */
export const DOUBTFUL_CONFIDENCE = 0.6;

export interface ItemFormValue {
  key: string;
  name: string;
  quantity: string;
  price: string;
  discount: string;
  productId: string | null;
  productName: string | null;
  isDoubtful: boolean;
}

export interface ReceiptFormValues {
  storeName: string;
  storeAddress: string;
  payment: string;
  date: string;
  time: string;
  subtotal: string;
  tax: string;
  total: string;
  items: ItemFormValue[];
}

export type DoubtfulFields = Partial<
  Record<'storeName' | 'storeAddress' | 'payment' | 'date' | 'time' | 'subtotal' | 'tax' | 'total', boolean>
>;

let keyCounter = 0;
export function createItemKey(): string {
  keyCounter += 1;
  return `item-${keyCounter}`;
}

/** An amount as its field shows it, with the shopper's decimal mark ("1,38" in German); parseAmount reads both. */
const toText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : formatDecimalInput(value, getActiveFormat());

export function createEmptyItem(): ItemFormValue {
  return { key: createItemKey(), name: '', quantity: '1', price: '', discount: '', productId: null, productName: null, isDoubtful: false };
}

type ItemSource = Pick<TReceipt['items'][number], 'name' | 'quantity' | 'price' | 'discount' | 'productId' | 'productName'>;

function toItemFormValue(item: ItemSource, isDoubtful: boolean): ItemFormValue {
  return {
    key: createItemKey(),
    name: item.name,
    quantity: String(item.quantity),
    price: toText(item.price),
    discount: item.discount > 0 ? toText(item.discount) : '',
    productId: item.productId,
    productName: item.productName,
    isDoubtful,
  };
}

export function createEmptyValues(today: string): ReceiptFormValues {
  return {
    storeName: '',
    storeAddress: '',
    payment: '',
    date: today,
    time: '',
    subtotal: '',
    tax: '',
    total: '',
    items: [createEmptyItem()],
  };
}

export function fromDraft(draft: TReceiptDraft, today: string): { values: ReceiptFormValues; doubtful: DoubtfulFields } {
  const isDoubtful = (field: { value: unknown; confidence: number }) => field.value === null || field.confidence < DOUBTFUL_CONFIDENCE;
  return {
    values: {
      storeName: draft.storeName.value ?? '',
      storeAddress: draft.storeAddress.value ?? '',
      payment: draft.payment.value ?? '',
      date: draft.date.value ?? today,
      time: draft.time.value ?? '',
      subtotal: toText(draft.subtotal.value),
      tax: toText(draft.tax.value),
      total: toText(draft.total.value),
      items: draft.items.map((item) => toItemFormValue(item, item.confidence < DOUBTFUL_CONFIDENCE)),
    },
    doubtful: {
      storeName: isDoubtful(draft.storeName),
      storeAddress: draft.storeAddress.value !== null && draft.storeAddress.confidence < DOUBTFUL_CONFIDENCE,
      payment: draft.payment.value !== null && draft.payment.confidence < DOUBTFUL_CONFIDENCE,
      date: isDoubtful(draft.date),
      time: draft.time.value !== null && draft.time.confidence < DOUBTFUL_CONFIDENCE,
      subtotal: draft.subtotal.value !== null && draft.subtotal.confidence < DOUBTFUL_CONFIDENCE,
      tax: draft.tax.value !== null && draft.tax.confidence < DOUBTFUL_CONFIDENCE,
      total: isDoubtful(draft.total),
    },
  };
}

export function fromReceipt(receipt: TReceipt): ReceiptFormValues {
  return {
    storeName: receipt.storeName,
    storeAddress: receipt.storeAddress ?? '',
    payment: receipt.payment ?? '',
    date: receipt.date ?? '',
    time: receipt.time ?? '',
    subtotal: toText(receipt.subtotal),
    tax: toText(receipt.tax),
    total: toText(receipt.total),
    items: receipt.items.map((item) => toItemFormValue(item, false)),
  };
}

function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[$€£\s]/g, '').replace(',', '.');
  if (cleaned === '') return null;
  const value = Number(cleaned);
  return Number.isFinite(value) ? Math.round(value * 100) / 100 : Number.NaN;
}

/** items - discounts + tax against the total, as on a till slip. */
export function checkFormConsistency(values: ReceiptFormValues): { expected: number; total: number | null; isConsistent: boolean } {
  const lines = values.items.filter((item) => item.name.trim() || item.price.trim());
  const sum = (pick: (item: ItemFormValue) => string) => lines.reduce((acc, item) => acc + (parseAmount(pick(item)) || 0), 0);
  const expected = Math.round((sum((item) => item.price) - sum((item) => item.discount) + (parseAmount(values.tax) || 0)) * 100) / 100;
  const total = parseAmount(values.total);
  const hasTotal = total !== null && !Number.isNaN(total);
  return { expected, total: hasTotal ? total : null, isConsistent: hasTotal && Math.abs(expected - total) <= 0.011 };
}

export type FormErrors = Partial<Record<string, string>>;

/** The API body, or the first problems to show beside their fields. */
export function toCreateReceipt(values: ReceiptFormValues): { receipt: TCreateReceipt | null; errors: FormErrors } {
  const errors: FormErrors = {};
  if (!values.storeName.trim()) errors.storeName = 'Enter the store name';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) errors.date = 'Enter the date of purchase';
  const total = parseAmount(values.total);
  if (total === null || Number.isNaN(total)) errors.total = 'Enter the total';
  const optional = (name: 'subtotal' | 'tax') => {
    const value = parseAmount(values[name]);
    if (Number.isNaN(value)) errors[name] = 'Enter an amount like 1.25';
    return value === null || Number.isNaN(value) ? null : value;
  };
  const subtotal = optional('subtotal');
  const tax = optional('tax');
  const items = values.items
    .filter((item) => item.name.trim() || item.price.trim())
    .map((item) => {
      const price = parseAmount(item.price);
      const quantity = Number(item.quantity.replace(',', '.'));
      const discount = parseAmount(item.discount);
      if (!item.name.trim()) errors[`item-${item.key}-name`] = 'Enter the item name';
      if (price === null || Number.isNaN(price)) errors[`item-${item.key}-price`] = 'Enter the price';
      if (!(quantity > 0)) errors[`item-${item.key}-quantity`] = 'Quantity must be more than 0';
      if (Number.isNaN(discount) || (discount !== null && discount < 0)) errors[`item-${item.key}-discount`] = 'Enter a discount like 0.50';
      return {
        name: item.name.trim(),
        quantity: quantity > 0 ? quantity : 1,
        price: price || 0,
        discount: discount || 0,
        productId: item.productId,
      };
    });
  if (Object.keys(errors).length > 0) return { receipt: null, errors };
  return {
    receipt: {
      storeName: values.storeName.trim(),
      storeAddress: values.storeAddress.trim() || null,
      payment: values.payment.trim() || null,
      date: values.date,
      time: values.time || null,
      subtotal,
      tax,
      total: total ?? 0,
      items,
    },
    errors,
  };
}

type ItemField = 'name' | 'quantity' | 'price' | 'discount';
type ReceiptFieldErrors = FieldErrors<ReceiptFormValues>;

function placeError(errors: ReceiptFieldErrors, path: (string | number)[], message: string): void {
  const [head, index, field] = path;
  if (head === 'items' && typeof index === 'number' && typeof field === 'string') {
    const items = (errors.items ??= []) as unknown as Record<number, Record<string, unknown>>;
    const row = (items[index] ??= {});
    row[field] ??= { type: 'validate', message };
    return;
  }
  const record = errors as Record<string, unknown>;
  if (typeof head === 'string' && head !== 'items') record[head] ??= { type: 'validate', message };
}

/**
 * react-hook-form's resolver for the receipt form: the typed text is parsed as toCreateReceipt does (amounts with a
 * currency sign or a decimal comma), then the result is checked with the API's own ZCreateReceipt; every problem is
 * placed on its field (items by their row), so the form shows exactly what the server would refuse.
 */
export function resolveReceiptForm(values: ReceiptFormValues): ResolverResult<ReceiptFormValues, TCreateReceipt> {
  const errors: ReceiptFieldErrors = {};
  const { receipt, errors: typed } = toCreateReceipt(values);
  for (const [name, message] of Object.entries(typed)) {
    if (!message) continue;
    const item = /^item-(.+)-(name|quantity|price|discount)$/.exec(name);
    if (!item) placeError(errors, [name], message);
    else placeError(errors, ['items', values.items.findIndex((row) => row.key === item[1]), item[2] as ItemField], message);
  }
  if (receipt) {
    // The receipt's items are the rows with a name or a price: map each back to its row in the form.
    const rows = values.items.flatMap((row, index) => (row.name.trim() || row.price.trim() ? [index] : []));
    const checked = ZCreateReceipt.safeParse(receipt);
    if (checked.success) return { values: receipt, errors: {} };
    for (const issue of checked.error.issues) {
      const [head, index, field] = issue.path;
      if (head === 'items' && typeof index === 'number')
        placeError(errors, ['items', rows[index] ?? 0, String(field ?? 'name')], issue.message);
      else placeError(errors, [String(head ?? 'storeName')], issue.message);
    }
  }
  return { values: {}, errors };
}
