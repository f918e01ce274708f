import type { IconName } from '../../components/icon';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

export type AdminNavGroup = 'Overview' | 'People' | 'Content' | 'System';

export interface AdminNavItem {
  to: string;
  label: string;
  group: AdminNavGroup;
}

export const ADMIN_NAV_GROUPS: readonly AdminNavGroup[] = ['Overview', 'People', 'Content', 'System'];

/** Side nav on wide screens. */
export const SIDE_NAV: NavItem[] = [
  { to: '/u/dashboard', label: 'Dashboard', icon: 'home' },
  { to: '/u/lists', label: 'Lists', icon: 'list' },
  { to: '/u/pantry', label: 'Pantry', icon: 'pantry' },
  { to: '/u/receipts', label: 'Receipts', icon: 'receipt' },
  { to: '/u/deals', label: 'Deals', icon: 'tag' },
  { to: '/u/check-price', label: 'Check price', icon: 'barcode' },
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
  { to: '/u/check-price', label: 'Check price', icon: 'barcode' },
  { to: '/u/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/u/settings', label: 'Settings', icon: 'settings' },
];

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', group: 'Overview' },
  { to: '/admin/analytics', label: 'Analytics', group: 'Overview' },
  { to: '/admin/users', label: 'Users', group: 'People' },
  { to: '/admin/waitlist', label: 'Waitlist', group: 'People' },
  { to: '/admin/invites', label: 'Invites', group: 'People' },
  { to: '/admin/notifications', label: 'Notifications', group: 'People' },
  { to: '/admin/stores', label: 'Stores', group: 'Content' },
  { to: '/admin/price-sources', label: 'Price sources', group: 'Content' },
  { to: '/admin/moderation', label: 'Moderation', group: 'Content' },
  { to: '/admin/catalogue', label: 'Catalogue', group: 'Content' },
  { to: '/admin/features', label: 'Features', group: 'System' },
  { to: '/admin/settings', label: 'Settings', group: 'System' },
  { to: '/admin/database', label: 'Database', group: 'System' },
  { to: '/admin/logs', label: 'Logs', group: 'System' },
  { to: '/admin/sql-audit', label: 'SQL audit', group: 'System' },
];

export function getDisplayName(profile: { display_name: string | null; full_name: string } | null, fallback: string): string {
  return profile?.display_name?.trim() || profile?.full_name.trim() || fallback;
}
