// What the rest of the server may use of health; everything else in this folder is private to it.
export { healthRoutes } from './health.routes';
