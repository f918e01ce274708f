import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldShell } from './field-shell';

export interface SelectOption {
  value: string;
  label: string;
}

/** Takes `ref` like a select (React 19 passes it as a prop), so react-hook-form can register and focus it. */
export interface SelectFieldProps extends Omit<ComponentPropsWithRef<'select'>, 'id'> {
  label: ReactNode;
  options: SelectOption[];
  hint?: ReactNode;
  error?: string | null;
}

export function SelectField({ label, options, hint, error, className, ...rest }: SelectFieldProps) {
  return (
    <FieldShell
      label={label}
      hint={hint}
      error={error}
      className={className}
      renderControl={(control) => (
        <select {...control} className="field-input" {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
}
