import { useLocation } from 'react-router';
import { BILLING_CURRENCY } from '@cartwise/contracts';
import { Button, FormMessage, Money } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { PAID_FEATURES_TEXT, useBilling, useStartCheckout } from './billing-api';

/**
 * Shown on every signed-in page once the trial has ended without payment: what stopped, and Subscribe. Not on the
 * billing page, whose card says the same with its own Subscribe.
 */
export function ExpiredBanner() {
  const billing = useBilling();
  const checkout = useStartCheckout();
  const { pathname } = useLocation();
  if (billing.data?.status !== 'expired' || pathname.startsWith('/u/settings/billing')) return null;
  return (
    <aside className="billing-banner" role="region" aria-label="Subscription">
      <div className="billing-banner-text">
        <strong>Your free trial has ended.</strong>{' '}
        <span>
          Subscribe for <Money amount={billing.data.annualPrice} currency={BILLING_CURRENCY} /> a year to keep {PAID_FEATURES_TEXT}. Your
          lists, pantry, receipts and deals keep working.
        </span>
        {checkout.isError ? <FormMessage tone="error">{getErrorMessage(checkout.error)}</FormMessage> : null}
      </div>
      <Button onClick={() => checkout.mutate()} isBusy={checkout.isPending || checkout.isSuccess} busyLabel="Opening checkout...">
        Subscribe
      </Button>
    </aside>
  );
}
