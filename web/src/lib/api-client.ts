import {
  ZApiError,
  buildRoutePath,
  getSuccessSchema,
  type RouteBody,
  type RouteContract,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
} from '@cartwise/contracts';

/** The part of a zod schema the client needs; keeps this module independent of zod's generics. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiIssue {
  path: string;
  message: string;
}

/** Thrown for every failed call; `message` is the server's user-facing message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];

  constructor(status: number, message: string, code = 'error', issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

const CLIENT_SIDE_CODES = new Set(['http_error', 'network_error', 'bad_response']);

/** The message the server itself sent (ZApiError body), or null when the failure had no server message. */
export function getServerMessage(error: unknown): string | null {
  return isApiError(error) && !CLIENT_SIDE_CODES.has(error.code) && error.message ? error.message : null;
}

/** A message safe to show a user for any thrown value. */
export function getErrorMessage(error: unknown, fallback = 'Unknown error'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function throwForResponse(response: Response): Promise<never> {
  const body = await readJson(response);
  const parsed = ZApiError.safeParse(body);
  if (parsed.success) {
    throw new ApiError(response.status, parsed.data.message, parsed.data.error, parsed.data.issues ?? []);
  }
  const fallback = response.statusText || `Request failed (${response.status})`;
  throw new ApiError(response.status, fallback, 'http_error');
}

async function request<T>(path: string, init: RequestInit, schema: ResponseSchema<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', ...init });
  } catch (error) {
    throw new ApiError(0, 'Network error: check your connection and try again', 'network_error', [
      { path: '', message: getErrorMessage(error) },
    ]);
  }
  if (!response.ok) return throwForResponse(response);
  const body = await readJson(response);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    // A contract mismatch is a bug between server and web; log the detail, show a plain message.
    console.error('Unexpected response shape', path, parsed.error);
    throw new ApiError(response.status, 'Unexpected response from server', 'bad_response');
  }
  return parsed.data;
}

export function apiGet<T>(path: string, schema: ResponseSchema<T>, signal?: AbortSignal): Promise<T> {
  return request(path, { method: 'GET', headers: { accept: 'application/json' }, signal }, schema);
}

export function apiSend<T>(method: HttpMethod, path: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  const init: RequestInit = { method, headers: { accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  return request(path, init, schema);
}

/** A field the caller may leave out when the route has none or when every key of it is optional. */
type Field<K extends string, T> = undefined extends T ? { [P in K]?: T } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** What `callApi` takes besides the route: params, query and body when the route declares them. */
export type CallInput<R extends RouteContract> = Field<'params', RouteParams<R>> &
  Field<'query', RouteQuery<R>> &
  BodyInput<R> & { signal?: AbortSignal };

/** A form route takes its multipart form, or the JSON body it also declares; any other route its body. */
type BodyInput<R extends RouteContract> = R['form'] extends object
  ? R['body'] extends object
    ? { form: FormData; body?: never } | { form?: never; body: RouteBody<R> }
    : { form: FormData }
  : Field<'body', RouteBody<R>>;

const NO_BODY: ResponseSchema<undefined> = { safeParse: () => ({ success: true, data: undefined }) };

function buildQuery(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls a route declared with `defineRoute`: the URL comes from its path template (params percent-encoded), the
 * method from the route, and the success body is checked against the route's own response schema.
 */
export function callApi<R extends RouteContract>(route: R, input: CallInput<R>): Promise<RouteResult<R>> {
  const { params, query, body, form, signal } = input as {
    params?: Record<string, unknown>;
    query?: unknown;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  const url = buildRoutePath(route, params) + buildQuery(query);
  const schema = (getSuccessSchema(route) ?? NO_BODY) as ResponseSchema<RouteResult<R>>;
  const headers: Record<string, string> = { accept: 'application/json' };
  const init: RequestInit = { method: route.method, headers, signal };
  // A form keeps the browser's own multipart content type (with its boundary).
  if (form) init.body = form;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  return request(url, init, schema);
}

/** For calls whose answer body does not matter (e.g. 204 or a plain acknowledgement). */
export const ZIgnoredBody: ResponseSchema<unknown> = { safeParse: (data) => ({ success: true, data }) };
