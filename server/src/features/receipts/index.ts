import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productsRoutes } from '../products';
import { categorySpendRoutes } from './category-spend.routes';
import { receiptJobsRoutes } from './receipt-jobs.routes';
import { receiptsRoutes } from './receipts.routes';

export { runReceiptJobsOnce, startReceiptJobs } from './receipt-worker';

/** Receipts, uploads and their jobs, the product catalogue and spend by category. */
export const receiptFeatureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(receiptsRoutes);
  await app.register(receiptJobsRoutes);
  await app.register(productsRoutes);
  await app.register(categorySpendRoutes);
};
export { deleteUpload } from './receipt-files';
export { getCategorySpend } from './category-spend.service';
export { listReceiptSavings, selectReceiptSavings, toReceiptSavings } from './deal-savings';
