import { useEffect } from 'react';

/**
 * Keeps the screen on while the component is shown (the Screen Wake Lock API), taken again when the page comes
 * back into view, as the browser drops it when the page is hidden. Where the API is missing or refuses (battery
 * saver, an insecure origin), the screen simply sleeps as usual.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinel | null = null;
    let isDone = false;
    async function request() {
      try {
        const next = await wakeLock!.request('screen');
        if (isDone) await next.release();
        else sentinel = next;
      } catch {
        // Refused: nothing to do, the screen sleeps as it would anyway.
      }
    }
    function onVisibilityChange() {
      if (document.visibilityState === 'visible' && (!sentinel || sentinel.released)) void request();
    }
    void request();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      isDone = true;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}
