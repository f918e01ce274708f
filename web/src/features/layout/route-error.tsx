import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

// Chromium, Firefox and Safari word a failed lazy-chunk import differently.
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

function describeError(error: unknown): { message: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    return { message: 'This page could not be shown.', detail: `${error.status} ${error.statusText}` };
  }
  const detail = error instanceof Error ? error.message : 'Unknown error';
  if (CHUNK_FAILURE.test(detail)) {
    return {
      message: 'This page could not be loaded. Check your connection and reload: Cartwise may have just been updated.',
      detail,
    };
  }
  return { message: 'This page stopped working. Reloading usually fixes it; nothing you saved is lost.', detail };
}

/**
 * Shown when a page crashes or its chunk fails to load (e.g. after a deploy): a plain explanation and a way on,
 * with the technical message folded away for a bug report.
 */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  const { message, detail } = describeError(error);
  return (
    <main className="centered-page">
      <div className="auth-card not-found route-error">
        <h1>Something went wrong</h1>
        <p className="muted">{message}</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to="/" className="btn btn-ghost">
          Return to Home
        </Link>
        <details className="route-error-detail">
          <summary>Technical details</summary>
          <code>{detail}</code>
        </details>
      </div>
    </main>
  );
}
