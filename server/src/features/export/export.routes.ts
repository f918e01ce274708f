import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { ZDataExport, exportApi, getTodayIso } from '@cartwise/contracts';
import { requireUser } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { buildDataExport, buildReceiptItemsCsv, buildReceiptsCsv } from './export.service';

function attach(reply: FastifyReply, fileName: string, contentType: string): void {
  const day = getTodayIso();
  reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="cartwise-${fileName.replace('.', `-${day}.`)}"`)
    .header('cache-control', 'no-store');
}

// No response schemas: the files are sent as text (the zod serializer would JSON-encode CSV and compact the JSON).
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(exportApi.receiptsCsv),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      attach(reply, 'receipts.csv', 'text/csv; charset=utf-8');
      request.log.info({ userId: user.id, file: 'receipts.csv' }, 'data export');
      return buildReceiptsCsv(app, user.id);
    },
  });

  app.route({
    ...fromContract(exportApi.receiptItemsCsv),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      attach(reply, 'receipt-items.csv', 'text/csv; charset=utf-8');
      request.log.info({ userId: user.id, file: 'receipt-items.csv' }, 'data export');
      return buildReceiptItemsCsv(app, user.id);
    },
  });

  app.route({
    ...fromContract(exportApi.allJson),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      // Checked against the contract here and sent indented, so the downloaded file is readable in any editor.
      const data = ZDataExport.parse(await buildDataExport(app, user.id));
      attach(reply, 'all.json', 'application/json; charset=utf-8');
      request.log.info({ userId: user.id, file: 'all.json' }, 'data export');
      return reply.send(`${JSON.stringify(data, null, 2)}\n`);
    },
  });
};
