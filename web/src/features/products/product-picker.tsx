import { useState, type KeyboardEvent } from 'react';
import { Command } from 'cmdk';
import type { TProduct } from '@cartwise/contracts';
import { Button } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { createProduct, useProductSearch } from './products-api';

export interface ProductPickerProps {
  /** Text to start the search with (usually the receipt line). */
  initialQuery: string;
  onPick: (product: TProduct) => void;
  onCancel: () => void;
}

function describe(product: TProduct): string {
  return [product.brand, product.sizeValue ? `${product.sizeValue} ${product.sizeUnit ?? ''}` : null].filter(Boolean).join(' · ');
}

/**
 * Search the catalogue and pick a product, or create one with the typed name. A combobox (cmdk): the field
 * searches the server as you type, arrow keys move through the matches, Enter picks, Escape cancels.
 */
export function ProductPicker({ initialQuery, onPick, onCancel }: ProductPickerProps) {
  const [query, setQuery] = useState(initialQuery);
  const [error, setError] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const search = useProductSearch(query);
  const products = search.data?.products ?? [];

  async function handleCreate() {
    setIsCreating(true);
    setError(null);
    try {
      onPick(await createProduct({ name: query.trim() }));
    } catch (caught) {
      setError(getErrorMessage(caught, 'Could not create the product'));
    } finally {
      setIsCreating(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  }

  return (
    <div className="product-picker">
      {/* The server does the matching, so cmdk shows the answers as they are. */}
      <Command label="Find a product" shouldFilter={false} loop onKeyDown={handleKeyDown} className="product-picker-command">
        <span className="field-label" aria-hidden="true">
          Find a product
        </span>
        <Command.Input className="field-input" value={query} onValueChange={setQuery} autoFocus />
        <Command.List className="product-picker-list" label="Matching products">
          {products.map((product) => (
            <Command.Item key={product.id} value={product.id} className="product-picker-option" onSelect={() => onPick(product)}>
              <span>{product.name}</span>
              <span className="muted small">{describe(product)}</span>
            </Command.Item>
          ))}
          {query.trim().length >= 2 && search.isSuccess && products.length === 0 ? (
            <p className="muted small">No product matches.</p>
          ) : null}
        </Command.List>
      </Command>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" className="btn-small" onClick={handleCreate} isBusy={isCreating} disabled={query.trim().length === 0}>
          Create “{query.trim() || '…'}”
        </Button>
        <Button variant="ghost" className="btn-small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
