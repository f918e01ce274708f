import { describe, expect, it } from 'vitest';
import { registerTestApp } from '../test/test-app';

const t = registerTestApp();

interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }> }>
  >;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
}

describe('OpenAPI', () => {
  it('describes the API from the route contracts at /api/openapi.json', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    expect(document.openapi).toMatch(/^3\./);
    const pantry = document.paths['/api/pantry']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    expect(Object.keys(pantry?.properties ?? {})).toEqual(['items', 'total_qty']);
    expect(document.paths['/api/settings/tokens']).toHaveProperty('post');
    expect(document.paths['/api/pantry/{id}']).toHaveProperty('patch');
    expect(document.components.securitySchemes.bearerAuth).toEqual(expect.objectContaining({ type: 'http', scheme: 'bearer' }));
    expect(Object.keys(document.paths).some((p) => p.startsWith('/api/auth/'))).toBe(false);
  });

  it('serves the reference page and its scripts from this server', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const script = await t.app.inject({ method: 'GET', url: new URL(src, 'http://localhost/api/docs/').pathname });
      expect(script.statusCode).toBe(200);
    }
  });
});
