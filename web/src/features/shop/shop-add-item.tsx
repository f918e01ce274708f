import { useState, type FormEvent } from 'react';
import { Button, TextField, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { useListItemMutations } from '../lists/lists-api';

/** Something remembered in the aisle: added to the list (offline too) and shown under "Also on your list". */
export function ShopAddItem({ listId }: { listId: string }) {
  const { addItem } = useListItemMutations(listId);
  const [name, setName] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setName('');
    addItem.mutate(
      { name: trimmed },
      {
        onSuccess: () => toast.success(`Added ${trimmed}`),
        onError: (error) => {
          setName(trimmed);
          toast.error('Could not add the item', getErrorMessage(error));
        },
      },
    );
  }

  return (
    <form className="card shop-stop shop-add" aria-label="Add to this trip" onSubmit={submit}>
      <TextField label="Add an item" value={name} onChange={(event) => setName(event.target.value)} autoComplete="off" />
      <Button type="submit" disabled={name.trim() === ''}>
        Add
      </Button>
    </form>
  );
}
