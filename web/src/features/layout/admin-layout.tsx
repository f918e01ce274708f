import { Link, NavLink, Outlet } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { ADMIN_NAV, getDisplayName } from './nav-items';
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
      <nav className="admin-nav" aria-label="Admin">
        {ADMIN_NAV.map((item) => (
          <NavLink key={item.to} to={item.to} className={({ isActive }) => (isActive ? 'admin-nav-link is-active' : 'admin-nav-link')}>
            {item.label}
          </NavLink>
        ))}
      </nav>
      <main id="main" className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
