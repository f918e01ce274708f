import type { RouteContract } from '@cartwise/contracts';

type Defined<T> = Exclude<T, undefined>;

/** Response schemas Fastify serializes: bodiless statuses (`null`, e.g. 204) are left out. */
type BodyResponses<Responses> = { [S in keyof Responses as Responses[S] extends null ? never : S]: Responses[S] };

export interface ContractSchema<R extends RouteContract> {
  params: Defined<R['params']>;
  querystring: Defined<R['query']>;
  body: R['form'] extends object ? unknown : Defined<R['body']>;
  response: BodyResponses<R['responses']>;
}

/**
 * Fastify's `{ method, url, schema }` for a route contract, to spread into `app.route({ ...fromContract(route),
 * config, handler })`: request.params/query/body and the reply are typed from the contract through the zod type
 * provider, and serialization, validation and error handling stay the app's own (see app.ts).
 */
export function fromContract<const R extends RouteContract>(
  route: R,
): { method: R['method']; url: R['path']; schema: ContractSchema<R>; decompress?: false } {
  const schema: Partial<Record<keyof ContractSchema<R>, unknown>> = {};
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body && !route.form) schema.body = route.body;
  const response = Object.fromEntries(Object.entries(route.responses).filter(([, value]) => value !== null));
  if (Object.keys(response).length > 0) schema.response = response;
  // A route that takes no body has nothing to decompress: without this, @fastify/compress adds its request
  // decompression hook to every read.
  const hasBody = route.body !== undefined || route.form !== undefined;
  return { method: route.method, url: route.path, schema: schema as ContractSchema<R>, ...(hasBody ? {} : { decompress: false as const }) };
}
