import { useState } from 'react';
import { getErrorMessage } from '../../lib/api-client';

/**
 * Busy flag and error line for a security card whose forms each make one call to the auth server: the error
 * stays on the card (next to the form) rather than in a toast, so the shopper can correct and retry.
 */
export function useAuthStep() {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function runStep(step: () => Promise<void>) {
    setIsBusy(true);
    setError(null);
    try {
      await step();
    } catch (caught) {
      setError(getErrorMessage(caught));
    } finally {
      setIsBusy(false);
    }
  }

  return { isBusy, error, setError, runStep };
}
