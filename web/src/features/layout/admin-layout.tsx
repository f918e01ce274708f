import { Link, NavLink, Outlet } from 'react-router';
import { useAuth } from '../auth/auth-context';
import { ADMIN_NAV, getDisplayName } from './nav-items';
import { UserMenu } from './user-menu';

/** Operator chrome: who is signed in, and every admin screen one tap away. */
export function AdminLayout() {
  const { user, profile } = useAuth();
  const name = getDisplayName(profile, user?.name || 'Admin');
  const email = profile?.email ?? user?.email ?? '';
  return (
    <div className="admin-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="top-bar admin-bar">
        <Link to="/admin/dashboard" className="brand">
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          <span className="brand-name">Cartwise Admin</span>
        </Link>
        <div className="top-bar-actions">
          <p className="admin-who">
            Signed in as <strong>{name}</strong> <span className="muted">({email})</span>
          </p>
          <Link to="/u/dashboard" className="btn btn-ghost btn-small">
            Back to app
          </Link>
          <UserMenu name="" email={email} />
        </div>
      </header>
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
