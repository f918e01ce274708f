import type { z } from 'zod';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Response schemas by status; `null` marks a status answered without a body (204). */
export type RouteResponses = Readonly<Record<number, z.ZodType | null>>;

/**
 * One endpoint, declared once: the server registers it and the web client calls it from this object, so a path is
 * never paired with its schemas by hand. `path` uses `:name` segments, filled from `params`.
 */
export interface RouteContract {
  readonly method: RouteMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /**
   * The fields of a multipart form (with file parts) that the handler reads and checks itself: a stream's fields
   * exist only once it is read. With `form` set, `body` (if any) describes the JSON alternative the same handler
   * accepts, and neither is registered as the route's body schema.
   */
  readonly form?: z.ZodType;
  readonly responses: RouteResponses;
}

/** Returns the route unchanged; `const` keeps the method, path and statuses as literal types. */
export function defineRoute<const R extends RouteContract>(route: R): R {
  return route;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a caller sends for the route's params, query and body (zod input types: defaults may be left out). */
export type RouteParams<R extends RouteContract> = InputOf<R['params']>;
export type RouteQuery<R extends RouteContract> = InputOf<R['query']>;
export type RouteBody<R extends RouteContract> = InputOf<R['body']>;

/** What a successful call yields: the parsed body of its 2xx response, `undefined` for a bodiless one. */
export type RouteResult<R extends RouteContract> = {
  [S in keyof R['responses'] & SuccessStatus]: R['responses'][S] extends z.ZodType ? z.output<R['responses'][S]> : undefined;
}[keyof R['responses'] & SuccessStatus];

/** The schema of the route's first 2xx response that has a body, or null when success carries no body. */
export function getSuccessSchema(route: RouteContract): z.ZodType | null {
  for (const [status, schema] of Object.entries(route.responses)) {
    const code = Number(status);
    if (code >= 200 && code < 300 && schema) return schema;
  }
  return null;
}

/** Fills `:name` segments of the path from params, each percent-encoded so a value cannot add a segment. */
export function buildRoutePath(route: Pick<RouteContract, 'path'>, params?: Readonly<Record<string, unknown>>): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value as string | number));
  });
}
