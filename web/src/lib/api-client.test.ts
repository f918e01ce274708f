import { afterEach, describe, expect, it, vi } from 'vitest';
import { ZAdminStatsQuery, ZMessage, ZPantryItemParams, defineRoute } from '@cartwise/contracts';
import { ApiError, apiGet, apiSend, callApi, getErrorMessage } from './api-client';

function mockFetch(response: Response | Error) {
  const fn = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('apiGet', () => {
  it('sends cookies and returns the parsed body', async () => {
    const fetchMock = mockFetch(jsonResponse({ message: 'hi' }));
    await expect(apiGet('/api/x', ZMessage)).resolves.toEqual({ message: 'hi' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
  });

  it('throws ApiError with the server message and status', async () => {
    mockFetch(jsonResponse({ error: 'unauthorized', message: 'Sign in first' }, 401));
    const error = await apiGet('/api/me', ZMessage).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).message).toBe('Sign in first');
    expect((error as ApiError).code).toBe('unauthorized');
  });

  it('keeps validation issues from the server', async () => {
    const issues = [{ path: 'email', message: 'Enter a valid email address' }];
    mockFetch(jsonResponse({ error: 'validation', message: 'Invalid input', issues }, 400));
    const error = (await apiGet('/api/x', ZMessage).catch((caught: unknown) => caught)) as ApiError;
    expect(error.issues).toEqual(issues);
  });

  it('falls back to a generic message when the error body is not ZApiError', async () => {
    mockFetch(new Response('<html>bad gateway</html>', { status: 502 }));
    const error = (await apiGet('/api/x', ZMessage).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed (502)');
  });

  it('rejects a success body that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(jsonResponse({ nope: true }));
    const error = (await apiGet('/api/x', ZMessage).catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe('bad_response');
    expect(error.message).toBe('Unexpected response from server');
  });

  it('turns a network failure into status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = (await apiGet('/api/x', ZMessage).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.code).toBe('network_error');
  });
});

describe('apiSend', () => {
  it('sends a JSON body with the method', async () => {
    const fetchMock = mockFetch(jsonResponse({ message: 'Saved' }));
    await expect(apiSend('PUT', '/api/y', { a: 1 }, ZMessage)).resolves.toEqual({ message: 'Saved' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.credentials).toBe('include');
  });
});

describe('getErrorMessage', () => {
  it('uses the fallback for non-errors', () => {
    expect(getErrorMessage('boom')).toBe('Unknown error');
    expect(getErrorMessage(new Error('Nope'))).toBe('Nope');
  });
});

describe('callApi', () => {
  const renameThing = defineRoute({
    method: 'PATCH',
    path: '/api/things/:id',
    params: ZPantryItemParams,
    query: ZAdminStatsQuery,
    body: ZMessage,
    responses: { 200: ZMessage },
  });
  const removeThing = defineRoute({
    method: 'DELETE',
    path: '/api/things/:id',
    params: ZPantryItemParams,
    responses: { 204: null },
  });

  it('builds the URL from the path template and sends the method and body of the route', async () => {
    const fetchMock = mockFetch(jsonResponse({ message: 'renamed' }));
    const result = await callApi(renameThing, { params: { id: 'a/b' }, query: { fresh: '1' }, body: { message: 'x' } });
    expect(result).toEqual({ message: 'renamed' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things/a%2Fb?fresh=1');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"message":"x"}');
  });

  it('checks the success body against the route schema', async () => {
    mockFetch(jsonResponse({ unexpected: 1 }));
    const error = await callApi(renameThing, { params: { id: '1' }, body: { message: 'x' } }).catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe('bad_response');
  });

  it('resolves a bodiless success to undefined and keeps server errors', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(callApi(removeThing, { params: { id: '1' } })).resolves.toBeUndefined();
    mockFetch(jsonResponse({ error: 'not_found', message: 'Not found' }, 404));
    const error = await callApi(removeThing, { params: { id: '1' } }).catch((caught: unknown) => caught);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('Not found');
  });

  it('sends a multipart form as is, leaving its content type to the browser', async () => {
    const uploadThing = defineRoute({ method: 'POST', path: '/api/things', form: ZMessage, responses: { 201: ZMessage } });
    const fetchMock = mockFetch(jsonResponse({ message: 'saved' }, 201));
    const form = new FormData();
    form.set('message', 'x');
    await expect(callApi(uploadThing, { form })).resolves.toEqual({ message: 'saved' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.headers).not.toHaveProperty('content-type');
  });
});
