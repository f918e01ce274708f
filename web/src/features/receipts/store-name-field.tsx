import { useId, type Ref } from 'react';
import { TextField } from '../../components';
import { useStores } from '../stores/use-stores';

/** The store the reader matched the read name to (draft.knownStore). */
export interface StoreSuggestion {
  name: string;
  /** '' when the receipt's name could not be read. */
  readAs: string;
  /** Matched by the seller registration number on the receipt rather than by the name. */
  isSellerMatch?: boolean;
}

interface StoreNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  suggestion?: StoreSuggestion | null;
  className?: string;
  hint?: string;
  error?: string | null;
  /** The input, so a form can focus it when the store is the first problem on Save. */
  inputRef?: Ref<HTMLInputElement>;
}

function isSameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The receipt's store, typed with the stores Cartwise knows as suggestions, so one store keeps one price history.
 * When the reader replaced a misread name with a known store, it says so and offers the name as read instead.
 */
export function StoreNameField({ value, onChange, suggestion, className, hint, error, inputRef }: StoreNameFieldProps) {
  const listId = useId();
  const stores = useStores();
  const names = [...new Set((stores.data?.items ?? []).map((store) => store.name))];
  const isMatchShown = suggestion && isSameName(value, suggestion.name) && !isSameName(suggestion.readAs, suggestion.name);
  return (
    <div className="store-name-field">
      <TextField
        ref={inputRef}
        label="Store"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        list={listId}
        className={isMatchShown ? undefined : className}
        hint={isMatchShown ? undefined : hint}
        error={error}
      />
      <datalist id={listId}>
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      {isMatchShown ? (
        <p className="field-hint store-match" role="status">
          {suggestion.isSellerMatch
            ? 'Matched by its registration number to a store already in Cartwise.'
            : 'Matched to a store already in Cartwise.'}{' '}
          {suggestion.readAs ? (
            <>
              The receipt reads “{suggestion.readAs}”.{' '}
              <button type="button" className="link-button" onClick={() => onChange(suggestion.readAs)}>
                Use “{suggestion.readAs}” instead
              </button>
            </>
          ) : (
            'The name on the receipt could not be read.'
          )}
        </p>
      ) : null}
    </div>
  );
}
