import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute, listsApi } from '@cartwise/contracts';
import { registerTestApp } from './test-app';
import { createUser, type TestUser } from './factories';
import { actAs, buildQueryString, callRoute, callRouteWithBadInput } from './call-route';

const t = registerTestApp();
let alice: TestUser;

beforeAll(async () => {
  alice = await createUser(t.app);
});

describe('callRoute', () => {
  it('builds the method and URL from the contract and parses the answer with its schema', async () => {
    const created = await callRoute(t.app, listsApi.create, { headers: { cookie: alice.cookie }, body: { name: '  Weekly  ' } });
    expect(created.statusCode).toBe(201);
    const list = created.json();
    expect(list.name).toBe('Weekly');

    const byId = await callRoute(t.app, listsApi.detail, { params: { id: list.id }, headers: { cookie: alice.cookie } });
    expect(byId.json().id).toBe(list.id);
    const byQuery = await callRoute(t.app, listsApi.detailByQuery, { query: { id: list.id }, headers: { cookie: alice.cookie } });
    expect(byQuery.json().name).toBe('Weekly');
  });

  it('sends the shopper cookie through a signed-in client and answers a bodiless success with undefined', async () => {
    const client = actAs(t.app, alice);
    const list = (await client.call(listsApi.create, { body: { name: 'Gone soon' } })).json();
    const removed = await client.call(listsApi.remove, { params: { id: list.id } });
    expect(removed.statusCode).toBe(204);
    expect(removed.json()).toBeUndefined();
    const names = (await client.call(listsApi.list)).json().items.map((item) => item.name);
    expect(names).toContain('Weekly');
    expect(names).not.toContain('Gone soon');
  });

  it('encodes params so a value cannot add a path segment', async () => {
    const response = await actAs(t.app, alice).call(listsApi.detail, { params: { id: 'a/b' } });
    expect(response.statusCode).toBe(400);
    expect(response.error().message).toMatch(/id/i);
  });

  it('fails when a success answer drifts from the contract, and keeps error bodies raw', async () => {
    const drifted = defineRoute({ method: 'GET', path: '/api/lists', responses: { 200: z.object({ lists: z.array(z.string()) }) } });
    const response = await actAs(t.app, alice).call(drifted);
    expect(response.statusCode).toBe(200);
    expect(() => response.json()).toThrow(/does not match the contract/);
    expect(() => response.error()).toThrow(/Expected an error answer/);

    const anonymous = await callRoute(t.app, listsApi.list);
    expect(anonymous.statusCode).toBe(401);
    expect(() => anonymous.json()).toThrow(/Expected a 2xx answer; GET \/api\/lists answered 401/);
    expect(anonymous.error().error).toBeTruthy();
    expect(JSON.parse(anonymous.body)).toEqual(anonymous.error());
  });
});

describe('callRouteWithBadInput', () => {
  it('sends a body, query and param the types refuse to the contract route, so the server refuses them', async () => {
    const headers = { cookie: alice.cookie };
    const unnamed = await callRouteWithBadInput(t.app, listsApi.create, { headers, body: { name: 42 } });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.error().message).toMatch(/name/i);

    const notJson = await callRouteWithBadInput(t.app, listsApi.create, {
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(notJson.statusCode).toBe(400);

    const list = (await callRoute(t.app, listsApi.create, { headers, body: { name: 'Raw query' } })).json();
    expect((await callRouteWithBadInput(t.app, listsApi.detailByQuery, { headers, query: `?id=${list.id}` })).json().name).toBe(
      'Raw query',
    );
    expect((await callRouteWithBadInput(t.app, listsApi.detailByQuery, { headers, query: 'id=' })).statusCode).toBe(400);
  });
});

describe('buildQueryString', () => {
  it('repeats array keys, leaves out empty values and encodes the rest', () => {
    expect(buildQueryString({ q: 'milk & eggs', ids: ['a', 'b'], page: 2, skip: undefined, none: null })).toBe(
      '?q=milk+%26+eggs&ids=a&ids=b&page=2',
    );
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});
