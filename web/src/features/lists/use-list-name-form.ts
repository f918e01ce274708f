import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZListNameForm, type TShoppingListDetail } from '@cartwise/contracts';
import { getErrorMessage } from '../../lib/api-client';
import { LISTS_KEY, listKey } from './lists-api';

interface ListNameFormOptions {
  initialName: string;
  save: (name: string) => Promise<TShoppingListDetail>;
  /** Shown when the server gives no reason. */
  failureMessage: string;
  onSaved: (list: TShoppingListDetail) => Promise<void> | void;
}

/**
 * The list-name form behind "Create list" and "Rename list", checked with the contract's list-name rule: a
 * blank name is not sent (its button stays disabled), the saved list goes into the cache (so its page shows it
 * at once) and the lists index is refetched for the new name. A server error keeps the name as typed.
 */
export function useListNameForm({ initialName, save, failureMessage, onSaved }: ListNameFormOptions) {
  const queryClient = useQueryClient();
  const form = useForm({ resolver: zodResolver(ZListNameForm), defaultValues: { name: initialName } });
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isBlank = form.watch('name').trim() === '';

  const handleSubmit = form.handleSubmit(async ({ name }) => {
    setIsBusy(true);
    setError(null);
    try {
      const list = await save(name);
      queryClient.setQueryData(listKey(list.id), list);
      await queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true });
      await onSaved(list);
    } catch (err) {
      setError(getErrorMessage(err, failureMessage));
      setIsBusy(false);
    }
  });

  return { nameField: { ...form.register('name'), error: form.formState.errors.name?.message }, isBusy, error, isBlank, handleSubmit };
}
