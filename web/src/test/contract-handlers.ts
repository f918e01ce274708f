import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { z } from 'zod';
import { ZApiError, getSuccessSchema, type RouteContract } from '@cartwise/contracts';

/**
 * Test doubles built from the route contracts: the URL pattern and method come from the contract, the request's
 * params, query and body are parsed with its schemas, and the resolver's answer is parsed with its response schema
 * before it is sent. A request no handler matches, or a shape the contract refuses, is recorded as a violation and
 * fails the test that made it (see setup.ts), whatever the page did with the 500 it got.
 */
export const server = setupServer();

type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SuccessStatus = 200 | 201 | 202 | 204;

/** What a resolver returns for a success: the input of the route's 2xx response schema (undefined for a 204). */
export type ReplyBody<R extends RouteContract> = {
  [S in keyof R['responses'] & SuccessStatus]: SchemaInput<R['responses'][S]>;
}[keyof R['responses'] & SuccessStatus];

/** The request as the route declares it, already parsed; `request` is an untouched copy for anything else. */
export interface ContractRequest<R extends RouteContract> {
  params: SchemaOutput<R['params']>;
  query: SchemaOutput<R['query']>;
  body: SchemaOutput<R['body']>;
  /** A multipart form's text fields parsed with the route's `form` schema (file parts stay in `request`). */
  form: SchemaOutput<R['form']>;
  request: Request;
}

/** An answer other than the route's success body: an error status, or a failed network. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly isNetworkError = false,
  ) {}
}

/** A bodiless success (204) may be answered by returning nothing. */
type Answer<R extends RouteContract> = undefined extends ReplyBody<R> ? ReplyBody<R> | void : ReplyBody<R>;

export type ContractResolver<R extends RouteContract> = (input: ContractRequest<R>) => Answer<R> | Reply | Promise<Answer<R> | Reply>;

/** An error answer with the server's error body (ZApiError), e.g. `replyError(409, 'Already on the waitlist')`. */
export function replyError(status: number, message: string, error = 'error'): Reply {
  return new Reply(status, { error, message });
}

/** Any status with a body; the body is checked against the schema the route declares for that status. */
export function replyWith(status: number, body: unknown): Reply {
  return new Reply(status, body);
}

/** The request fails as if the network were down. */
export function replyNetworkError(): Reply {
  return new Reply(0, undefined, true);
}

const violations: string[] = [];

function recordViolation(message: string): Response {
  violations.push(message);
  return HttpResponse.json({ error: 'contract_violation', message }, { status: 500 });
}

/** Returns and forgets the violations recorded so far. */
export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Called by msw for a request no handler matches: a wrong path or method, or a route the test did not name. */
export function recordUnhandledRequest(request: Request): void {
  const url = new URL(request.url);
  violations.push(`No handler for ${request.method} ${url.pathname}${url.search}`);
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

function readQuery(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

type BodyRead = { ok: true; body: unknown; form: unknown } | { ok: false; problem: string };

async function readForm(route: RouteContract, request: Request): Promise<BodyRead> {
  const fields: Record<string, string> = {};
  for (const [key, value] of (await request.formData()).entries()) if (typeof value === 'string') fields[key] = value;
  const parsed = route.form?.safeParse(fields);
  if (!parsed || parsed.success) return { ok: true, body: undefined, form: parsed?.data };
  return { ok: false, problem: `sends a form the contract refuses: ${describeIssues(parsed.error)}` };
}

async function readBody(route: RouteContract, request: Request): Promise<BodyRead> {
  const contentType = request.headers.get('content-type') ?? '';
  if (route.form && contentType.startsWith('multipart/form-data')) return readForm(route, request);
  const text = await request.text();
  if (!route.body)
    return text ? { ok: false, problem: 'sends a body the route does not declare' } : { ok: true, body: undefined, form: undefined };
  let data: unknown;
  try {
    data = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return { ok: false, problem: 'sends a body that is not JSON' };
  }
  const parsed = route.body.safeParse(data);
  return parsed.success
    ? { ok: true, body: parsed.data, form: undefined }
    : { ok: false, problem: `sends a body the contract refuses: ${describeIssues(parsed.error)}` };
}

function parseWith(
  schema: z.ZodType | undefined,
  data: unknown,
  what: string,
): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (!schema) return { ok: true, value: undefined };
  const parsed = schema.safeParse(data);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: `${what} the contract refuses: ${describeIssues(parsed.error)}` };
}

function firstSuccessStatus(route: RouteContract): number {
  const statuses = Object.keys(route.responses).map(Number);
  return statuses.find((status) => status >= 200 && status < 300) ?? 200;
}

function buildResponse(route: RouteContract, label: string, answer: unknown): Response {
  if (answer instanceof Reply) {
    if (answer.isNetworkError) return HttpResponse.error();
    const declared = route.responses[answer.status];
    const schema = declared ?? (answer.status >= 400 ? ZApiError : undefined);
    if (declared === null) return new HttpResponse(null, { status: answer.status });
    if (!schema) return recordViolation(`${label} answers ${answer.status}, a status the route does not declare`);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success)
      return recordViolation(`${label} answers ${answer.status} with a body the contract refuses: ${describeIssues(parsed.error)}`);
    return HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
  }
  const status = firstSuccessStatus(route);
  const schema = getSuccessSchema(route);
  if (!schema) {
    if (answer !== undefined) return recordViolation(`${label} answers a body, but the route's success has none`);
    return new HttpResponse(null, { status });
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) return recordViolation(`${label} answers a body the contract refuses: ${describeIssues(parsed.error)}`);
  // The unparsed answer goes out, as the server sends JSON that the client parses with the same schema.
  return HttpResponse.json(answer as JsonBodyType, { status });
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/** An msw handler for one route of the contract; add it in a test with `server.use(handle(route, resolver))`. */
export function handle<R extends RouteContract>(route: R, resolver: NoInfer<ContractResolver<R>>): HttpHandler {
  const label = `${route.method} ${route.path}`;
  return METHODS[route.method](route.path, async ({ request, params: rawParams }) => {
    const copy = request.clone();
    const url = new URL(request.url);
    const query = readQuery(url);
    if (!route.query && url.search) return recordViolation(`${label} is sent a query the route does not declare: ${url.search}`);
    const params = parseWith(route.params, rawParams, 'has params');
    if (!params.ok) return recordViolation(`${label} ${params.problem}`);
    const parsedQuery = parseWith(route.query, query, 'sends a query');
    if (!parsedQuery.ok) return recordViolation(`${label} ${parsedQuery.problem}`);
    const body = await readBody(route, request);
    if (!body.ok) return recordViolation(`${label} ${body.problem}`);
    const input = { params: params.value, query: parsedQuery.value, body: body.body, form: body.form, request: copy } as ContractRequest<R>;
    return buildResponse(route, label, await resolver(input));
  });
}

/**
 * better-auth's own endpoints (`/api/auth/*`) are the one part of the API outside the route contracts, so a handler
 * for one names its method and path; its answer is sent as JSON, or as the given Reply.
 */
export function handleAuthRoute(
  method: keyof typeof METHODS,
  path: `/api/auth/${string}`,
  resolver: (request: Request) => JsonBodyType | Reply | Promise<JsonBodyType | Reply>,
): HttpHandler {
  return METHODS[method](path, async ({ request }) => {
    const answer = await resolver(request);
    if (!(answer instanceof Reply)) return HttpResponse.json(answer);
    return answer.isNetworkError ? HttpResponse.error() : HttpResponse.json(answer.body as JsonBodyType, { status: answer.status });
  });
}
