import type { TAppConfig } from '@cartwise/contracts';

/** The operator's config with every feature on, as a fresh install serves it. */
export const APP_CONFIG: TAppConfig = {
  billing: { isEnabled: false },
  features: { receiptOcr: true, dealSubmissions: true, splitCart: true, dealAlertEmails: true },
  limits: { maxReceiptUploadMb: 10, dealSubmissionsPerDay: 20 },
};
