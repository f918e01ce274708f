import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, FormMessage, PageHeader, SelectField, TextField, toast } from '../../components';
import { BackLink } from '../../components/back-link';
import { useHouseholds } from '../households/households-api';
import { createList } from './lists-api';
import { useListNameForm } from './use-list-name-form';

export default function ListCreatePage() {
  const navigate = useNavigate();
  const households = useHouseholds().data?.items ?? [];
  const [owner, setOwner] = useState('');
  const { nameField, isBusy, error, isBlank, handleSubmit } = useListNameForm({
    initialName: '',
    save: (listName) => createList(listName, owner || null),
    failureMessage: 'Could not create the list',
    onSaved: async (list) => {
      toast.success('List created');
      await navigate(`/u/lists/${list.id}`);
    },
  });

  return (
    <div className="page">
      <BackLink to="/u/lists">Back to Lists</BackLink>
      <PageHeader title="Create list" />
      <Card>
        <form className="form" onSubmit={(event) => void handleSubmit(event)} noValidate>
          <TextField
            label="List name"
            {...nameField}
            placeholder="e.g. Weekly shop"
            maxLength={120}
            autoComplete="off"
            autoFocus
            required
          />
          {households.length > 0 ? (
            <SelectField
              label="Shared with"
              value={owner}
              onChange={(event) => setOwner(event.target.value)}
              options={[{ value: '', label: 'Only me' }, ...households.map((h) => ({ value: h.id, label: `${h.name} (household)` }))]}
              hint="Everyone in the household can see and change a shared list."
            />
          ) : null}
          {error ? <FormMessage tone="error">{error}</FormMessage> : null}
          <div className="form-actions">
            <Button type="submit" disabled={isBlank} isBusy={isBusy} busyLabel="Creating...">
              Create list
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
