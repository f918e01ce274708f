import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateProduct, ZId, ZProduct, ZProductHistory, ZProductList, ZProductSearchQuery } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { normalizeGtin } from '@cartwise/contracts';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { findProduct, findProductByBarcode, insertProduct, searchProducts, toProductDto } from './products.repo';
import { getProductHistory } from './products.service';

const ZProductParams = z.object({ id: ZId });
const ZBarcodeParams = z.object({ code: z.string().max(40) });

/** The shared product catalogue: any signed-in user can search it and add to it. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products', { schema: { querystring: ZProductSearchQuery, response: { 200: ZProductList } } }, async (request) => {
    await requireUser(request);
    const rows = await searchProducts(app.db, request.query.q, request.query.limit);
    return { products: rows.map(toProductDto) };
  });

  app.post('/api/products', { schema: { body: ZCreateProduct, response: { 201: ZProduct } } }, async (request, reply) => {
    const user = await requireUser(request);
    if (request.body.barcode && (await findProductByBarcode(app.db, request.body.barcode))) {
      throw new HttpError(409, 'barcode_taken', 'A product with this barcode already exists');
    }
    const row = await insertProduct(app.db, request.body);
    request.log.info({ productId: row.id, userId: user.id }, 'product created');
    return reply.status(201).send(toProductDto(row));
  });

  // 400 for a code that cannot be a GTIN (so a misread scan is told apart from an unknown product), else 404.
  app.get('/api/products/by-barcode/:code', { schema: { params: ZBarcodeParams, response: { 200: ZProduct } } }, async (request) => {
    await requireUser(request);
    const result = normalizeGtin(request.params.code);
    if (!result.isValid) throw badRequest(result.reason);
    const row = await findProductByBarcode(app.db, result.gtin);
    if (!row) throw notFound('Product');
    return toProductDto(row);
  });

  app.get('/api/products/:id', { schema: { params: ZProductParams, response: { 200: ZProduct } } }, async (request) => {
    await requireUser(request);
    const row = await findProduct(app.db, request.params.id);
    if (!row) throw notFound('Product');
    return toProductDto(row);
  });

  app.get('/api/products/:id/history', { schema: { params: ZProductParams, response: { 200: ZProductHistory } } }, async (request) => {
    const user = await requireUser(request);
    return getProductHistory(app.db, request.params.id, user.id);
  });
};
