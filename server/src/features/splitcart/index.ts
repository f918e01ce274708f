// What other features may use of splitcart; everything else in this folder is private to it.
export { sumSplitCartSavings } from './used-plans.service';
export { listFinishedTrips, sumTripSpendWithoutReceipts } from './finished-trips';
export { matchReceiptToTrip, releaseReceiptFromTrip } from './trip-receipts';
export { recommendationsRoutes } from './recommendations.routes';
