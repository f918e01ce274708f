import { lazy, Suspense, type ComponentProps } from 'react';

/*
 * The item and rename dialogs (and the dialog library under them) load when the shopper opens one, so a
 * list's first paint does not wait for them.
 */
const ItemDialog = lazy(() => import('./list-item-dialog').then((module) => ({ default: module.ListItemDialog })));
const RenameDialog = lazy(() => import('./rename-list-dialog').then((module) => ({ default: module.RenameListDialog })));

export function ListItemDialog(props: ComponentProps<typeof ItemDialog>) {
  return (
    <Suspense fallback={null}>
      <ItemDialog {...props} />
    </Suspense>
  );
}

export function RenameListDialog(props: ComponentProps<typeof RenameDialog>) {
  return (
    <Suspense fallback={null}>
      <RenameDialog {...props} />
    </Suspense>
  );
}
