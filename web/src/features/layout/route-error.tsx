import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Shown when a page crashes or its chunk fails to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="centered-page">
      <div className="auth-card">
        <h1>Something went wrong</h1>
        <p className="muted">{detail}</p>
        <p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload page
          </button>
        </p>
        <Link to="/">Return to Home</Link>
      </div>
    </main>
  );
}
