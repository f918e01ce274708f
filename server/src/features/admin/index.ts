// What the rest of the server may use of admin; everything else in this folder is private to it.
export { adminRoutes } from './admin.routes';
export { adminManageRoutes } from './admin-manage.routes';
export { appConfigRoutes } from './app-config.routes';
