import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';

/** Takes `ref` like an input, so react-hook-form can register it. */
export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'id' | 'type'> {
  label: ReactNode;
  description?: ReactNode;
}

export function Checkbox({ label, description, className, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <div className={['checkbox', className ?? ''].filter(Boolean).join(' ')}>
      <input id={id} type="checkbox" aria-describedby={description ? `${id}-desc` : undefined} {...rest} />
      <div>
        <label htmlFor={id}>{label}</label>
        {description ? (
          <p id={`${id}-desc`} className="field-hint">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
