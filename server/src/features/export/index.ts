// What the rest of the server may use of export; everything else in this folder is private to it.
export { exportRoutes } from './export.routes';
