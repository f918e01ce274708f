import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'warning' | 'danger';
}

/** A titled content block; a `section` so its heading structures the page. */
export function Card({ title, actions, tone = 'default', className, children, ...rest }: CardProps) {
  return (
    <section className={['card', `card-${tone}`, className ?? ''].filter(Boolean).join(' ')} {...rest}>
      {title || actions ? (
        <header className="card-header">
          {title ? <h2 className="card-title">{title}</h2> : null}
          {actions ? <div className="card-actions">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
