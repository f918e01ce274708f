import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TShoppingListDetail } from '@cartwise/shared';
import { Button, Dialog, FormMessage, TextField, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { LISTS_KEY, listKey, renameList } from './lists-api';

export function RenameListDialog({ list, onClose }: { list: TShoppingListDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(list.name);
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isBlank = name.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank) return;
    setIsBusy(true);
    setError(null);
    try {
      const saved = await renameList(list.id, name.trim());
      queryClient.setQueryData(listKey(list.id), saved);
      await queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true });
      toast.success('List renamed');
      onClose();
    } catch (err) {
      setError(getErrorMessage(err, 'Could not rename the list'));
      setIsBusy(false);
    }
  }

  return (
    <Dialog isOpen title="Rename list" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit} noValidate>
        <TextField label="List name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required />
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <div className="form-actions">
          <Button type="submit" disabled={isBlank} isBusy={isBusy} busyLabel="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
