/**
 * Paths the web app's entry point requests before the route contracts (and zod) have loaded: the contracts
 * declare these routes with the same constants, so the early request and the contract cannot drift apart.
 */
export const PREFERENCES_PATH = '/api/settings/preferences';

/** Read by the signed-out landing and sign-up pages (whether billing is on) with a plain fetch. */
export const APP_CONFIG_PATH = '/api/app-config';
