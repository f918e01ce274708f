// What other features may use of splitcart; everything else in this folder is private to it.
export { selectSplitCartSavings, toSplitCartSavings } from './used-plans.service';
export { listFinishedTrips, selectReceiptedTripStores, selectTripsFinishedIn, sumTripSpend } from './finished-trips';
export { matchReceiptToTrip, releaseReceiptFromTrip } from './trip-receipts';
export { recommendationsRoutes } from './recommendations.routes';
