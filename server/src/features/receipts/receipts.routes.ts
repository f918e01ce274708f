import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreateReceipt, ZId, ZLinkReceiptItem, ZReceipt, ZReceiptList, ZReceiptListQuery, ZUpdateReceipt } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { notFound } from '../../http/errors';
import { readUpload, toContentTypeOfKey } from './receipt-files';
import { findOwnReceipt, listReceipts, loadReceiptDto, PAGE_SIZE } from './receipts.repo';
import { createReceiptDto, deleteReceipt, linkReceiptItem, updateReceipt } from './receipts.service';

const ZReceiptParams = z.object({ id: ZId });

export const receiptsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/receipts', { schema: { querystring: ZReceiptListQuery, response: { 200: ZReceiptList } } }, async (request) => {
    const user = await requireUser(request);
    const { q, from, to, page } = request.query;
    const result = await listReceipts(app.db, { userId: user.id, q, from, to }, page);
    return { ...result, page, pageSize: PAGE_SIZE };
  });

  app.post('/api/receipts', { schema: { body: ZCreateReceipt, response: { 201: ZReceipt } } }, async (request, reply) => {
    const user = await requireUser(request);
    const receipt = await createReceiptDto(app, user.id, request.body);
    request.log.info({ receiptId: receipt.id, items: receipt.items.length }, 'receipt created');
    return reply.status(201).send(receipt);
  });

  app.get('/api/receipts/:id', { schema: { params: ZReceiptParams, response: { 200: ZReceipt } } }, async (request) => {
    const user = await requireUser(request);
    const row = await findOwnReceipt(app.db, user.id, request.params.id);
    if (!row) throw notFound('Receipt');
    return loadReceiptDto(app.db, row);
  });

  app.patch(
    '/api/receipts/:id',
    { schema: { params: ZReceiptParams, body: ZUpdateReceipt, response: { 200: ZReceipt } } },
    async (request) => {
      const user = await requireUser(request);
      return updateReceipt(app, user.id, request.params.id, request.body);
    },
  );

  app.delete('/api/receipts/:id', { schema: { params: ZReceiptParams } }, async (request, reply) => {
    const user = await requireUser(request);
    await deleteReceipt(app, user.id, request.params.id);
    return reply.status(204).send();
  });

  app.get('/api/receipts/:id/image', { schema: { params: ZReceiptParams } }, async (request, reply) => {
    const user = await requireUser(request);
    const row = await findOwnReceipt(app.db, user.id, request.params.id);
    if (!row?.image_key) throw notFound('Receipt image');
    const data = await readUpload(app.files, row.image_key).catch(() => null);
    if (!data) throw notFound('Receipt image');
    return reply.type(toContentTypeOfKey(row.image_key)).header('cache-control', 'private, no-store').send(data);
  });

  app.post(
    '/api/receipts/:id/items/:itemId/link',
    { schema: { params: z.object({ id: ZId, itemId: ZId }), body: ZLinkReceiptItem, response: { 200: ZReceipt } } },
    async (request) => {
      const user = await requireUser(request);
      return linkReceiptItem(app, user.id, request.params.id, request.params.itemId, request.body.productId);
    },
  );
};
