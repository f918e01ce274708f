import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZMergeStore, priceBookApi, type TPriceBookStore, type TStoreMergeSummary } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, SelectField, toast } from '../../components';
import { callApi, getErrorMessage } from '../../lib/api-client';

function describeStore(store: TPriceBookStore): string {
  const place = [store.address, store.city].filter(Boolean).join(', ');
  return place ? `${store.name} (${place})` : store.name;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function describeMerge(summary: TStoreMergeSummary): string {
  return `${plural(summary.receipts, 'receipt')}, ${plural(summary.prices, 'price')} and ${plural(summary.deals, 'deal')} moved.`;
}

interface MergeStoreDialogProps {
  store: TPriceBookStore | null;
  stores: readonly TPriceBookStore[];
  onClose: () => void;
}

/** Merges a duplicate store into the one chosen (the suggested twin first): its history moves, then it is deleted. */
export function MergeStoreDialog({ store, stores, onClose }: MergeStoreDialogProps) {
  const queryClient = useQueryClient();
  const others = stores.filter((other) => other.id !== store?.id);
  const form = useForm({ resolver: zodResolver(ZMergeStore), defaultValues: { intoId: store?.possibleDuplicateOf?.id ?? '' } });
  const mutation = useMutation({
    mutationFn: (target: string) => callApi(priceBookApi.mergeStore, { params: { id: store?.id ?? '' }, body: { intoId: target } }),
    onSuccess: (summary) => {
      toast.success('Store merged', describeMerge(summary));
      for (const key of ['price-book', 'admin', 'stores']) void queryClient.invalidateQueries({ queryKey: [key] });
      onClose();
    },
  });
  if (!store) return null;
  const submit = form.handleSubmit(({ intoId }) => mutation.mutate(intoId));
  return (
    <Dialog
      isOpen
      title={`Merge ${store.name}`}
      onClose={onClose}
      description={`Its receipts, prices, deals and home-store picks move to the store you choose, then ${store.name} is deleted. This cannot be undone.`}
    >
      <form className="stack" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label="Merge into"
          {...form.register('intoId')}
          error={form.formState.errors.intoId?.message}
          options={[{ value: '', label: 'Choose a store' }, ...others.map((other) => ({ value: other.id, label: describeStore(other) }))]}
        />
        {mutation.isError ? <FormMessage tone="error">{getErrorMessage(mutation.error)}</FormMessage> : null}
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" isBusy={mutation.isPending} busyLabel="Merging...">
            Merge
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
