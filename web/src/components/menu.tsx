import type { ReactNode } from 'react';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';

export interface MenuItem {
  label: string;
  onSelect: () => void;
  isDisabled?: boolean;
  tone?: 'default' | 'danger';
}

export interface MenuProps {
  trigger: ReactNode;
  items: MenuItem[];
  /** Shown above the items, e.g. who is signed in. */
  heading?: ReactNode;
  align?: 'start' | 'center' | 'end';
  /** Opens as it mounts: a menu loaded on the first click opens for that click. */
  isOpenAtFirst?: boolean;
}

/** A menu button (arrow keys, typeahead, Escape) on Radix DropdownMenu. */
export function Menu({ trigger, items, heading, align = 'end', isOpenAtFirst = false }: MenuProps) {
  return (
    <DropdownMenu.Root defaultOpen={isOpenAtFirst}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align={align} sideOffset={6} collisionPadding={8}>
          {heading ? <DropdownMenu.Label className="menu-heading">{heading}</DropdownMenu.Label> : null}
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.label}
              className={item.tone === 'danger' ? 'menu-item menu-item-danger' : 'menu-item'}
              disabled={item.isDisabled}
              onSelect={item.onSelect}
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
