import { useMutation, useQuery } from '@tanstack/react-query';
import { billingApi, type TBilling } from '@cartwise/contracts';
import { callApi } from '../../lib/api-client';
import { formatDate, getActiveFormat } from '../../lib/format';

export const BILLING_KEY = ['billing'] as const;

export function useBilling(options: { isPolling?: boolean } = {}) {
  return useQuery({
    queryKey: BILLING_KEY,
    queryFn: ({ signal }) => callApi(billingApi.status, { signal }),
    // Back from Checkout, the webhook may land a moment after the shopper: look again until it has.
    refetchInterval: (query) => (options.isPolling && query.state.data?.status !== 'paid' ? 3000 : false),
  });
}

/** Sends the browser to a Stripe page (Checkout or the customer portal) once the server has opened it. */
function useStripeRedirect(route: typeof billingApi.checkout | typeof billingApi.portal) {
  return useMutation({
    mutationFn: () => callApi(route, {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const useStartCheckout = () => useStripeRedirect(billingApi.checkout);
export const useOpenPortal = () => useStripeRedirect(billingApi.portal);

/** A billing date in the shopper's locale (not the browser's), like every other date in the app. */
export function formatBillingDate(iso: string | null): string {
  return formatDate(iso, getActiveFormat());
}

export const STATUS_LABEL: Record<TBilling['status'], string> = {
  trial: 'Free trial',
  paid: 'Subscribed',
  expired: 'Trial ended',
  free: 'Free',
};

export const PAID_FEATURES_TEXT = 'reading receipt photos, split-cart plans and deal alerts';
