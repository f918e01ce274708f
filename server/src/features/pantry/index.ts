// What other features may use of pantry; everything else in this folder is private to it.
export { selectPantryExpiringCount } from './pantry.service';
export { pantryRoutes } from './pantry.routes';
