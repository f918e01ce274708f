import { useId } from 'react';
import { TextField } from '../../components';
import { useStores } from '../stores/use-stores';

/** The store the reader matched the read name to (draft.knownStore). */
export interface StoreSuggestion {
  name: string;
  readAs: string;
}

interface StoreNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  suggestion?: StoreSuggestion | null;
  className?: string;
  hint?: string;
  error?: string | null;
}

function isSameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/**
 * The receipt's store, typed with the stores Cartwise knows as suggestions, so one store keeps one price history.
 * When the reader replaced a misread name with a known store, it says so and offers the name as read instead.
 */
export function StoreNameField({ value, onChange, suggestion, className, hint, error }: StoreNameFieldProps) {
  const listId = useId();
  const stores = useStores();
  const names = [...new Set((stores.data?.items ?? []).map((store) => store.name))];
  const isMatchShown = suggestion && isSameName(value, suggestion.name) && !isSameName(suggestion.readAs, suggestion.name);
  return (
    <div className="store-name-field">
      <TextField
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
          Matched to a store already in Cartwise. The receipt reads “{suggestion.readAs}”.{' '}
          <button type="button" className="link-button" onClick={() => onChange(suggestion.readAs)}>
            Use “{suggestion.readAs}” instead
          </button>
        </p>
      ) : null}
    </div>
  );
}
