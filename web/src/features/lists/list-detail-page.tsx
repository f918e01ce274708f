import { BackLink } from '../../components/back-link';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { sortListItemsForShopping, type TListItem, type TProduct, type TUpdateListItem } from '@cartwise/contracts';
import { Button, ButtonLink, LazyDialog as Dialog, EmptyState, FormMessage, Icon, Spinner, toast } from '../../components';
import { getErrorMessage, isApiError } from '../../lib/api-client';
import { useAppConfig } from '../../lib/app-config';
import { LISTS_KEY, deleteList, useListDetail, useListItemMutations } from './lists-api';
import { ListItemDialog, RenameListDialog } from './lazy-list-dialogs';
import { ClearTickedButton } from './clear-ticked-button';
import { LinkItemButton } from './link-item-button';
import { readTripEnd, TripFinishedCard } from './trip-finished-card';
import { ShareWithHousehold } from './share-with-household';
import { ProductCombobox } from './product-combobox';
import { useOptimisticTicks } from './use-optimistic-ticks';
import { useClosestProduct } from './product-search';
import { ScanButton } from '../barcodes/scan-button';
import './lists.css';

/** A link worth showing: the product's name says more than the typed one ("milk" ≈ Whole Milk). */
function isShownAsLinked(item: TListItem): boolean {
  return !!item.product_id && !!item.product_name && item.product_name.trim().toLowerCase() !== item.name.trim().toLowerCase();
}

function formatQuantity(item: TListItem): string | null {
  if (item.quantity === 1 && !item.unit) return null;
  return item.unit ? `${item.quantity} ${item.unit}` : `×${item.quantity}`;
}

export default function ListDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const tripEnd = readTripEnd(location.state);
  const queryClient = useQueryClient();
  const query = useListDetail(id);
  // Hidden only when the operator has turned store suggestions off; while the config loads it shows.
  const isSplitCartOn = useAppConfig().data?.features.splitCart ?? true;
  const { addItem, updateItem, removeItem, toggleItem } = useListItemMutations(id);
  const [draft, setDraft] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [isRenaming, setIsRenaming] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const quickAddRef = useRef<HTMLInputElement>(null);
  const closest = useClosestProduct(draft);
  const ticks = useOptimisticTicks(query.data?.items, toggleItem);
  const items = useMemo(() => sortListItemsForShopping(ticks.items), [ticks.items]);
  const editing = items.find((item) => item.id === editingId) ?? null;
  const checkedCount = items.filter((item) => item.is_checked).length;

  // Enter takes the closest suggestion, keeping the typed name (the row shows "≈ Product" with an undo); with no
  // suggestion yet the server links the name itself when one product is clearly meant.
  function handleQuickAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = draft.trim();
    if (!name) return;
    setDraft('');
    addItem.mutate(closest ? { name, product_id: closest.id } : { name }, {
      onError: (error) => {
        setDraft(name);
        toast.error('Could not add the item', getErrorMessage(error));
      },
    });
    quickAddRef.current?.focus();
  }

  // A picked suggestion links the item to that product, so the split-cart planner can price it.
  function addProduct(product: TProduct) {
    setDraft('');
    addItem.mutate(
      { name: product.name, product_id: product.id },
      { onError: (error) => toast.error('Could not add the item', getErrorMessage(error)) },
    );
    quickAddRef.current?.focus();
  }

  function unlink(item: TListItem) {
    updateItem.mutate(
      { id: item.id, patch: { product_id: null } },
      { onError: (error) => toast.error('Could not unlink the item', getErrorMessage(error)) },
    );
  }

  function saveEdit(patch: TUpdateListItem) {
    if (!editing) return;
    updateItem.mutate({ id: editing.id, patch }, { onSuccess: () => setEditingId(null) });
  }

  function removeEditing() {
    if (!editing) return;
    removeItem.mutate(editing.id, {
      onSuccess: () => {
        setEditingId(null);
        toast.success(`Removed ${editing.name}`);
      },
    });
  }

  async function handleDeleteList() {
    setIsDeleting(true);
    try {
      await deleteList(id);
      queryClient.removeQueries({ queryKey: ['lists', id] });
      await queryClient.invalidateQueries({ queryKey: LISTS_KEY, exact: true });
      toast.success('List deleted');
      await navigate('/u/lists');
    } catch (error) {
      toast.error('Could not delete the list', getErrorMessage(error));
      setIsDeleting(false);
    }
  }

  const backLink = <BackLink to="/u/lists">Back to Lists</BackLink>;

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    const isMissing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="page">
        {backLink}
        {isMissing ? (
          <EmptyState title="List not found" description="It may have been deleted." />
        ) : (
          <FormMessage tone="error">{getErrorMessage(query.error, 'Could not load the list')}</FormMessage>
        )}
      </div>
    );
  }

  const list = query.data;
  return (
    <div className="page list-detail">
      {backLink}
      <header className="page-header">
        <div>
          <h1 className="page-title">{list.name}</h1>
          <p className="page-description" aria-live="polite">
            {items.length === 0 ? 'No items yet' : `${checkedCount} of ${items.length} checked`}
          </p>
        </div>
        <div className="page-actions">
          {isSplitCartOn && items.some((item) => !item.is_checked) ? (
            <ButtonLink to={`/u/lists/${list.id}/recommendations`} className="btn-small">
              Where to buy
            </ButtonLink>
          ) : null}
          {isSplitCartOn && items.some((item) => !item.is_checked) ? (
            <ButtonLink to={`/u/lists/${list.id}/shop`} variant="secondary" className="btn-small">
              Shop mode
            </ButtonLink>
          ) : null}
          {checkedCount > 0 && !tripEnd ? <ClearTickedButton listId={list.id} count={checkedCount} className="btn-small" /> : null}
          <ScanButton
            className="btn-small"
            returnTo={`/u/lists/${list.id}`}
            onProduct={(product) => {
              addProduct(product);
              toast.success(`Added ${product.name}`);
            }}
          />
          <Button variant="secondary" className="btn-small" onClick={() => setIsRenaming(true)}>
            Rename
          </Button>
          <Button variant="ghost" className="btn-small" onClick={() => setIsConfirmingDelete(true)}>
            Delete list
          </Button>
        </div>
      </header>

      {tripEnd ? (
        <TripFinishedCard
          listId={list.id}
          trip={tripEnd.finishedTrip}
          tickedCount={checkedCount}
          onDismiss={() => void navigate(location.pathname, { replace: true, state: null })}
        />
      ) : null}
      <ShareWithHousehold list={list} />

      <form className="quick-add" onSubmit={handleQuickAdd}>
        <ProductCombobox
          label="Add an item"
          inputRef={quickAddRef}
          value={draft}
          onChange={setDraft}
          onPick={addProduct}
          placeholder="Add an item"
          trailing={
            <Button type="submit" disabled={draft.trim() === ''} aria-label="Add item">
              Add
            </Button>
          }
        />
      </form>

      {items.length === 0 ? (
        <EmptyState title="This list is empty" description="Type an item above and press Enter to add it." />
      ) : (
        <ul className="list-panel shop-items" aria-label="Items">
          {items.map((item) => {
            const quantity = formatQuantity(item);
            return (
              <li key={item.id} className={item.is_checked ? 'shop-item is-checked' : 'shop-item'}>
                <label className="shop-item-main">
                  <input type="checkbox" checked={item.is_checked} onChange={() => ticks.toggle(item)} />
                  <span className="shop-item-text">
                    <span className="shop-item-name">{item.name}</span>
                    {item.note ? <span className="shop-item-note">{item.note}</span> : null}
                    {isShownAsLinked(item) ? <span className="link-chip">≈ {item.product_name}</span> : null}
                  </span>
                  {quantity ? <span className="shop-item-qty">{quantity}</span> : null}
                </label>
                {isShownAsLinked(item) ? (
                  <button
                    type="button"
                    className="icon-button link-chip-undo"
                    aria-label={`Undo link: ${item.name} is not ${item.product_name}`}
                    onClick={() => unlink(item)}
                  >
                    <Icon name="close" size={18} />
                  </button>
                ) : null}
                {!item.product_id && !item.is_checked ? (
                  <LinkItemButton listId={list.id} itemId={item.id} itemName={item.name} className="link-item-button" />
                ) : null}
                <button
                  type="button"
                  className="icon-button shop-item-edit"
                  aria-label={`Edit ${item.name}`}
                  onClick={() => setEditingId(item.id)}
                >
                  <Icon name="pencil" size={20} />
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {editing ? (
        <ListItemDialog
          key={editing.id}
          item={editing}
          isBusy={updateItem.isPending || removeItem.isPending}
          error={updateItem.error || removeItem.error ? getErrorMessage(updateItem.error ?? removeItem.error) : null}
          onSave={saveEdit}
          onRemove={removeEditing}
          onClose={() => {
            updateItem.reset();
            removeItem.reset();
            setEditingId(null);
          }}
        />
      ) : null}
      {isRenaming ? <RenameListDialog list={list} onClose={() => setIsRenaming(false)} /> : null}
      <Dialog
        isOpen={isConfirmingDelete}
        title="Delete list?"
        description={`"${list.name}" and its ${items.length === 1 ? 'item' : `${items.length} items`} will be deleted.`}
        onClose={() => setIsConfirmingDelete(false)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirmingDelete(false)} disabled={isDeleting}>
              Cancel
            </Button>
            <Button variant="danger" onClick={handleDeleteList} isBusy={isDeleting} busyLabel="Deleting...">
              Delete list
            </Button>
          </>
        }
      />
    </div>
  );
}
