import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { buildRoutePath, defineRoute, getSuccessSchema, type RouteBody, type RouteParams, type RouteResult } from './define-route';

const ZThing = z.object({ id: z.string(), name: z.string() });

const updateThing = defineRoute({
  method: 'PATCH',
  path: '/api/things/:id',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string().default('x') }),
  responses: { 200: ZThing },
});

const removeThing = defineRoute({
  method: 'DELETE',
  path: '/api/things/:id',
  params: z.object({ id: z.string() }),
  responses: { 204: null },
});

describe('defineRoute', () => {
  it('returns the route itself with its literal method and path', () => {
    expect(updateThing.method).toBe('PATCH');
    expect(updateThing.responses[200]).toBe(ZThing);
    expectTypeOf(updateThing.method).toEqualTypeOf<'PATCH'>();
    expectTypeOf(updateThing.path).toEqualTypeOf<'/api/things/:id'>();
  });

  it('derives what a caller sends and receives', () => {
    expectTypeOf<RouteParams<typeof updateThing>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<RouteBody<typeof updateThing>>().toEqualTypeOf<{ name?: string | undefined }>();
    expectTypeOf<RouteResult<typeof updateThing>>().toEqualTypeOf<{ id: string; name: string }>();
    expectTypeOf<RouteResult<typeof removeThing>>().toEqualTypeOf<undefined>();
  });

  it('finds the schema of the success response, or null for a bodiless one', () => {
    expect(getSuccessSchema(updateThing)).toBe(ZThing);
    expect(getSuccessSchema(removeThing)).toBeNull();
    expect(getSuccessSchema(defineRoute({ method: 'POST', path: '/a', responses: { 400: ZThing, 201: ZThing } }))).toBe(ZThing);
  });
});

describe('buildRoutePath', () => {
  it('percent-encodes each parameter so it stays one segment', () => {
    expect(buildRoutePath(updateThing, { id: 'a/b c?' })).toBe('/api/things/a%2Fb%20c%3F');
  });

  it('refuses a missing parameter', () => {
    expect(() => buildRoutePath(updateThing, {})).toThrow('Missing path parameter "id"');
  });
});
