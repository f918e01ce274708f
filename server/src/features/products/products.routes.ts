import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productsApi, shelfPricesApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { consumeProductAllowance } from '../../platform/account-limits';
import { fromContract } from '../../http/route-contract';
import { normalizeGtin } from '@cartwise/contracts';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { findProduct, findProductByBarcode, insertProduct, searchProducts, toProductDto } from './products.repo';
import { getProductHistory } from './products.service';
import { reportShelfPrice } from './shelf-prices.service';

/** The shared product catalogue: any signed-in user can search it and add to it. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(productsApi.search),
    handler: async (request) => {
      await requireUser(request);
      const rows = await searchProducts(app.db, request.query.q, request.query.limit);
      return { products: rows.map(toProductDto) };
    },
  });

  app.route({
    ...fromContract(productsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      if (request.body.barcode && (await findProductByBarcode(app.db, request.body.barcode))) {
        throw new HttpError(409, 'barcode_taken', 'A product with this barcode already exists');
      }
      await consumeProductAllowance(app, user.id);
      const row = await insertProduct(app.db, request.body);
      request.log.info({ productId: row.id, userId: user.id }, 'product created');
      return reply.status(201).send(toProductDto(row));
    },
  });

  // 400 for a code that cannot be a GTIN (so a misread scan is told apart from an unknown product), else 404.
  app.route({
    ...fromContract(productsApi.byBarcode),
    handler: async (request) => {
      await requireUser(request);
      const result = normalizeGtin(request.params.code);
      if (!result.isValid) throw badRequest(result.reason);
      const row = await findProductByBarcode(app.db, result.gtin);
      if (!row) throw notFound('Product');
      return toProductDto(row);
    },
  });

  app.route({
    ...fromContract(productsApi.detail),
    handler: async (request) => {
      await requireUser(request);
      const row = await findProduct(app.db, request.params.id);
      if (!row) throw notFound('Product');
      return toProductDto(row);
    },
  });

  app.route({
    ...fromContract(productsApi.history),
    handler: async (request) => {
      const user = await requireUser(request);
      return getProductHistory(app.db, request.params.id, user.id);
    },
  });

  // A shopper's own shelf price: theirs at once, everyone's once approved or matched by another shopper.
  app.route({
    ...fromContract(shelfPricesApi.report),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const result = await reportShelfPrice(app, user.id, request.params.id, request.body);
      request.log.info({ productId: request.params.id, userId: user.id, status: result.status }, 'shelf price reported');
      return reply.status(201).send(result);
    },
  });
};
