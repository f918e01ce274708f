import { useId, useState, type FormEvent } from 'react';
import type { TModerationDeal, TUpdateDeal } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, TextField } from '../../components';
import { getErrorMessage } from '../../lib/api-client';

export interface RejectDialogProps {
  /** How many deals are being rejected (1 for a single deal). */
  count: number;
  isOpen: boolean;
  isBusy: boolean;
  error: unknown;
  onClose: () => void;
  onReject: (reason: string) => void;
}

/** Asks for the reason the submitter will be told. */
export function RejectDialog({ count, isOpen, isBusy, error, onClose, onReject }: RejectDialogProps) {
  const [reason, setReason] = useState('');
  const isBlank = reason.trim() === '';
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isBlank) onReject(reason.trim());
  }
  return (
    <Dialog
      isOpen={isOpen}
      title={count === 1 ? 'Reject deal' : `Reject ${count} deals`}
      onClose={onClose}
      description="The submitter sees this reason."
    >
      <form className="form deal-form" onSubmit={submit}>
        <TextField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
          required
          placeholder="e.g. Price on the photo does not match"
        />
        {error ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
        <div className="deal-form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={isBlank} isBusy={isBusy} busyLabel="Rejecting...">
            Reject
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export interface EditDealDialogProps {
  deal: TModerationDeal | null;
  isBusy: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (patch: TUpdateDeal, shouldApprove: boolean) => void;
}

function toNumberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** Lets a moderator fix a submission (typos, prices, dates) before approving it. */
export function EditDealDialog({ deal, isBusy, error, onClose, onSave }: EditDealDialogProps) {
  const descriptionId = useId();
  if (!deal) return null;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    onSave(
      {
        title: text('title'),
        description: text('description'),
        price: Number(text('price')),
        originalPrice: toNumberOrNull(text('originalPrice')),
        endDate: text('endDate') || null,
        category: text('category') || null,
      },
      submitter?.getAttribute('value') === 'approve',
    );
  }
  return (
    <Dialog isOpen title="Edit deal" onClose={onClose}>
      <form key={deal.id} className="form deal-form" onSubmit={submit}>
        <TextField label="Title" name="title" defaultValue={deal.productName} required maxLength={200} />
        <div className="field">
          <label htmlFor={descriptionId} className="field-label">
            Description
          </label>
          <textarea
            id={descriptionId}
            name="description"
            className="field-input deal-textarea"
            rows={3}
            defaultValue={deal.description}
            required
          />
        </div>
        <div className="deal-form-row">
          <TextField label="Price" name="price" type="number" step="0.01" min="0.01" defaultValue={deal.salePrice.toFixed(2)} required />
          <TextField
            label="Original price"
            name="originalPrice"
            type="number"
            step="0.01"
            min="0.01"
            defaultValue={deal.originalPrice?.toFixed(2) ?? ''}
          />
        </div>
        <div className="deal-form-row">
          <TextField label="End date" name="endDate" type="date" defaultValue={deal.endDate ?? ''} />
          <TextField label="Category" name="category" defaultValue={deal.category ?? ''} maxLength={100} />
        </div>
        {error ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
        <div className="deal-form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" value="save" isBusy={isBusy}>
            Save
          </Button>
          <Button type="submit" value="approve" isBusy={isBusy}>
            Save and approve
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
