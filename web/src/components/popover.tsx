import type { ReactNode } from 'react';
import * as RadixPopover from '@radix-ui/react-popover';

export interface PopoverProps {
  /** The button that opens it: rendered as is (Radix wires aria-expanded and aria-controls). */
  trigger: ReactNode;
  children: ReactNode;
  label: string;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  align?: 'start' | 'center' | 'end';
  className?: string;
}

/** A panel anchored to its trigger: Escape and outside clicks close it, focus returns to the trigger. */
export function Popover({ trigger, children, label, isOpen, onOpenChange, align = 'end', className }: PopoverProps) {
  return (
    <RadixPopover.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          className={['popover', className ?? ''].filter(Boolean).join(' ')}
          aria-label={label}
          align={align}
          sideOffset={6}
          collisionPadding={8}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
