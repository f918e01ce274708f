import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZRejectDeal, ZUpdateDeal, type TModerationDeal, type TUpdateDeal } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, TextAreaField, TextField } from '../../components';
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

/** Asks for the reason the submitter will be told; a blank reason gets the API's message beside the field. */
export function RejectDialog({ count, isOpen, isBusy, error, onClose, onReject }: RejectDialogProps) {
  const form = useForm({ resolver: zodResolver(ZRejectDeal), defaultValues: { reason: '' } });
  const submit = form.handleSubmit(({ reason }) => onReject(reason));
  return (
    <Dialog
      isOpen={isOpen}
      title={count === 1 ? 'Reject deal' : `Reject ${count} deals`}
      onClose={onClose}
      description="The submitter sees this reason."
    >
      <form className="form deal-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Reason"
          {...form.register('reason')}
          error={form.formState.errors.reason?.message}
          maxLength={500}
          required
          placeholder="e.g. Price on the photo does not match"
        />
        {error ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
        <div className="deal-form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isBusy={isBusy} busyLabel="Rejecting...">
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

/** The fields as typed, checked with the API's own rules for a moderator's edit (ZUpdateDeal). */
const ZEditDealForm = z
  .object({
    title: z.string(),
    description: z.string(),
    price: z.string(),
    originalPrice: z.string(),
    endDate: z.string(),
    category: z.string(),
  })
  .transform((deal): z.input<typeof ZUpdateDeal> => ({
    title: deal.title,
    description: deal.description,
    price: deal.price.trim() === '' ? Number.NaN : Number(deal.price),
    originalPrice: deal.originalPrice.trim() === '' ? null : Number(deal.originalPrice),
    endDate: deal.endDate || null,
    category: deal.category.trim() || null,
  }))
  .pipe(ZUpdateDeal);

/** Lets a moderator fix a submission (typos, prices, dates) before approving it. */
export function EditDealDialog({ deal, ...rest }: EditDealDialogProps) {
  // Keyed by deal so each opens with that deal's values.
  return deal ? <EditDealForm key={deal.id} deal={deal} {...rest} /> : null;
}

function EditDealForm({ deal, isBusy, error, onClose, onSave }: EditDealDialogProps & { deal: TModerationDeal }) {
  const form = useForm({
    resolver: zodResolver(ZEditDealForm),
    defaultValues: {
      title: deal.productName,
      description: deal.description,
      price: deal.salePrice.toFixed(2),
      originalPrice: deal.originalPrice?.toFixed(2) ?? '',
      endDate: deal.endDate ?? '',
      category: deal.category ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((patch, event) => {
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    onSave(patch, submitter?.getAttribute('value') === 'approve');
  });
  return (
    <Dialog isOpen title="Edit deal" onClose={onClose}>
      <form className="form deal-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField label="Title" {...form.register('title')} error={errors.title?.message} required maxLength={200} />
        <TextAreaField
          label="Description"
          {...form.register('description')}
          error={errors.description?.message}
          className="deal-textarea"
          rows={3}
          required
        />
        <div className="deal-form-row">
          <TextField
            label="Price"
            {...form.register('price')}
            error={errors.price?.message}
            type="number"
            step="0.01"
            min="0.01"
            required
          />
          <TextField
            label="Original price"
            {...form.register('originalPrice')}
            error={errors.originalPrice?.message}
            type="number"
            step="0.01"
            min="0.01"
          />
        </div>
        <div className="deal-form-row">
          <TextField label="End date" {...form.register('endDate')} error={errors.endDate?.message} type="date" />
          <TextField label="Category" {...form.register('category')} error={errors.category?.message} maxLength={100} />
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
