import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, FormMessage, PageHeader, TextField, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { createList, LISTS_KEY, listKey } from './lists-api';

export default function ListCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isBlank = name.trim() === '';

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBlank) return;
    setIsBusy(true);
    setError(null);
    try {
      const list = await createList(name.trim());
      queryClient.setQueryData(listKey(list.id), list);
      await queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true });
      toast.success('List created');
      await navigate(`/u/lists/${list.id}`);
    } catch (err) {
      setError(getErrorMessage(err, 'Could not create the list'));
      setIsBusy(false);
    }
  }

  return (
    <div className="page">
      <p>
        <Link to="/u/lists">← Back to Lists</Link>
      </p>
      <PageHeader title="Create list" />
      <Card>
        <form className="form" onSubmit={handleSubmit} noValidate>
          <TextField
            label="List name"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. Weekly shop"
            maxLength={120}
            autoComplete="off"
            autoFocus
            required
          />
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
