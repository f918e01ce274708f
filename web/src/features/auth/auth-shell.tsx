import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';

/** Frame for the public account pages: brand on top, one focused card. */
export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="centered-page">
      <Link to="/" className="brand brand-centered">
        <BrandMark />
        Cartwise
      </Link>
      <div className="auth-card">
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="muted auth-subtitle">{subtitle}</p> : null}
        {children}
      </div>
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </main>
  );
}
