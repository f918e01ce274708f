import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from './icon';

/** The one way back up a level: a chevron and the parent's name, 44 px tall. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <Icon name="chevron-left" size={18} />
      <span>{children}</span>
    </Link>
  );
}
