import { useState } from 'react';
import type { TProduct } from '@cartwise/contracts';
import { Button, LazyDialog as Dialog } from '../../components';
import { ProductCombobox } from './product-combobox';

export interface LinkProductDialogProps {
  isOpen: boolean;
  itemName: string;
  isBusy?: boolean;
  onPick: (product: TProduct) => void;
  onClose: () => void;
}

/** Search the catalogue for the product an item means, starting from its typed name. */
export function LinkProductDialog({ isOpen, itemName, isBusy = false, onPick, onClose }: LinkProductDialogProps) {
  const [search, setSearch] = useState(itemName);
  return (
    <Dialog
      isOpen={isOpen}
      title={`Link ${itemName}`}
      description="Pick the product to compare prices for."
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
      }
    >
      <ProductCombobox
        label="Search products"
        isLabelVisible
        value={search}
        onChange={setSearch}
        onPick={onPick}
        placeholder="Search products"
      />
    </Dialog>
  );
}
