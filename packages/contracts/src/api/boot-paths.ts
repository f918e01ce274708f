/**
 * Paths the web app's entry point requests before the route contracts (and zod) have loaded: the contracts
 * declare these routes with the same constants, so the early request and the contract cannot drift apart.
 */
export const PREFERENCES_PATH = '/api/settings/preferences';
