import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TProduct } from '@cartwise/contracts';
import { Button, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { LinkProductDialog } from './link-product-dialog';
import { useListItemMutations } from './lists-api';
import './link-item-button.css';

export interface LinkItemButtonProps {
  listId: string;
  itemId: string;
  itemName: string;
  className?: string;
}

/**
 * "Link" on an item no product answers: a product search starting from the item's name; the pick links the item
 * (its typed name stays) and the plan is asked again, now with a price for it.
 */
export function LinkItemButton({ listId, itemId, itemName, className }: LinkItemButtonProps) {
  const queryClient = useQueryClient();
  const { updateItem } = useListItemMutations(listId);
  const [isOpen, setIsOpen] = useState(false);

  function link(product: TProduct) {
    updateItem.mutate(
      { id: itemId, patch: { product_id: product.id } },
      {
        onSuccess: () => {
          setIsOpen(false);
          toast.success(`Linked ${itemName} to ${product.name}`);
          void queryClient.invalidateQueries({ queryKey: ['recommendations', listId] });
        },
        onError: (error) => toast.error('Could not link the item', getErrorMessage(error)),
      },
    );
  }

  return (
    <>
      <Button
        variant="secondary"
        className={['btn-small', className].filter(Boolean).join(' ')}
        aria-label={`Link ${itemName}`}
        onClick={() => setIsOpen(true)}
      >
        Link
      </Button>
      {isOpen ? (
        <LinkProductDialog isOpen itemName={itemName} isBusy={updateItem.isPending} onPick={link} onClose={() => setIsOpen(false)} />
      ) : null}
    </>
  );
}
