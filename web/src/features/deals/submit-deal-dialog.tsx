import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  DEAL_SUBMISSIONS_OFF_MESSAGE,
  ZCreateDeal,
  describeDealLimit,
  type TCreateDeal,
  type TCreateDealParsed,
} from '@cartwise/contracts';
import { Button, Dialog, FormMessage, SearchableSelect, TextAreaField, TextField, toast } from '../../components';
import { getErrorMessage, isApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { useDealProducts, useDealStores, useSubmitDeal } from './deals-api';

const OTHER_STORE = '__other__';
const NO_PRODUCT = '__none__';
const FIELDS = ['title', 'description', 'price', 'originalPrice', 'storeId', 'storeName', 'endDate', 'productId'] as const;

/**
 * The fields as typed, checked with the API's own rules (ZCreateDeal: required title, description, price and
 * store; sale price not above the original). "Other store" sends the typed store name instead of an id.
 */
const ZDealForm = z
  .object(Object.fromEntries(FIELDS.map((field) => [field, z.string()])) as Record<(typeof FIELDS)[number], z.ZodString>)
  .transform(({ storeId, storeName, ...rest }): TCreateDeal => (storeId === OTHER_STORE ? { ...rest, storeName } : { ...rest, storeId }))
  .pipe(ZCreateDeal);

const EMPTY_DEAL = Object.fromEntries(FIELDS.map((field) => [field, ''])) as Record<(typeof FIELDS)[number], string>;

function toFormData(deal: TCreateDealParsed, photo: File | undefined): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(deal)) if (value !== undefined) form.set(key, String(value));
  if (photo && photo.size > 0) form.set('photo', photo);
  return form;
}

export interface SubmitDealDialogProps {
  isOpen: boolean;
  onClose: () => void;
}

/** The Submit Deal dialog: title, description, price and store are required; the rest helps moderators. */
export function SubmitDealDialog({ isOpen, onClose }: SubmitDealDialogProps) {
  const config = useAppConfig();
  const stores = useDealStores(isOpen);
  const products = useDealProducts(isOpen);
  const submit = useSubmitDeal();
  const photoRef = useRef<HTMLInputElement>(null);
  const form = useForm({ resolver: zodResolver(ZDealForm), defaultValues: EMPTY_DEAL });
  const { errors, isSubmitted } = form.formState;
  const [storeChoice, productId] = form.watch(['storeId', 'productId']);

  const storeOptions = [
    ...(stores.data?.items ?? []).map((s) => ({
      value: s.id,
      label: [
        s.chainName && !s.name.toLowerCase().includes(s.chainName.toLowerCase()) ? `${s.chainName} ` : '',
        s.name,
        s.city ? `, ${s.city}` : '',
      ].join(''),
    })),
    { value: OTHER_STORE, label: 'Other store (type its name)' },
  ];
  const productItems = products.data?.items ?? [];

  function close() {
    submit.reset();
    form.reset(EMPTY_DEAL);
    onClose();
  }

  const save = form.handleSubmit((deal) => {
    submit.mutate(toFormData(deal, photoRef.current?.files?.[0]), {
      onSuccess: () => {
        toast.success('Thanks! Your deal will be listed once a moderator approves it.');
        close();
      },
      // The server's field messages show beside their fields, like the form's own; what was typed stays.
      onError: (error) => {
        if (!isApiError(error)) return;
        for (const issue of error.issues) {
          const field = FIELDS.find((name) => name === issue.path);
          if (field && !form.getFieldState(field).error) form.setError(field, { message: issue.message });
        }
      },
    });
  });

  if (config.data?.features.dealSubmissions === false) {
    return (
      <Dialog isOpen={isOpen} title="Submit Deal" onClose={close} footer={<Button onClick={close}>OK</Button>}>
        <p role="status">{DEAL_SUBMISSIONS_OFF_MESSAGE}</p>
      </Dialog>
    );
  }

  const perDay = config.data?.limits.dealSubmissionsPerDay;
  const description = `Share a sale you spotted. A moderator checks it before it is listed.${perDay ? ` You can submit ${describeDealLimit(perDay)}.` : ''}`;
  return (
    <Dialog isOpen={isOpen} title="Submit Deal" onClose={close} description={description}>
      <form className="form deal-form" onSubmit={(event) => void save(event)} noValidate>
        <TextField
          label="Title"
          {...form.register('title')}
          required
          maxLength={200}
          placeholder="e.g. Organic bananas 1 kg"
          error={errors.title?.message}
        />
        <TextAreaField
          label="Description"
          {...form.register('description')}
          className="deal-textarea"
          rows={3}
          required
          maxLength={2000}
          placeholder="Where you saw it, any conditions (e.g. with loyalty card)"
          error={errors.description?.message}
        />
        <div className="deal-form-row">
          <TextField
            label="Price"
            {...form.register('price')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            required
            error={errors.price?.message}
          />
          <TextField
            label="Original price (optional)"
            {...form.register('originalPrice')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            error={errors.originalPrice?.message}
          />
        </div>
        <SearchableSelect
          label="Store"
          // Registered here, in field order, so a missing store is focused after the fields above it.
          ref={form.register('storeId').ref}
          options={storeOptions}
          value={storeChoice}
          onChange={(value) => form.setValue('storeId', value, { shouldValidate: isSubmitted })}
          placeholder={stores.isPending ? 'Loading stores...' : 'Choose a store'}
          searchPlaceholder="Search stores by name or town"
          emptyText="No store matches. Choose Other store to type its name."
          error={errors.storeId?.message}
        />
        {storeChoice === OTHER_STORE ? (
          <TextField
            label="Store name"
            {...form.register('storeName')}
            required
            maxLength={120}
            placeholder="e.g. Lidl Station Road"
            error={errors.storeName?.message}
          />
        ) : null}
        <div className="deal-form-row">
          <TextField label="End date (optional)" {...form.register('endDate')} type="date" error={errors.endDate?.message} />
          {productItems.length > 0 ? (
            <SearchableSelect
              label="Product (optional)"
              options={[{ value: NO_PRODUCT, label: 'Not sure' }, ...productItems.map((p) => ({ value: p.id, label: p.name }))]}
              value={productId || NO_PRODUCT}
              onChange={(value) => form.setValue('productId', value === NO_PRODUCT ? '' : value)}
              placeholder="Not sure"
              searchPlaceholder="Search products"
              error={errors.productId?.message}
            />
          ) : null}
        </div>
        <TextField
          label="Photo of the shelf tag (optional)"
          ref={photoRef}
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          hint="JPEG, PNG or WebP up to 5 MB. Location data is removed."
        />
        {submit.isError ? <FormMessage tone="error">{getErrorMessage(submit.error)}</FormMessage> : null}
        <div className="dialog-footer deal-form-actions">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" isBusy={submit.isPending} busyLabel="Submitting...">
            Submit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
