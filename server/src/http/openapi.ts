import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * OpenAPI 3 generated from the routes' zod contracts, at /api/openapi.json, and a reference page at /api/docs
 * (Swagger UI's files come from the npm package: nothing is fetched from a CDN). Register before the routes:
 * @fastify/swagger collects them as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cartwise API',
        version: '1',
        description:
          'Sign in through the app (a session cookie), or create a personal access token in Settings and send it as ' +
          "`Authorization: Bearer <token>`. A token acts as its owner; operator routes need an operator's token.",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token from Settings' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
      security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    },
    transform: jsonSchemaTransform,
    // better-auth's own endpoints (/api/auth/*) and the docs themselves are not part of the scripted API.
    hideUntagged: false,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { url: '/api/openapi.json', docExpansion: 'list', deepLinking: true },
    // Served under the app's own CSP (security-headers.ts): Swagger UI's page needs no inline script.
    staticCSP: false,
  });
}
