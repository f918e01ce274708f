import { NavLink, Outlet } from 'react-router';
import { PageHeader } from '../../components/page-header';

const SECTIONS = [
  { to: '/u/settings', label: 'Profile', isEnd: true },
  { to: '/u/settings/notifications', label: 'Notifications', isEnd: false },
  { to: '/u/settings/household', label: 'Household', isEnd: false },
  { to: '/u/settings/preferences', label: 'Preferences', isEnd: false },
  { to: '/u/settings/security', label: 'Security', isEnd: false },
  { to: '/u/settings/export', label: 'Export', isEnd: false },
];

export function SettingsLayout() {
  return (
    <div className="page settings-page">
      <PageHeader title="Settings" />
      <nav className="sub-nav" aria-label="Settings sections">
        {SECTIONS.map((section) => (
          <NavLink key={section.to} to={section.to} end={section.isEnd} className={({ isActive }) => (isActive ? 'sub-nav-link is-active' : 'sub-nav-link')}>
            {section.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
