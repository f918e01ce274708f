export interface SkeletonCardProps {
  /** Read out while the card loads; starts with "Loading" like the spinner's. */
  label: string;
  /** Grey bars standing in for the card's rows, so the page keeps its height when the card arrives. */
  rows?: number;
  hasTitle?: boolean;
  className?: string;
}

/**
 * A card-shaped placeholder for content that arrives after first paint: the real card takes its place at
 * the same size instead of pushing the page down.
 */
export function SkeletonCard({ label, rows = 2, hasTitle = true, className }: SkeletonCardProps) {
  return (
    <div className={['card', 'skeleton-card', className ?? ''].filter(Boolean).join(' ')} role="status">
      <span className="visually-hidden">{label}</span>
      {hasTitle ? <span className="skeleton-bar skeleton-title" aria-hidden="true" /> : null}
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="skeleton-bar skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}
