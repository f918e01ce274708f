import type { ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';

export interface DialogProps {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * Modal dialog on Radix: labelled by its title, traps focus, closes on Escape and outside click, and
 * gives focus back to whatever opened it. A bottom sheet on phones (see styles/overlays.css).
 */
export function Dialog({ isOpen, title, onClose, description, children, footer }: DialogProps) {
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-backdrop" />
        <RadixDialog.Content
          className="dialog"
          {...(description ? {} : { 'aria-describedby': undefined })}
          // An open list inside (a searchable select) takes Escape for itself: it closes the list, not the dialog.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-keeps-escape]')) event.preventDefault();
          }}
        >
          <header className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label="Close">
              ×
            </RadixDialog.Close>
          </header>
          {description ? <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description> : null}
          <div className="dialog-body">{children}</div>
          {footer ? <footer className="dialog-footer">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
