import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';

export interface ComboboxProps<T> {
  label: string;
  /** The typed text. */
  value: string;
  onChange: (text: string) => void;
  /** Suggestions for the typed text (already filtered). */
  options: readonly T[];
  getKey: (option: T) => string;
  renderOption: (option: T) => ReactNode;
  onPick: (option: T) => void;
  /** Enter without a highlighted suggestion. */
  onSubmitText?: () => void;
  /** Suggestions show once this many characters are typed (0: on focus). */
  minChars?: number;
  placeholder?: string;
  inputRef?: Ref<HTMLInputElement>;
  isLabelVisible?: boolean;
  trailing?: ReactNode;
  name?: string;
  required?: boolean;
  error?: string;
  emptyText?: string;
}

/**
 * A text field with a listbox of suggestions (the WAI-ARIA combobox pattern): arrow keys move through
 * them, Enter picks, Escape closes. The list sits under the field, as wide as it, so it never widens
 * the page on a phone.
 */
export function Combobox<T>({
  label,
  value,
  onChange,
  options,
  getKey,
  renderOption,
  onPick,
  onSubmitText,
  minChars = 2,
  placeholder,
  inputRef,
  isLabelVisible = false,
  trailing,
  name,
  required,
  error,
  emptyText,
}: ComboboxProps<T>) {
  const id = useId();
  const [active, setActive] = useState(-1);
  const [isDismissed, setIsDismissed] = useState(minChars === 0);
  const isLongEnough = value.trim().length >= minChars;
  const isOpen = !isDismissed && isLongEnough && (options.length > 0 || Boolean(emptyText));

  const pick = (option: T) => {
    setActive(-1);
    setIsDismissed(true);
    onPick(option);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!isOpen) setIsDismissed(false);
      else if (options.length > 0) setActive((i) => (i + 1) % options.length);
    } else if (event.key === 'ArrowUp' && isOpen && options.length > 0) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      event.stopPropagation();
      setIsDismissed(true);
    } else if (event.key === 'Enter') {
      const chosen = isOpen && active >= 0 ? options[active] : undefined;
      if (chosen !== undefined) {
        event.preventDefault();
        pick(chosen);
      } else if (onSubmitText) {
        event.preventDefault();
        onSubmitText();
      }
    }
  };

  return (
    <div className="combobox field">
      <label htmlFor={id} className={isLabelVisible ? 'field-label' : 'visually-hidden'}>
        {label}
      </label>
      <div className="combobox-row">
        <input
          id={id}
          ref={inputRef}
          name={name}
          required={required}
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
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
          onFocus={() => minChars === 0 && setIsDismissed(false)}
          onClick={() => setIsDismissed(false)}
          onKeyDown={handleKeyDown}
          onBlur={() => setTimeout(() => setIsDismissed(true), 150)}
        />
        {trailing}
      </div>
      {isOpen ? (
        <ul id={`${id}-list`} role="listbox" aria-label={`${label} suggestions`} className="combobox-list">
          {options.length === 0 ? <li className="combobox-empty muted small">{emptyText}</li> : null}
          {options.map((option, index) => (
            <li
              key={getKey(option)}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'combobox-option is-active' : 'combobox-option'}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(option)}
            >
              {renderOption(option)}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
