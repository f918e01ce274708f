import { useState } from 'react';
import { Button } from '../../components/button';
import { toast } from '../../components/toast-store';
import { getServerMessage } from '../../lib/api-client';

/** The settings pages save the same way: busy while saving, a "Save failed" toast with the server's reason. */
export function useSaveAction() {
  const [isBusy, setIsBusy] = useState(false);

  async function runSave(save: () => Promise<void>) {
    setIsBusy(true);
    try {
      await save();
    } catch (error) {
      toast.error('Save failed', getServerMessage(error) ?? undefined);
    } finally {
      setIsBusy(false);
    }
  }

  return { isBusy, runSave };
}

export function SaveButtonRow({ isBusy, label = 'Save' }: { isBusy: boolean; label?: string }) {
  return (
    <div className="form-actions">
      <Button type="submit" isBusy={isBusy} busyLabel="Saving...">
        {label}
      </Button>
    </div>
  );
}
