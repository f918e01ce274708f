import { useState } from 'react';
import { daysUntil, isExpiringSoon, type TCreatePantryItem, type TPantryItem, getLocalTodayIso } from '@cartwise/contracts';
import { Badge, Button, EmptyState, FormMessage, Icon, PageHeader, Spinner, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { usePantry, usePantryMutations } from './pantry-api';
import { PantryItemDialog } from './pantry-item-dialog';
import { ScanButton } from '../barcodes/scan-button';
import './pantry.css';

type DialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; item: TPantryItem };

function formatQty(qty: number): string {
  return Number.isInteger(qty) ? String(qty) : String(Math.round(qty * 1000) / 1000);
}

function describeExpiry(expiresOn: string, today: string): string {
  const days = daysUntil(expiresOn, today);
  if (days < 0) return days === -1 ? 'Expired yesterday' : `Expired ${-days} days ago`;
  if (days === 0) return 'Expires today';
  if (days === 1) return 'Expires tomorrow';
  return `Expires in ${days} days`;
}

export default function PantryPage() {
  const query = usePantry();
  const { addItem, updateItem, removeItem } = usePantryMutations();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const today = getLocalTodayIso();
  const items = query.data?.items ?? [];
  const activeMutation = dialog.mode === 'add' ? addItem : updateItem;
  const dialogError = activeMutation.error ?? removeItem.error;

  function closeDialog() {
    addItem.reset();
    updateItem.reset();
    removeItem.reset();
    setDialog({ mode: 'closed' });
  }

  function save(values: TCreatePantryItem) {
    if (dialog.mode === 'add') {
      addItem.mutate(values, {
        onSuccess: (item) => {
          toast.success(`Added ${item.name}`);
          closeDialog();
        },
      });
    } else if (dialog.mode === 'edit') {
      updateItem.mutate({ id: dialog.item.id, patch: values }, { onSuccess: closeDialog });
    }
  }

  function remove() {
    if (dialog.mode !== 'edit') return;
    const { item } = dialog;
    removeItem.mutate(item.id, {
      onSuccess: () => {
        toast.success(`Removed ${item.name}`);
        closeDialog();
      },
    });
  }

  return (
    <div className="page">
      <PageHeader
        title="Pantry"
        description="What you have at home, soonest to expire first."
        actions={
          <>
            <ScanButton
              returnTo="/u/pantry"
              onProduct={(product) =>
                addItem.mutate(
                  { name: product.name, qty: 1, product_id: product.id },
                  { onSuccess: (item) => toast.success(`Added ${item.name}`) },
                )
              }
            />
            <Button onClick={() => setDialog({ mode: 'add' })}>Add item</Button>
          </>
        }
      />
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load your pantry')}</FormMessage> : null}
      {query.isSuccess && items.length === 0 ? (
        <EmptyState
          title="Your pantry is empty"
          description="Add what you have at home so you buy only what you need."
          action={<Button onClick={() => setDialog({ mode: 'add' })}>Add your first item</Button>}
        />
      ) : null}
      {items.length > 0 ? (
        <section className="pantry" aria-label="Pantry items">
          <ul className="pantry-items">
            {items.map((item) => {
              const isSoon = isExpiringSoon(item.expires_on, today);
              return (
                <li key={item.id} className={isSoon ? 'pantry-item is-expiring' : 'pantry-item'}>
                  <div className="pantry-item-text">
                    <span className="pantry-item-name">{item.name}</span>
                    {item.expires_on ? (
                      <span className="pantry-item-expiry">
                        {isSoon ? <Badge tone="warning">{describeExpiry(item.expires_on, today)}</Badge> : `Expires ${item.expires_on}`}
                      </span>
                    ) : null}
                  </div>
                  <span className="pantry-item-qty">
                    {formatQty(item.qty)} {item.unit}
                  </span>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Edit ${item.name}`}
                    onClick={() => setDialog({ mode: 'edit', item })}
                  >
                    <Icon name="pencil" size={20} />
                  </button>
                </li>
              );
            })}
          </ul>
          <p className="pantry-total">
            <span>Total Qty</span>
            <strong>{formatQty(query.data?.total_qty ?? 0)}</strong>
          </p>
        </section>
      ) : null}
      {dialog.mode !== 'closed' ? (
        <PantryItemDialog
          key={dialog.mode === 'edit' ? dialog.item.id : 'new'}
          item={dialog.mode === 'edit' ? dialog.item : null}
          isBusy={activeMutation.isPending || removeItem.isPending}
          error={dialogError ? getErrorMessage(dialogError) : null}
          onSave={save}
          onRemove={dialog.mode === 'edit' ? remove : undefined}
          onClose={closeDialog}
        />
      ) : null}
    </div>
  );
}
