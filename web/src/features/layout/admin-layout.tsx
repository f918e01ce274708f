import { Link, Outlet } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { AdminNav } from './admin-nav';
import { getDisplayName } from './nav-items';
import { ShellTopBar } from './shell-top-bar';
import { UserMenu } from './user-menu';

/** Operator chrome: who is signed in, and every admin screen one tap away. */
export function AdminLayout() {
  const { user, profile } = useAuth();
  const name = getDisplayName(profile, user?.name || 'Admin');
  const email = profile?.email ?? user?.email ?? '';
  return (
    <div className="admin-shell">
      <ShellTopBar homePath="/admin/dashboard" brandName="Cartwise Admin" className="admin-bar">
        <p className="admin-who">
          Signed in as <strong>{name}</strong> <span className="muted">({email})</span>
        </p>
        <Link to="/u/dashboard" className="btn btn-ghost btn-small">
          Back to app
        </Link>
        <UserMenu name="" email={email} />
      </ShellTopBar>
      <AdminNav />
      <main id="main" className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
