import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { ADMIN_NAV, ADMIN_NAV_GROUPS, type AdminNavItem } from './nav-items';

function AdminNavGroups({ idPrefix }: { idPrefix: string }) {
  return ADMIN_NAV_GROUPS.map((group) => {
    const items: AdminNavItem[] = ADMIN_NAV.filter((item) => item.group === group);
    if (items.length === 0) return null;
    const headingId = `${idPrefix}-${group.toLowerCase()}`;
    return (
      <div key={group} className="admin-nav-group">
        <p id={headingId} className="admin-nav-heading">
          {group}
        </p>
        <ul aria-labelledby={headingId}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => (isActive ? 'admin-nav-link is-active' : 'admin-nav-link')}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    );
  });
}

/**
 * Every admin screen, grouped: a sidebar on wide screens; on a phone, one "Admin menu" row naming the
 * current screen that opens the same groups (so nothing sits off-screen in a sideways strip).
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const current = ADMIN_NAV.find((item) => pathname.startsWith(item.to));
  return (
    <>
      <nav className="admin-nav admin-nav-wide" aria-label="Admin">
        <AdminNavGroups idPrefix="admin-nav-wide" />
      </nav>
      {/* Keyed by path: the menu closes after each navigation. */}
      <details key={pathname} className="admin-nav-compact">
        <summary>
          <Icon name="menu" size={20} />
          <span>Admin menu{current ? <span className="muted"> · {current.label}</span> : null}</span>
          <Icon name="chevron-down" size={18} />
        </summary>
        <nav className="admin-nav" aria-label="Admin">
          <AdminNavGroups idPrefix="admin-nav-compact" />
        </nav>
      </details>
    </>
  );
}
