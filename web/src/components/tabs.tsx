import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import * as RadixTabs from '@radix-ui/react-tabs';

export interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
}

export interface TabsProps<T extends string> {
  label: string;
  tabs: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The panel for the selected tab. */
  children: ReactNode;
}

/** In-page tabs (arrow keys move between them) on Radix Tabs; the one tab style, shared with TabNav. */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onChange(next as T)} className="tabs">
      <RadixTabs.List className="tabs-list" aria-label={label}>
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className="tab">
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      <RadixTabs.Content value={value} className="tabs-panel">
        {children}
      </RadixTabs.Content>
    </RadixTabs.Root>
  );
}

export interface TabNavItem {
  to: string;
  label: ReactNode;
  isEnd?: boolean;
}

/** Tabs that are pages (settings sections): links, styled like Tabs, the current one marked. */
export function TabNav({ label, items }: { label: string; items: readonly TabNavItem[] }) {
  return (
    <nav className="tabs-list" aria-label={label}>
      {items.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.isEnd} className={({ isActive }) => (isActive ? 'tab is-active' : 'tab')}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
