import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Command } from 'cmdk';
import { Icon } from './icon';

export interface SearchableSelectOption {
  value: string;
  label: string;
}

export interface SearchableSelectProps {
  label: string;
  options: readonly SearchableSelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** Shown on the button while nothing is chosen. */
  placeholder: string;
  /** Sent with the form under this name (a hidden input). */
  name?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  error?: string;
  /** The button, so a form can focus the field when it is the first invalid one (react-hook-form's field ref). */
  ref?: Ref<HTMLButtonElement>;
}

/** Matches every typed word anywhere in the option's label, ignoring case: "lidl sta" finds "Lidl Station Road". */
function matchOption(_value: string, search: string, keywords?: string[]): number {
  const text = (keywords ?? []).join(' ').toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word))
    ? 1
    : 0;
}

/**
 * A select with a search box, for long option lists (the deal form's stores). The button shows the choice;
 * opening it shows a filter field over a listbox (cmdk): type to narrow, arrow keys to move, Enter to pick,
 * Escape to close. The list opens in place under the button, so inside a dialog on a phone it scrolls with the
 * dialog and is never clipped.
 */
export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  name,
  searchPlaceholder = 'Type to search',
  emptyText = 'No match',
  error,
  ref,
}: SearchableSelectProps) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [search, setSearch] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const chosen = options.find((option) => option.value === value);

  function close() {
    setIsOpen(false);
    setSearch('');
    buttonRef.current?.focus();
  }

  function handleButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
    }
  }

  function handlePanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  }

  return (
    <div className="field searchable-select">
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <button
        ref={(button) => {
          buttonRef.current = button;
          if (typeof ref === 'function') ref(button);
          else if (ref) ref.current = button;
        }}
        id={id}
        type="button"
        className="field-input searchable-select-button"
        aria-labelledby={`${id}-label ${id}`}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? `${id}-panel` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
        onKeyDown={handleButtonKeyDown}
      >
        <span className={chosen ? undefined : 'muted'}>{chosen?.label ?? placeholder}</span>
        <Icon name="chevron-down" size={16} />
      </button>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {isOpen ? (
        <Command
          id={`${id}-panel`}
          className="searchable-select-panel"
          // cmdk labels its filter field with this.
          label={`Search ${label.toLowerCase()}`}
          filter={matchOption}
          loop
          data-keeps-escape=""
          onKeyDown={handlePanelKeyDown}
        >
          <Command.Input className="field-input" value={search} onValueChange={setSearch} placeholder={searchPlaceholder} autoFocus />
          <Command.List className="searchable-select-list" label={label}>
            <Command.Empty className="muted small searchable-select-empty">{emptyText}</Command.Empty>
            {options.map((option) => (
              <Command.Item
                key={option.value}
                value={option.value}
                keywords={[option.label]}
                className="searchable-select-option"
                onSelect={() => {
                  onChange(option.value);
                  close();
                }}
              >
                <span>{option.label}</span>
                {option.value === value ? <Icon name="check" size={16} /> : null}
              </Command.Item>
            ))}
          </Command.List>
        </Command>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
