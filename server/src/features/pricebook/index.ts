// What other features may use of pricebook; everything else in this folder is private to it.
export { findLatestQuotes } from './pricebook.repo';
export { pricebookRoutes } from './pricebook.routes';
