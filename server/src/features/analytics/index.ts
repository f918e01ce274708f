// What the rest of the server may use of analytics; everything else in this folder is private to it.
export { analyticsRoutes } from './analytics.routes';
