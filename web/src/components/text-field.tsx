import type { ComponentPropsWithRef, ReactNode } from 'react';
import { FieldShell } from './field-shell';

/** Takes `ref` like an input (React 19 passes it as a prop), so react-hook-form can register it. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** A control shown inside the input's right edge (a show-password toggle). */
  adornment?: ReactNode;
}

export function TextField({ label, hint, error, adornment, className, ...rest }: TextFieldProps) {
  return (
    <FieldShell
      label={label}
      hint={hint}
      error={error}
      className={className}
      renderControl={(control) => {
        const input = <input {...control} className="field-input" {...rest} />;
        return adornment ? (
          <div className="field-control">
            {input}
            {adornment}
          </div>
        ) : (
          input
        );
      }}
    />
  );
}
