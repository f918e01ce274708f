import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context';

/** Name in the top bar plus sign-out; kept tiny because shoppers rarely need it mid-trip. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [isBusy, setIsBusy] = useState(false);

  async function handleSignOut() {
    setIsBusy(true);
    await signOut();
    setIsBusy(false);
    await navigate('/login', { replace: true });
  }

  return (
    <div className="user-menu">
      {name ? (
        <span className="user-name" title={email}>
          {name}
        </span>
      ) : null}
      <button type="button" className="btn btn-ghost btn-small" onClick={handleSignOut} disabled={isBusy}>
        {isBusy ? 'Signing out...' : 'Sign out'}
      </button>
    </div>
  );
}
