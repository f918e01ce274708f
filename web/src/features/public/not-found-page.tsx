import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { sendClientLog } from '../../lib/client-log';

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    const message = `404 Error: User attempted to access non-existent route: ${location.pathname}`;
    console.error(message);
    sendClientLog('error', message, location.pathname);
  }, [location.pathname]);

  return (
    <main className="centered-page">
      <div className="auth-card not-found">
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1>Oops! Page not found</h1>
        <Link to="/" className="btn btn-primary">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
