import { lazy, Suspense, useState } from 'react';
import type { DialogProps } from './dialog';

const Dialog = lazy(() => import('./dialog').then((module) => ({ default: module.Dialog })));

/**
 * The Dialog for a page that keeps one mounted but closed (a confirmation): the dialog library loads the
 * first time it opens, not with the page. Once loaded it stays mounted so closing still returns focus.
 */
export function LazyDialog(props: DialogProps) {
  const [hasOpened, setHasOpened] = useState(props.isOpen);
  if (props.isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
