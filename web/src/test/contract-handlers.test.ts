import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@cartwise/contracts';
import { callApi } from '../lib/api-client';
import { handle, replyError, replyNetworkError, server, takeViolations } from './contract-handlers';

const ZThing = z.object({ id: z.string(), count: z.number().int() });
const thingApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/things/:id',
    params: z.object({ id: z.string().uuid() }),
    query: z.object({ full: z.enum(['yes', 'no']).optional() }),
    responses: { 200: ZThing },
  }),
  rename: defineRoute({
    method: 'PATCH',
    path: '/api/things/:id',
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string().min(1) }),
    responses: { 200: ZThing },
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/things',
    form: z.object({ title: z.string().min(1) }),
    responses: { 201: ZThing },
  }),
  remove: defineRoute({ method: 'DELETE', path: '/api/things/:id', params: z.object({ id: z.string() }), responses: { 204: null } }),
};
const THING_ID = '00000000-0000-4000-8000-000000000001';

describe('handle', () => {
  it('answers a request the contract accepts, with the parsed params, query and body', async () => {
    const seen: unknown[] = [];
    server.use(
      handle(thingApi.get, ({ params, query }) => {
        seen.push(params, query);
        return { id: params.id, count: 2 };
      }),
      handle(thingApi.rename, ({ body }) => {
        seen.push(body);
        return { id: 't1', count: body.name.length };
      }),
      handle(thingApi.remove, () => undefined),
    );
    await expect(callApi(thingApi.get, { params: { id: THING_ID }, query: { full: 'yes' } })).resolves.toEqual({ id: THING_ID, count: 2 });
    await expect(callApi(thingApi.rename, { params: { id: 't1' }, body: { name: 'Milk' } })).resolves.toEqual({ id: 't1', count: 4 });
    await expect(callApi(thingApi.remove, { params: { id: 't1' } })).resolves.toBeUndefined();
    expect(seen).toEqual([{ id: THING_ID }, { full: 'yes' }, { name: 'Milk' }]);
    expect(takeViolations()).toEqual([]);
  });

  it('leaves a request to a path the contract does not name unmatched, and records it', async () => {
    server.use(handle(thingApi.get, () => ({ id: 'x', count: 1 })));
    await expect(fetch('/api/thing/1')).rejects.toThrow();
    expect(takeViolations()).toEqual(['No handler for GET /api/thing/1']);
  });

  it('records params, a query or a body the contract refuses', async () => {
    server.use(
      handle(thingApi.get, () => ({ id: 'x', count: 1 })),
      handle(thingApi.rename, () => ({ id: 'x', count: 1 })),
    );
    await expect(fetch('/api/things/not-a-uuid')).resolves.toHaveProperty('status', 500);
    await expect(fetch(`/api/things/${THING_ID}?full=maybe`)).resolves.toHaveProperty('status', 500);
    await expect(callApi(thingApi.rename, { params: { id: 't1' }, body: { name: '' } })).rejects.toThrow();
    const found = takeViolations();
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/^GET \/api\/things\/:id has params the contract refuses: id:/);
    expect(found[1]).toMatch(/^GET \/api\/things\/:id sends a query the contract refuses: full:/);
    expect(found[2]).toMatch(/^PATCH \/api\/things\/:id sends a body the contract refuses: name:/);
  });

  it('records an answer the contract refuses instead of sending it', async () => {
    server.use(handle(thingApi.rename, () => ({ id: 'x', count: 1.5 })));
    await expect(callApi(thingApi.rename, { params: { id: 't1' }, body: { name: 'Milk' } })).rejects.toMatchObject({
      status: 500,
      code: 'contract_violation',
    });
    expect(takeViolations()).toEqual([
      expect.stringMatching(/^PATCH \/api\/things\/:id answers a body the contract refuses: count:/) as unknown,
    ]);
  });

  it('sends error bodies in the server error shape, and network failures', async () => {
    server.use(handle(thingApi.rename, () => replyError(409, 'Name taken', 'conflict')));
    await expect(callApi(thingApi.rename, { params: { id: 't1' }, body: { name: 'Milk' } })).rejects.toMatchObject({
      status: 409,
      message: 'Name taken',
      code: 'conflict',
    });
    server.use(handle(thingApi.rename, () => replyNetworkError()));
    await expect(callApi(thingApi.rename, { params: { id: 't1' }, body: { name: 'Milk' } })).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(takeViolations()).toEqual([]);
  });

  it('parses a multipart form with the route’s form schema, and records a form it refuses', async () => {
    const seen: unknown[] = [];
    server.use(
      handle(thingApi.upload, ({ form }) => {
        seen.push(form);
        return { id: 'new', count: 1 };
      }),
    );
    const form = new FormData();
    form.set('title', 'Shelf tag');
    form.set('photo', new Blob(['jpeg']), 'tag.jpg');
    await expect(callApi(thingApi.upload, { form })).resolves.toEqual({ id: 'new', count: 1 });
    expect(seen).toEqual([{ title: 'Shelf tag' }]);
    expect(takeViolations()).toEqual([]);
    form.set('title', '');
    await expect(callApi(thingApi.upload, { form })).rejects.toThrow();
    expect(takeViolations()).toEqual([expect.stringMatching(/^POST \/api\/things sends a form the contract refuses: title:/) as unknown]);
  });
});
