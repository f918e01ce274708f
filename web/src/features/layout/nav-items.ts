import type { IconName } from '../../components/icon';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

export interface AdminNavItem {
  to: string;
  label: string;
}

/** Side nav on wide screens. */
export const SIDE_NAV: NavItem[] = [
  { to: '/u/dashboard', label: 'Dashboard', icon: 'home' },
  { to: '/u/lists', label: 'Lists', icon: 'list' },
  { to: '/u/pantry', label: 'Pantry', icon: 'pantry' },
  { to: '/u/receipts', label: 'Receipts', icon: 'receipt' },
  { to: '/u/deals', label: 'Deals', icon: 'tag' },
  { to: '/u/check-price', label: 'Check price', icon: 'tag' },
  { to: '/u/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/u/settings', label: 'Settings', icon: 'settings' },
];

export const ADMIN_NAV_ITEM: NavItem = { to: '/admin/dashboard', label: 'Admin', icon: 'shield' };

/** Bottom tab bar on phones; "More" opens the rest. */
export const BOTTOM_TABS: NavItem[] = [
  { to: '/u/dashboard', label: 'Dashboard', icon: 'home' },
  { to: '/u/lists', label: 'Lists', icon: 'list' },
  { to: '/u/receipts', label: 'Receipts', icon: 'receipt' },
  { to: '/u/deals', label: 'Deals', icon: 'tag' },
];

/** Shown in the "More" sheet on phones: everything the four tabs do not cover. */
export const MORE_ITEMS: NavItem[] = [
  { to: '/u/pantry', label: 'Pantry', icon: 'pantry' },
  { to: '/u/check-price', label: 'Check price', icon: 'tag' },
  { to: '/u/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/u/settings', label: 'Settings', icon: 'settings' },
];

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/notifications', label: 'Notifications' },
  { to: '/admin/database', label: 'Database' },
  { to: '/admin/waitlist', label: 'Waitlist' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/features', label: 'Features' },
  { to: '/admin/stores', label: 'Stores' },
  { to: '/admin/moderation', label: 'Moderation' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/logs', label: 'Logs' },
  { to: '/admin/invites', label: 'Invites' },
  { to: '/admin/sql-audit', label: 'SQL audit' },
];

export function getDisplayName(profile: { display_name: string | null; full_name: string } | null, fallback: string): string {
  return profile?.display_name?.trim() || profile?.full_name.trim() || fallback;
}
