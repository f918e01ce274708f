// Public surface of @cartwise/shared: contracts (zod) and pure domain functions used by server and web.
export * from './domain/money';
export * from './domain/currencies';
export * from './contracts/common';
export * from './contracts/auth';
export * from './contracts/profile';
export * from './contracts/settings';
export * from './contracts/notifications';
export * from './contracts/push';
export * from './contracts/lists';
export * from './contracts/pantry';
export * from './contracts/dashboard';
export * from './contracts/savings';
export * from './contracts/analytics';
export * from './contracts/onboarding';
export * from './domain/constants';
export * from './domain/account-limits';
export * from './domain/subscription';
export * from './domain/dates';
export * from './contracts/admin';
export * from './contracts/admin-api';
export * from './contracts/admin-users';
export * from './contracts/moderation-api';
export * from './contracts/catalogue-admin';
export * from './contracts/price-book-api';
export * from './contracts/price-sources-api';
export * from './contracts/price-coverage';
export * from './contracts/billing';
export * from './domain/csv';
export * from './contracts/deals';
export * from './domain/deal-matching';
export * from './contracts/receipts';
export * from './contracts/products';
export * from './contracts/splitcart';
export {
  ZParsedSize,
  ZConsistencyCheck,
  ZParsedReceipt,
  type TConsistencyCheck,
  type TParsedReceipt,
  type ParsedReceipt,
  type Field,
} from './contracts/parsed-receipt';
export * from './domain/sizes';
export * from './contracts/households';
export * from './domain/gtin';
export * from './contracts/api-tokens';
export * from './api/define-route';
