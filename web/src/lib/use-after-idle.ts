import { useEffect, useState } from 'react';

const IDLE_TIMEOUT_MS = 2000;

/**
 * True once the browser has been idle after the first paint (or after at most two seconds): code not needed to
 * draw the page (menus, toasts) loads then, off the startup path.
 */
export function useAfterIdle(): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIsIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIsIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return isIdle;
}
