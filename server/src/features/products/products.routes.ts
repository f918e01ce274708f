import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateProduct, ZId, ZProduct, ZProductHistory, ZProductList, ZProductSearchQuery } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { notFound } from '../../http/errors';
import { findProduct, insertProduct, searchProducts, toProductDto } from './products.repo';
import { getProductHistory } from './products.service';

const ZProductParams = z.object({ id: ZId });

/** The shared product catalogue: any signed-in user can search it and add to it. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products', { schema: { querystring: ZProductSearchQuery, response: { 200: ZProductList } } }, async (request) => {
    await requireUser(request);
    const rows = await searchProducts(app.db, request.query.q, request.query.limit);
    return { products: rows.map(toProductDto) };
  });

  app.post('/api/products', { schema: { body: ZCreateProduct, response: { 201: ZProduct } } }, async (request, reply) => {
    const user = await requireUser(request);
    const row = await insertProduct(app.db, request.body);
    request.log.info({ productId: row.id, userId: user.id }, 'product created');
    return reply.status(201).send(toProductDto(row));
  });

  app.get('/api/products/:id', { schema: { params: ZProductParams, response: { 200: ZProduct } } }, async (request) => {
    await requireUser(request);
    const row = await findProduct(app.db, request.params.id);
    if (!row) throw notFound('Product');
    return toProductDto(row);
  });

  app.get('/api/products/:id/history', { schema: { params: ZProductParams, response: { 200: ZProductHistory } } }, async (request) => {
    await requireUser(request);
    return getProductHistory(app.db, request.params.id);
  });
};
