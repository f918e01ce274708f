import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { receiptsApi } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { notFound } from '../../http/errors';
import { readUpload, toContentTypeOfKey } from './receipt-files';
import { findOwnReceipt, listReceipts, loadReceiptDto, PAGE_SIZE } from './receipts.repo';
import { createReceiptDto, deleteReceipt, linkReceiptItem, updateReceipt } from './receipts.service';

export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(receiptsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      const { q, from, to, page } = request.query;
      const result = await listReceipts(app.db, { userId: user.id, q, from, to }, page);
      return { ...result, page, pageSize: PAGE_SIZE };
    },
  });

  app.route({
    ...fromContract(receiptsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const receipt = await createReceiptDto(app, user.id, request.body);
      request.log.info({ receiptId: receipt.id, items: receipt.items.length }, 'receipt created');
      return reply.status(201).send(receipt);
    },
  });

  app.route({
    ...fromContract(receiptsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      const row = await findOwnReceipt(app.db, user.id, request.params.id);
      if (!row) throw notFound('Receipt');
      return loadReceiptDto(app.db, row);
    },
  });

  app.route({
    ...fromContract(receiptsApi.update),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateReceipt(app, user.id, request.params.id, request.body);
    },
  });

  app.route({
    ...fromContract(receiptsApi.remove),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await deleteReceipt(app, user.id, request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...fromContract(receiptsApi.image),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const row = await findOwnReceipt(app.db, user.id, request.params.id);
      if (!row?.image_key) throw notFound('Receipt image');
      const data = await readUpload(app.files, row.image_key).catch(() => null);
      if (!data) throw notFound('Receipt image');
      return reply.type(toContentTypeOfKey(row.image_key)).header('cache-control', 'private, no-store').send(data);
    },
  });

  app.route({
    ...fromContract(receiptsApi.linkItem),
    handler: async (request) => {
      const user = await requireUser(request);
      return linkReceiptItem(app, user.id, request.params.id, request.params.itemId, request.body.productId);
    },
  });
};
