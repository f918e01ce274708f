import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productsApi, shelfPricesApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { consumeProductAllowance } from '../../platform/account-limits';
import { fromContract } from '../../http/route-contract';
import { normalizeGtin } from '@cartwise/contracts';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { proposeProduct } from './catalogue-changes.repo';
import { findProductByBarcode, findVisibleProduct, insertProduct, searchProducts, toProductDto } from './products.repo';
import { getProductHistory } from './products.service';
import { reportShelfPrice } from './shelf-prices.service';

/**
 * The product catalogue: a signed-in user searches the public products and their own. What they add is theirs at once
 * and everyone's once an operator approves it or, for a barcode, enough shoppers name it alike (catalogue-changes).
 */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(productsApi.search),
    handler: async (request) => {
      const user = await requireUser(request);
      const rows = await searchProducts(app.db, request.query.q, request.query.limit, user.id);
      return { products: rows.map(toProductDto) };
    },
  });

  app.route({
    ...fromContract(productsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const { barcode } = request.body;
      // A barcode already public is renamed only through review: the shopper's own product with it is theirs meanwhile.
      const existing = barcode ? await findProductByBarcode(app.db, barcode, user.id) : undefined;
      if (existing && existing.owner_user_id === user.id) {
        throw new HttpError(409, 'barcode_taken', 'You already have a product with this barcode');
      }
      await consumeProductAllowance(app, user.id);
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await insertProduct(trx, request.body, user.id);
        await proposeProduct(trx, user.id, created);
        return (await findVisibleProduct(trx, created.id, user.id)) ?? created;
      });
      request.log.info({ productId: row.id, userId: user.id, isPublic: row.owner_user_id === null }, 'product created');
      return reply.status(201).send(toProductDto(row));
    },
  });

  // 400 for a code that cannot be a GTIN (so a misread scan is told apart from an unknown product), else 404.
  app.route({
    ...fromContract(productsApi.byBarcode),
    handler: async (request) => {
      const user = await requireUser(request);
      const result = normalizeGtin(request.params.code);
      if (!result.isValid) throw badRequest(result.reason);
      const row = await findProductByBarcode(app.db, result.gtin, user.id);
      if (!row) throw notFound('Product');
      return toProductDto(row);
    },
  });

  app.route({
    ...fromContract(productsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      const row = await findVisibleProduct(app.db, request.params.id, user.id);
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
