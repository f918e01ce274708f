import { useId, useState } from 'react';
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

/** Search the catalogue and pick a product, or create one with the typed name. */
export function ProductPicker({ initialQuery, onPick, onCancel }: ProductPickerProps) {
  const [query, setQuery] = useState(initialQuery);
  const [error, setError] = useState<string | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const search = useProductSearch(query);
  const inputId = useId();
  const listId = useId();
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

  return (
    <div className="product-picker">
      <label className="field-label" htmlFor={inputId}>
        Find a product
      </label>
      <input
        id={inputId}
        className="field-input"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        aria-controls={listId}
        autoComplete="off"
        autoFocus
      />
      <ul id={listId} className="product-picker-list" aria-label="Matching products">
        {products.map((product) => (
          <li key={product.id}>
            <button type="button" className="product-picker-option" onClick={() => onPick(product)}>
              <span>{product.name}</span>
              <span className="muted small">
                {[product.brand, product.sizeValue ? `${product.sizeValue} ${product.sizeUnit ?? ''}` : null].filter(Boolean).join(' · ')}
              </span>
            </button>
          </li>
        ))}
        {query.trim().length >= 2 && search.isSuccess && products.length === 0 ? (
          <li className="muted small">No product matches.</li>
        ) : null}
      </ul>
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
