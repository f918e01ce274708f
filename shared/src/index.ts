// Public surface of @cartwise/shared: contracts (zod) and pure domain functions used by server and web.
export * from './domain/money';
export * from './contracts/common';
export * from './contracts/auth';
export * from './contracts/profile';
export * from './contracts/settings';
export * from './contracts/notifications';
export * from './domain/csv';
export * from './domain/constants';
export * from './domain/subscription';
export * from './contracts/admin';
export * from './contracts/deals';
export * from './domain/deal-matching';
export * from './contracts/receipts';
export * from './contracts/products';
