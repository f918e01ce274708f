import { Outlet } from 'react-router';
import { TabNav } from '../../components/tabs';
import { PageHeader } from '../../components/page-header';

const SECTIONS = [
  { to: '/u/settings', label: 'Profile', isEnd: true },
  { to: '/u/settings/notifications', label: 'Notifications', isEnd: false },
  { to: '/u/settings/household', label: 'Household', isEnd: false },
  { to: '/u/settings/preferences', label: 'Preferences', isEnd: false },
  { to: '/u/settings/security', label: 'Security', isEnd: false },
  { to: '/u/settings/billing', label: 'Billing', isEnd: false },
  { to: '/u/settings/export', label: 'Export', isEnd: false },
];

export function SettingsLayout() {
  return (
    <div className="page settings-page">
      <PageHeader title="Settings" />
      <TabNav label="Settings sections" items={SECTIONS} />
      <Outlet />
    </div>
  );
}
