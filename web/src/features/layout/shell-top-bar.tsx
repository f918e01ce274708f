import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/brand-mark';

interface ShellTopBarProps {
  homePath: string;
  brandName: string;
  /** Extra class on the header, for a shell's own colours. */
  className?: string;
  /** The bar's actions, on the right. */
  children: ReactNode;
}

/** The skip link and top bar that both signed-in shells (shopper and operator) start with. */
export function ShellTopBar({ homePath, brandName, className, children }: ShellTopBarProps) {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className={className ? `top-bar ${className}` : 'top-bar'}>
        <Link to={homePath} className="brand">
          <BrandMark />
          <span className="brand-name">{brandName}</span>
        </Link>
        <div className="top-bar-actions">{children}</div>
      </header>
    </>
  );
}
