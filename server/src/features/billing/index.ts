// What other features may use of billing; everything else in this folder is private to it.
export { assertPaidFeature, cancelSubscriptionNow, hasPaidFeatures, isBillingEnabled } from './billing.service';
export { billingRoutes } from './billing.routes';
export { startTrialReminders } from './trial-reminders';
