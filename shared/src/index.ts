// Public surface of @cartwise/shared: contracts (zod) and pure domain functions used by server and web.
export * from './domain/money';
