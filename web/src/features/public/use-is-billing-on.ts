import { useEffect, useState } from 'react';
import { APP_CONFIG_PATH } from '@cartwise/contracts/api/boot-paths';

let asked: Promise<boolean> | null = null;

/** Reads `billing.isEnabled` from GET /api/app-config once per page load; a failure counts as off (nothing promised). */
export function fetchIsBillingOn(fetcher: typeof fetch = fetch): Promise<boolean> {
  asked ??= fetcher(APP_CONFIG_PATH, { credentials: 'include' })
    .then(async (res) => (res.ok ? ((await res.json()) as { billing?: { isEnabled?: unknown } } | null) : null))
    .then((body) => body?.billing?.isEnabled === true)
    .catch(() => {
      asked = null;
      return false;
    });
  return asked;
}

/** Forgets the answer (tests). */
export function resetBillingAnswer(): void {
  asked = null;
}

/**
 * Whether billing is set up on this server (undefined while asking), read with a plain fetch: the landing and
 * sign-up pages speak of a trial and a price only when it is, without loading the signed-in app's data layer.
 */
export function useIsBillingOn(): boolean | undefined {
  const [isOn, setIsOn] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    void fetchIsBillingOn().then((value) => {
      if (isCurrent) setIsOn(value);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return isOn;
}
