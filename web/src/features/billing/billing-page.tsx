import { useSearchParams } from 'react-router';
import { BILLING_CURRENCY, BILLING_DISABLED_MESSAGE, TRIAL_MONTHS, type TBilling } from '@cartwise/contracts';
import { Badge, Button, Card, FormMessage, Money, Spinner, type BadgeTone } from '../../components';
import { getErrorMessage } from '../../lib/api-client';
import { formatBillingDate, PAID_FEATURES_TEXT, STATUS_LABEL, useBilling, useOpenPortal, useStartCheckout } from './billing-api';

const STATUS_TONE: Record<TBilling['status'], BadgeTone> = { trial: 'info', paid: 'success', expired: 'warning', free: 'neutral' };

function describePlan(billing: TBilling): string {
  const days = billing.trialDaysLeft ?? 0;
  switch (billing.status) {
    case 'trial':
      return `Your free trial ends on ${formatBillingDate(billing.trialEndsAt)}: ${days} day${days === 1 ? '' : 's'} left.`;
    case 'paid':
      if (billing.isCancelling)
        return `Paid until ${formatBillingDate(billing.paidUntil)}. Your subscription ends then and will not renew.`;
      if (!billing.hasSubscription) return `Paid until ${formatBillingDate(billing.paidUntil)} (granted by the operator).`;
      return `Paid until ${formatBillingDate(billing.paidUntil)}. It renews automatically each year.`;
    case 'expired':
      return `Your free trial has ended. Subscribe to keep ${PAID_FEATURES_TEXT}; your lists, pantry, receipts and deals keep working.`;
    default:
      return BILLING_DISABLED_MESSAGE;
  }
}

function CheckoutOutcome({ outcome, status }: { outcome: string | null; status: TBilling['status'] }) {
  if (outcome === 'success') {
    return status === 'paid' ? (
      <FormMessage tone="success">Thank you! Your subscription is active.</FormMessage>
    ) : (
      <FormMessage tone="success">Thank you! Your payment is being confirmed; this page updates in a moment.</FormMessage>
    );
  }
  if (outcome === 'cancelled') return <FormMessage tone="error">Checkout was cancelled: nothing was charged.</FormMessage>;
  return null;
}

export default function BillingPage() {
  const [params] = useSearchParams();
  const outcome = params.get('checkout');
  const billing = useBilling({ isPolling: outcome === 'success' });
  const checkout = useStartCheckout();
  const portal = useOpenPortal();

  if (billing.isPending) return <Spinner label="Loading..." />;
  if (billing.isError) return <FormMessage tone="error">{getErrorMessage(billing.error)}</FormMessage>;
  const data = billing.data;
  const canSubscribe = data.isBillingEnabled && (data.status !== 'paid' || !data.hasSubscription || data.isCancelling);
  const error = checkout.error ?? portal.error;

  return (
    <Card
      title="Billing"
      actions={<Badge tone={STATUS_TONE[data.status]}>{STATUS_LABEL[data.status]}</Badge>}
      tone={data.status === 'expired' ? 'warning' : 'default'}
    >
      <CheckoutOutcome outcome={outcome} status={data.status} />
      <p className="billing-plan">{describePlan(data)}</p>
      {data.isPaymentFailing ? (
        <FormMessage tone="error">
          Your last payment did not go through. Update your card under Manage billing before {formatBillingDate(data.paidUntil)}.
        </FormMessage>
      ) : null}
      {data.isBillingEnabled ? (
        <>
          <dl className="billing-facts">
            <div>
              <dt>Price</dt>
              <dd>
                <Money amount={data.annualPrice} currency={BILLING_CURRENCY} /> a year after a {TRIAL_MONTHS}-month free trial
              </dd>
            </div>
            {/* Only the dates that apply: no "Paid until —" for a shopper who has never paid. */}
            {data.trialEndsAt ? (
              <div>
                <dt>{data.status === 'expired' ? 'Trial ended on' : 'Trial ends'}</dt>
                <dd>{formatBillingDate(data.trialEndsAt)}</dd>
              </div>
            ) : null}
            {data.paidUntil ? (
              <div>
                <dt>Paid until</dt>
                <dd>{formatBillingDate(data.paidUntil)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="form-actions">
            {canSubscribe ? (
              <Button onClick={() => checkout.mutate()} isBusy={checkout.isPending || checkout.isSuccess} busyLabel="Opening checkout...">
                Subscribe
              </Button>
            ) : null}
            {data.hasSubscription ? (
              <Button
                variant="secondary"
                onClick={() => portal.mutate()}
                isBusy={portal.isPending || portal.isSuccess}
                busyLabel="Opening..."
              >
                Manage billing
              </Button>
            ) : null}
          </div>
          <p className="field-hint">Payments are handled by Stripe. Manage billing changes your card, shows your invoices and cancels.</p>
        </>
      ) : null}
      {error ? <FormMessage tone="error">{getErrorMessage(error)}</FormMessage> : null}
    </Card>
  );
}
