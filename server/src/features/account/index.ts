// What other features may use of account; everything else in this folder is private to it.
export { deleteAccount } from './account-deletion.service';
export { accountRoutes } from './account.routes';
export { realtimeRoutes } from './realtime.routes';
