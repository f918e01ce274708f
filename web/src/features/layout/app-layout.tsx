import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Icon } from '../../components/icon';
import { useAuth } from '../auth/auth-context';
import { ExpiredBanner } from '../billing/expired-banner';
import { ConnectionBanner } from '../offline/connection-banner';
import { DebugPanel } from './debug-panel';
import { NotificationBell } from './notification-bell';
import { ADMIN_NAV_ITEM, BOTTOM_TABS, MORE_ITEMS, SIDE_NAV, getDisplayName, type NavItem } from './nav-items';
import { ShellTopBar } from './shell-top-bar';
import { UserMenu } from './user-menu';

function NavLinkItem({ item, className }: { item: NavItem; className: string }) {
  return (
    <NavLink to={item.to} className={({ isActive }) => (isActive ? `${className} is-active` : className)}>
      <span className="nav-icon">
        <Icon name={item.icon} />
      </span>
      <span>{item.label}</span>
    </NavLink>
  );
}

/** Signed-in chrome: phone-first bottom tabs, a side nav from tablet width up. */
export function AppLayout() {
  const { user, profile, isAdmin } = useAuth();
  const location = useLocation();
  const [isMoreOpen, setIsMoreOpen] = useState(false);
  const name = getDisplayName(profile, user?.name || user?.email || 'Shopper');
  const sideItems = isAdmin ? [...SIDE_NAV, ADMIN_NAV_ITEM] : SIDE_NAV;
  const moreItems = isAdmin ? [...MORE_ITEMS, ADMIN_NAV_ITEM] : MORE_ITEMS;
  const isMoreActive = moreItems.some((item) => location.pathname.startsWith(item.to));
  // Shop mode has the screen to itself: no tabs under the thumb, and its basket card shows the sync state.
  const isShopping = /^\/u\/lists\/[^/]+\/shop\/?$/.test(location.pathname);

  useEffect(() => setIsMoreOpen(false), [location.pathname]);

  return (
    <div className={isShopping ? 'app-shell is-shopping' : 'app-shell'}>
      <ShellTopBar homePath="/u/dashboard" brandName="Cartwise">
        <NotificationBell />
        <UserMenu name={name} email={user?.email ?? ''} />
      </ShellTopBar>
      <nav className="side-nav" aria-label="Main">
        {sideItems.map((item) => (
          <NavLinkItem key={item.to} item={item} className="side-nav-link" />
        ))}
      </nav>
      <main id="main" className="app-main">
        <ExpiredBanner />
        {isShopping ? null : <ConnectionBanner />}
        <Outlet />
      </main>
      <DebugPanel />
      {isMoreOpen && !isShopping ? (
        <nav className="more-sheet" aria-label="More">
          {moreItems.map((item) => (
            <NavLinkItem key={item.to} item={item} className="more-link" />
          ))}
        </nav>
      ) : null}
      {isShopping ? null : (
        <nav className="bottom-tabs" aria-label="Tabs">
          {BOTTOM_TABS.map((item) => (
            <NavLinkItem key={item.to} item={item} className="tab-link" />
          ))}
          <button
            type="button"
            className={isMoreActive || isMoreOpen ? 'tab-link is-active' : 'tab-link'}
            aria-expanded={isMoreOpen}
            onClick={() => setIsMoreOpen((open) => !open)}
          >
            <span className="nav-icon">
              <Icon name="menu" />
            </span>
            <span>More</span>
          </button>
        </nav>
      )}
    </div>
  );
}
