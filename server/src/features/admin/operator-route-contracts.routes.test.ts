import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminApi,
  adminManageApi,
  appConfigApi,
  catalogueAdminApi,
  getSuccessSchema,
  moderationApi,
  priceBookApi,
  priceCoverageApi,
  priceSourcesApi,
  type RouteContract,
} from '@cartwise/contracts';
import { registerTestApp } from '../../test/test-app';

const t = registerTestApp();

const OPERATOR_ROUTES: RouteContract[] = [
  adminApi,
  adminManageApi,
  appConfigApi,
  catalogueAdminApi,
  moderationApi,
  priceBookApi,
  priceSourcesApi,
  priceCoverageApi,
].flatMap((group) => Object.values(group));

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

async function readOpenApiPaths(): Promise<Record<string, Record<string, OpenApiOperation>>> {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json<{ paths: Record<string, Record<string, OpenApiOperation>> }>().paths;
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('operator route contracts', () => {
  it('registers every operator route from its contract, with the contract success shape', async () => {
    const paths = await readOpenApiPaths();
    for (const route of OPERATOR_ROUTES) {
      expect(t.app.hasRoute({ method: route.method, url: route.path }), `${route.method} ${route.path}`).toBe(true);
      const operation = paths[toOpenApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path} in OpenAPI`).toBeDefined();
      const schema = getSuccessSchema(route);
      if (!(schema instanceof z.ZodObject)) continue;
      const [status] = Object.keys(route.responses);
      const documented = operation?.responses?.[status!]?.content?.['application/json']?.schema?.properties;
      expect(Object.keys(documented ?? {}).sort(), `${route.method} ${route.path} response`).toEqual(Object.keys(schema.shape).sort());
    }
  });

  it('declares every /api/admin endpoint the server answers in a contract', async () => {
    const paths = await readOpenApiPaths();
    const declared = new Set(OPERATOR_ROUTES.map((route) => `${route.method} ${toOpenApiPath(route.path)}`));
    const served = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((operation) => !declared.has(operation))).toEqual([]);
  });
});
