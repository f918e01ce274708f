import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isReusable } from './reusable-response';
import { rememberReusableText } from './compressed-answers';

type RouteInfo = Parameters<FastifySerializerCompiler<z.ZodType>>[0];

const zodSerializerCompiler = createSerializerCompiler({});

/**
 * Responses are written by fast-json-stringify from each route's zod contract converted to JSON Schema once, at
 * start-up, instead of checking every response with zod (which cost as much as the rest of a small read). The
 * compiled serializer writes only the contract's fields, as zod did. A contract JSON Schema cannot express
 * (transforms, dates) keeps zod. Tests keep zod's check too: `isChecked` serializes with both and fails on any
 * difference, so every API test also proves the two agree.
 */
export function createResponseSerializerCompiler(options: { isChecked: boolean }): FastifySerializerCompiler<z.ZodType> {
  return (route: RouteInfo) => {
    const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as (data: unknown) => string;
    let viaSchema: (data: unknown) => string;
    try {
      const jsonSchema = z.toJSONSchema(route.schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
      viaSchema = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    } catch {
      return viaZod;
    }
    if (options.isChecked) {
      return (data) => {
        const checked = viaZod(data);
        const fast = viaSchema(data);
        if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(checked))) {
          throw new Error(`compiled serializer of ${route.method} ${route.url} differs from zod:\n${fast}\n${checked}`);
        }
        if (isReusable(data)) rememberReusableText(fast);
        return fast;
      };
    }
    const write = (data: unknown) => {
      try {
        return viaSchema(data);
      } catch {
        // A value the schema cannot write (a missing default): zod fills it in, or reports the contract broken.
        return viaZod(data);
      }
    };
    const written = new WeakMap<object, string>();
    return (data) => {
      if (!isReusable(data)) return write(data);
      let text = written.get(data);
      if (text === undefined) {
        written.set(data, (text = write(data)));
        rememberReusableText(text);
      }
      return text;
    };
  };
}
