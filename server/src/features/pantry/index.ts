// What other features may use of pantry; everything else in this folder is private to it.
export { countPantryExpiringBy } from './pantry.service';
export { pantryRoutes } from './pantry.routes';
