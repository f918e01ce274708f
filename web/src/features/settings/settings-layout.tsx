import { Outlet } from 'react-router';
import { TabNav } from '../../components/tabs';
import { PageHeader } from '../../components/page-header';
import { useAppConfig } from '../../lib/app-config';

const BILLING_PATH = '/u/settings/billing';

const SECTIONS = [
  { to: '/u/settings', label: 'Profile', isEnd: true },
  { to: '/u/settings/notifications', label: 'Notifications', isEnd: false },
  { to: '/u/settings/household', label: 'Household', isEnd: false },
  { to: '/u/settings/preferences', label: 'Preferences', isEnd: false },
  { to: '/u/settings/security', label: 'Security', isEnd: false },
  { to: BILLING_PATH, label: 'Billing', isEnd: false },
  { to: '/u/settings/export', label: 'Export', isEnd: false },
];

export function SettingsLayout() {
  // Without billing every account is free: no Billing section (its page, opened by address, says so).
  const isBillingOn = useAppConfig().data?.billing.isEnabled === true;
  const sections = isBillingOn ? SECTIONS : SECTIONS.filter((section) => section.to !== BILLING_PATH);
  return (
    <div className="page settings-page">
      <PageHeader title="Settings" />
      <TabNav label="Settings sections" items={sections} />
      <Outlet />
    </div>
  );
}
