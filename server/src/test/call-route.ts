import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  ZApiError,
  buildRoutePath,
  getSuccessSchema,
  type RouteBody,
  type RouteContract,
  type RouteParams,
  type RouteQuery,
  type RouteResult,
  type TApiError,
} from '@cartwise/contracts';
import type { App } from '../app-types';

/** A field the caller may leave out when the route has none or when every key of it is optional. */
type Field<K extends string, T> = undefined extends T ? { [P in K]?: T } : object extends T ? { [P in K]?: T } : { [P in K]: T };

type Headers = Record<string, string | undefined>;

/** A multipart body (with its content-type header) for a route that declares a `form`. */
type FormBody<R extends RouteContract> = R extends { readonly form: object } ? FormData | Buffer : never;

/** What a test sends besides the route: params, query and JSON body typed from the contract, and extra headers. */
export type RouteInput<R extends RouteContract> = Field<'params', RouteParams<R>> &
  Field<'query', RouteQuery<R>> &
  Field<'body', RouteBody<R> | FormBody<R>> & { headers?: Headers; remoteAddress?: string };

/** The input may be left out when the route needs no params, query or body. */
type InputArgs<R extends RouteContract> = object extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export interface RouteResponse<R extends RouteContract> {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  /** The raw body text, as the server wrote it. */
  body: string;
  /** The 2xx body parsed by the route's response schema: a reply that drifted from the contract fails here. */
  json(): RouteResult<R>;
  /** The error body of a non-2xx reply, in the API's one error shape (extra fields kept). */
  error(): TApiError & Record<string, unknown>;
  /** The underlying injected response (cookies, raw payload). */
  raw: LightMyRequestResponse;
}

function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}

/** Serialises a query object as a browser would: arrays repeat their key, empty values are left out. */
export function buildQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) search.append(key, String(item as string | number | boolean));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls a route declared with `defineRoute` through `app.inject`: method and URL come from the contract (params
 * percent-encoded, query serialised), so a test never writes an `/api/...` path by hand.
 */
export function callRoute<R extends RouteContract>(app: App, route: R, ...[input]: InputArgs<R>): Promise<RouteResponse<R>> {
  return sendRoute(app, route, (input ?? {}) as BadRouteInput);
}

/**
 * What a test sends that the contract's types refuse: loose params, a query written by hand (an object or the text
 * after `?`), any body (a string is sent as written), extra headers such as another content type.
 */
export interface BadRouteInput {
  params?: Readonly<Record<string, unknown>>;
  query?: string | Readonly<Record<string, unknown>>;
  body?: unknown;
  headers?: Headers;
  remoteAddress?: string;
}

/**
 * Calls a contract route with input its types refuse (a malformed body, a wrong param, a hand-built query) to test
 * the server's refusals; method and path still come from the contract, so a path change breaks the test.
 */
export function callRouteWithBadInput<R extends RouteContract>(app: App, route: R, input: BadRouteInput = {}): Promise<RouteResponse<R>> {
  return sendRoute(app, route, input);
}

async function sendRoute<R extends RouteContract>(app: App, route: R, input: BadRouteInput): Promise<RouteResponse<R>> {
  const { params, query, body, headers, remoteAddress } = input;
  const search = typeof query === 'string' ? (query ? `?${query.replace(/^\?/, '')}` : '') : buildQueryString(query);
  const options: InjectOptions = { method: route.method, url: buildRoutePath(route, params) + search };
  if (headers) options.headers = headers;
  if (remoteAddress) options.remoteAddress = remoteAddress;
  if (body !== undefined) options.payload = body as InjectOptions['payload'];
  const response = await app.inject(options);
  const describe = () => `${route.method} ${route.path} answered ${response.statusCode}: ${response.body}`;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: response.body,
    raw: response,
    json() {
      if (!isSuccess(response.statusCode)) throw new Error(`Expected a 2xx answer; ${describe()}`);
      const schema = getSuccessSchema(route);
      if (!schema) return undefined as RouteResult<R>;
      const parsed = schema.safeParse(response.json());
      if (!parsed.success) throw new Error(`The answer does not match the contract; ${describe()}\n${parsed.error.message}`);
      return parsed.data as RouteResult<R>;
    },
    error() {
      if (isSuccess(response.statusCode)) throw new Error(`Expected an error answer; ${describe()}`);
      return ZApiError.loose().parse(response.json());
    },
  };
}

export interface RouteClient {
  call<R extends RouteContract>(route: R, ...input: InputArgs<R>): Promise<RouteResponse<R>>;
}

/** A client that sends a signed-in shopper's session cookie with every call: `actAs(app, alice).call(listsApi.list)`. */
export function actAs(app: App, user: { cookie: string }): RouteClient {
  return {
    call<R extends RouteContract>(route: R, ...[input]: InputArgs<R>) {
      const headers = { cookie: user.cookie, ...input?.headers };
      return callRoute(app, route, ...([{ ...input, headers }] as InputArgs<R>));
    },
  };
}
