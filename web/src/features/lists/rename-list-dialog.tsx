import type { TShoppingListDetail } from '@cartwise/contracts';
import { Button, Dialog, FormMessage, TextField, toast } from '../../components';
import { renameList } from './lists-api';
import { useListNameForm } from './use-list-name-form';

export function RenameListDialog({ list, onClose }: { list: TShoppingListDetail; onClose: () => void }) {
  const { nameField, isBusy, error, isBlank, handleSubmit } = useListNameForm({
    initialName: list.name,
    save: (newName) => renameList(list.id, newName),
    failureMessage: 'Could not rename the list',
    onSaved: () => {
      toast.success('List renamed');
      onClose();
    },
  });

  return (
    <Dialog isOpen title="Rename list" onClose={onClose}>
      <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
        <TextField label="List name" {...nameField} maxLength={120} required />
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
