import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TShoppingListDetail } from '@cartwise/contracts';
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
 * The list-name form behind "Create list" and "Rename list": a blank name is not sent, the saved list goes
 * into the cache (so its page shows it at once) and the lists index is refetched for the new name.
 */
export function useListNameForm({ initialName, save, failureMessage, onSaved }: ListNameFormOptions) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(initialName);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isBlank = name.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank) return;
    setIsBusy(true);
    setError(null);
    try {
      const list = await save(name.trim());
      queryClient.setQueryData(listKey(list.id), list);
      await queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true });
      await onSaved(list);
    } catch (err) {
      setError(getErrorMessage(err, failureMessage));
      setIsBusy(false);
    }
  }

  return { name, setName, isBusy, error, isBlank, handleSubmit };
}
