// What other features may use of notifications; everything else in this folder is private to it.
export { insertNotifications } from './notifications.repo';
export { notificationsRoutes } from './notifications.routes';
