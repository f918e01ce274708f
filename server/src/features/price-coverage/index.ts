// What the rest of the server may use of price-coverage; everything else in this folder is private to it.
export { priceCoverageRoutes } from './price-coverage.routes';
