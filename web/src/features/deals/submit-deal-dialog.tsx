import { useId, useState, type FormEvent } from 'react';
import { DEAL_SUBMISSIONS_OFF_MESSAGE, describeDealLimit } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, SearchableSelect, SelectField, TextField, toast } from '../../components';
import { getErrorMessage, isApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { useDealProducts, useDealStores, useSubmitDeal } from './deals-api';

const OTHER_STORE = '__other__';

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
  const [storeChoice, setStoreChoice] = useState('');
  const descriptionId = useId();
  const fieldErrors = new Map<string, string>();
  if (isApiError(submit.error))
    for (const issue of submit.error.issues) if (!fieldErrors.has(issue.path)) fieldErrors.set(issue.path, issue.message);

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
    setStoreChoice('');
    onClose();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (storeChoice === OTHER_STORE) form.delete('storeId');
    else form.delete('storeName');
    const photo = form.get('photo');
    if (photo instanceof File && photo.size === 0) form.delete('photo');
    submit.mutate(form, {
      onSuccess: () => {
        toast.success('Thanks! Your deal will be listed once a moderator approves it.');
        close();
      },
    });
  }

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
      <form className="form deal-form" onSubmit={handleSubmit} noValidate={false}>
        <TextField
          label="Title"
          name="title"
          required
          maxLength={200}
          placeholder="e.g. Organic bananas 1 kg"
          error={fieldErrors.get('title')}
        />
        <div className="field">
          <label htmlFor={descriptionId} className="field-label">
            Description
          </label>
          <textarea
            id={descriptionId}
            name="description"
            className="field-input deal-textarea"
            rows={3}
            required
            maxLength={2000}
            placeholder="Where you saw it, any conditions (e.g. with loyalty card)"
          />
          {fieldErrors.get('description') ? <p className="field-error">{fieldErrors.get('description')}</p> : null}
        </div>
        <div className="deal-form-row">
          <TextField
            label="Price"
            name="price"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            required
            error={fieldErrors.get('price')}
          />
          <TextField
            label="Original price (optional)"
            name="originalPrice"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
            error={fieldErrors.get('originalPrice')}
          />
        </div>
        <SearchableSelect
          label="Store"
          name="storeId"
          options={storeOptions}
          value={storeChoice}
          onChange={setStoreChoice}
          placeholder={stores.isPending ? 'Loading stores...' : 'Choose a store'}
          searchPlaceholder="Search stores by name or town"
          emptyText="No store matches. Choose Other store to type its name."
          error={fieldErrors.get('storeId')}
        />
        {storeChoice === OTHER_STORE ? (
          <TextField label="Store name" name="storeName" required maxLength={120} placeholder="e.g. Lidl Station Road" />
        ) : null}
        <div className="deal-form-row">
          <TextField label="End date (optional)" name="endDate" type="date" error={fieldErrors.get('endDate')} />
          {productItems.length > 0 ? (
            <SelectField
              label="Product (optional)"
              name="productId"
              options={[{ value: '', label: 'Not sure' }, ...productItems.map((p) => ({ value: p.id, label: p.name }))]}
              defaultValue=""
            />
          ) : null}
        </div>
        <TextField
          label="Photo of the shelf tag (optional)"
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
