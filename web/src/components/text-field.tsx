import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** Takes `ref` like an input (React 19 passes it as a prop), so react-hook-form can register it. */
export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** A control shown inside the input's right edge (a show-password toggle). */
  adornment?: ReactNode;
}

export function TextField({ label, hint, error, adornment, className, ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const input = <input id={id} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />;
  return (
    <div className={['field', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {adornment ? (
        <div className="field-control">
          {input}
          {adornment}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
