import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueAdminApi } from '@cartwise/contracts';
import { requireAdmin } from '../../auth/current-user';
import { fromContract } from '../../http/route-contract';
import { approveCatalogueChange, listCatalogueChanges, rejectCatalogueChange, undoCatalogueChange } from './catalogue-review.service';

/** Operators review shoppers' catalogue changes: approve, reject, or undo an approved one (each audited). */
export const catalogueReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...fromContract(catalogueAdminApi.changes),
    handler: async (request) => {
      await requireAdmin(request);
      return listCatalogueChanges(app, request.query.view);
    },
  });

  app.route({
    ...fromContract(catalogueAdminApi.approve),
    handler: async (request) => approveCatalogueChange(app, await requireAdmin(request), request.params.id),
  });

  app.route({
    ...fromContract(catalogueAdminApi.reject),
    handler: async (request) => rejectCatalogueChange(app, await requireAdmin(request), request.params.id),
  });

  app.route({
    ...fromContract(catalogueAdminApi.undo),
    handler: async (request) => undoCatalogueChange(app, await requireAdmin(request), request.params.id),
  });
};
