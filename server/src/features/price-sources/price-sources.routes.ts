import { rm } from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { priceSourcesApi, ZStartPriceSourceRun } from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { badRequest, notFound } from '../../http/errors';
import { fromContract } from '../../http/route-contract';
import { findFeedUrlProblem } from './feed-url-input';
import { saveFeedUploads } from './feed-uploads';
import { findConfigurableSource, listPriceSources, savePriceSourceConfig } from './price-source-config.service';
import { findRun, listRuns } from './price-source-runs.repo';
import { prepareRun, startRun, type RunInputs } from './price-source-runs.service';

/** The operator's price sources: settings (schedule, area, credentials), runs started by hand, and past runs. */
export const priceSourcesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.route({
    ...fromContract(priceSourcesApi.list),
    handler: async (request) => {
      await requireAdmin(request);
      return { sources: await listPriceSources(app) };
    },
  });

  app.route({
    ...fromContract(priceSourcesApi.save),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return savePriceSourceConfig(app, { actorId: admin.id, sourceId: request.params.source, change: request.body });
    },
  });

  app.route({
    ...fromContract(priceSourcesApi.startRun),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const source = findConfigurableSource(request.params.source);
      let inputs: RunInputs | null = null;
      if (!request.isMultipart()) {
        const parsed = ZStartPriceSourceRun.safeParse(request.body ?? {});
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Give the URL of a feed file');
        if (parsed.data.url) {
          const url = new URL(parsed.data.url);
          const problem = findFeedUrlProblem(url, app.config.isPrivateFeedUrlAllowed);
          if (problem) throw badRequest(problem);
          inputs = { kind: 'url', url };
        } else if (source.discover) inputs = { kind: 'discover' };
        else throw badRequest(`${source.label} reads files: upload them or give a URL.`);
      }
      const { runId, folder } = await prepareRun(app, source);
      try {
        inputs ??= { kind: 'files', files: await saveFeedUploads(request, folder) };
      } catch (error) {
        await rm(folder, { recursive: true, force: true });
        throw error;
      }
      await startRun(app, { runId, folder, source, inputs, startedBy: admin.id });
      return reply.status(202).send({ runId });
    },
  });

  app.route({
    ...fromContract(priceSourcesApi.runs),
    handler: async (request) => {
      await requireAdmin(request);
      return { runs: await listRuns(app, { sourceId: request.query.source, limit: request.query.limit }) };
    },
  });

  app.route({
    ...fromContract(priceSourcesApi.run),
    handler: async (request) => {
      await requireAdmin(request);
      const run = await findRun(app, request.params.runId);
      if (!run) throw notFound('Run');
      return run;
    },
  });
};
