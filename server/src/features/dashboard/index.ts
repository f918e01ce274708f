// What the rest of the server may use of dashboard; everything else in this folder is private to it.
export { dashboardRoutes } from './dashboard.routes';
