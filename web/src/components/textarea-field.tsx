import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldShell } from './field-shell';

/** TextField's multi-line twin: same label, hint and inline error wiring, and takes `ref` for react-hook-form. */
export interface TextAreaFieldProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

export function TextAreaField({ label, hint, error, className, ...rest }: TextAreaFieldProps) {
  return (
    <FieldShell
      label={label}
      hint={hint}
      error={error}
      renderControl={(control) => (
        <textarea {...control} className={['field-input', className ?? ''].filter(Boolean).join(' ')} {...rest} />
      )}
    />
  );
}
