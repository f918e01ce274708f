export interface NavItem {
  to: string;
  label: string;
  icon: string;
}

/** Side nav on wide screens. */
export const SIDE_NAV: NavItem[] = [
  { to: '/u/dashboard', label: 'Dashboard', icon: '🏠' },
  { to: '/u/lists', label: 'Lists', icon: '📝' },
  { to: '/u/pantry', label: 'Pantry', icon: '🥫' },
  { to: '/u/receipts', label: 'Receipts', icon: '🧾' },
  { to: '/u/deals', label: 'Deals', icon: '🏷️' },
  { to: '/u/analytics', label: 'Analytics', icon: '📊' },
  { to: '/u/settings', label: 'Settings', icon: '⚙️' },
];

export const ADMIN_NAV_ITEM: NavItem = { to: '/admin/dashboard', label: 'Admin', icon: '🛡️' };

/** Bottom tab bar on phones; "More" opens the rest. */
export const BOTTOM_TABS: NavItem[] = [
  { to: '/u/dashboard', label: 'Dashboard', icon: '🏠' },
  { to: '/u/lists', label: 'Lists', icon: '📝' },
  { to: '/u/receipts', label: 'Receipts', icon: '🧾' },
  { to: '/u/deals', label: 'Deals', icon: '🏷️' },
];

/** Shown in the "More" sheet on phones: everything the four tabs do not cover. */
export const MORE_ITEMS: NavItem[] = [
  { to: '/u/pantry', label: 'Pantry', icon: '🥫' },
  { to: '/u/analytics', label: 'Analytics', icon: '📊' },
  { to: '/u/settings', label: 'Settings', icon: '⚙️' },
];

export const ADMIN_NAV: NavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: '📈' },
  { to: '/admin/users', label: 'Users', icon: '👥' },
  { to: '/admin/notifications', label: 'Notifications', icon: '✉️' },
  { to: '/admin/database', label: 'Database', icon: '🗄️' },
  { to: '/admin/waitlist', label: 'Waitlist', icon: '⏳' },
  { to: '/admin/settings', label: 'Settings', icon: '⚙️' },
  { to: '/admin/features', label: 'Features', icon: '🚩' },
  { to: '/admin/stores', label: 'Stores', icon: '🏬' },
  { to: '/admin/moderation', label: 'Moderation', icon: '✅' },
  { to: '/admin/analytics', label: 'Analytics', icon: '📊' },
  { to: '/admin/logs', label: 'Logs', icon: '📜' },
  { to: '/admin/invites', label: 'Invites', icon: '🎟️' },
  { to: '/admin/sql-audit', label: 'SQL audit', icon: '🔍' },
];

export function getDisplayName(profile: { display_name: string | null; full_name: string } | null, fallback: string): string {
  return profile?.display_name?.trim() || profile?.full_name.trim() || fallback;
}
