import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TReceipt } from '@cartwise/contracts';
import { Button, Card, SelectField, SkeletonCard, toast } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { HOUSEHOLDS_KEY, shareReceipt, useHouseholds } from './households-api';
// Its own styles: the receipt page may be the first household-related screen this visit loads.
import './households.css';

/**
 * On a receipt's page: receipts are personal until the shopper shares one with their household (whose spending page
 * then counts it), and they can make it personal again. Nothing shows for a shopper in no household.
 */
export function ReceiptShare({ receipt }: { receipt: Pick<TReceipt, 'id' | 'householdId'> }) {
  const queryClient = useQueryClient();
  const households = useHouseholds();
  const items = households.data?.items ?? [];
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  // The card's shape holds its place while households load, so it does not pop in under the receipt.
  if (households.isPending) return <SkeletonCard label="Loading household sharing..." rows={2} className="receipt-share-card" />;
  if (items.length === 0) return null;
  const shared = items.find((household) => household.id === receipt.householdId) ?? null;
  const target = items.find((household) => household.id === pickedId) ?? items[0]!;

  async function change(householdId: string | null, success: string) {
    setIsBusy(true);
    try {
      await shareReceipt(receipt.id, householdId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['receipts'] }),
        queryClient.invalidateQueries({ queryKey: HOUSEHOLDS_KEY }),
      ]);
      toast.success(success);
    } catch (error) {
      toast.error('Could not change sharing', getErrorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Card title="Household" className="receipt-share-card">
      {shared ? (
        <div className="receipt-share">
          <p>
            Shared with {shared.name}: its total counts in the household&apos;s{' '}
            <Link to={`/u/settings/household/${shared.id}/spend`}>shared spending</Link>.
          </p>
          <Button variant="secondary" isBusy={isBusy} busyLabel="Saving..." onClick={() => void change(null, 'Receipt is personal again')}>
            Stop sharing
          </Button>
        </div>
      ) : (
        <div className="receipt-share">
          <p>Only you see this receipt.</p>
          {items.length > 1 ? (
            <SelectField
              label="Household"
              value={target.id}
              onChange={(event) => setPickedId(event.target.value)}
              options={items.map((household) => ({ value: household.id, label: household.name }))}
            />
          ) : null}
          <Button isBusy={isBusy} busyLabel="Saving..." onClick={() => void change(target.id, `Shared with ${target.name}`)}>
            {`Share with ${target.name}`}
          </Button>
        </div>
      )}
    </Card>
  );
}
