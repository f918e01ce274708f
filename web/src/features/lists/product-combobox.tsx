import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { TProduct } from '@cartwise/contracts';
import { describeProduct, useProductSuggestions } from './product-search';

export interface ProductComboboxProps {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onPick: (product: TProduct) => void;
  /** Enter without a highlighted suggestion: the free text is kept as typed. */
  onSubmitText?: () => void;
  placeholder?: string;
  inputRef?: React.Ref<HTMLInputElement>;
  isLabelVisible?: boolean;
  trailing?: ReactNode;
}

/**
 * A text field that suggests known products while typing (WAI-ARIA combobox with a listbox). Picking one links
 * the item to that product so prices can be compared; free text still works.
 */
export function ProductCombobox({ label, value, onChange, onPick, onSubmitText, placeholder, inputRef, isLabelVisible = false, trailing }: ProductComboboxProps) {
  const id = useId();
  const suggestions = useProductSuggestions(value);
  const [active, setActive] = useState(-1);
  const [isDismissed, setIsDismissed] = useState(false);
  const isOpen = !isDismissed && suggestions.length > 0 && value.trim().length >= 2;

  const pick = (product: TProduct) => {
    setActive(-1);
    setIsDismissed(true);
    onPick(product);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && isOpen) {
      event.preventDefault();
      setActive((i) => (i + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && isOpen) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (event.key === 'Escape') {
      setIsDismissed(true);
    } else if (event.key === 'Enter') {
      const chosen = isOpen && active >= 0 ? suggestions[active] : undefined;
      if (chosen) {
        event.preventDefault();
        pick(chosen);
      } else if (onSubmitText) {
        event.preventDefault();
        onSubmitText();
      }
    }
  };

  return (
    <div className="combobox">
      <label htmlFor={id} className={isLabelVisible ? 'field-label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="combobox-row">
        <input
          id={id}
          ref={inputRef}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && active >= 0 ? `${id}-opt-${active}` : undefined}
          className="field-input"
          value={value}
          placeholder={placeholder}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="done"
          onChange={(event) => {
            setIsDismissed(false);
            setActive(-1);
            onChange(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setTimeout(() => setIsDismissed(true), 150)}
        />
        {trailing}
      </div>
      {isOpen ? (
        <ul id={`${id}-list`} role="listbox" aria-label={`${label} suggestions`} className="combobox-list">
          {suggestions.map((product, index) => (
            <li
              key={product.id}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'combobox-option is-active' : 'combobox-option'}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(product)}
            >
              <span>{product.name}</span>
              <span className="muted small">{describeProduct(product)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
