export interface SpinnerProps {
  label?: string;
  isFullScreen?: boolean;
}

export function Spinner({ label = 'Loading...', isFullScreen = false }: SpinnerProps) {
  return (
    <div className={isFullScreen ? 'spinner-screen' : 'spinner-inline'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
