import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  isBusy?: boolean;
  /** Text shown while busy; defaults to the normal children. */
  busyLabel?: ReactNode;
  isFullWidth?: boolean;
}

function buildClassName(variant: ButtonVariant, isFullWidth: boolean, extra?: string): string {
  return ['btn', `btn-${variant}`, isFullWidth ? 'btn-block' : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  isBusy = false,
  busyLabel,
  isFullWidth = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buildClassName(variant, isFullWidth, className)}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      {...rest}
    >
      {isBusy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  isFullWidth?: boolean;
}

/** A router link styled as a button (navigation stays a link for assistive tech). */
export function ButtonLink({ variant = 'primary', isFullWidth = false, className, ...rest }: ButtonLinkProps) {
  return <Link className={buildClassName(variant, isFullWidth, className)} {...rest} />;
}
