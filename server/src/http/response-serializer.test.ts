import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';
import { markReusable } from './reusable-response';

type Route = Parameters<ReturnType<typeof createResponseSerializerCompiler>>[0];
const route = { schema: z.object({ name: z.string() }), method: 'GET', url: '/api/things', httpStatus: '200' } as unknown as Route;

describe('the response serializer', () => {
  it('writes only the contract’s fields', () => {
    const write = createResponseSerializerCompiler({ isChecked: false })(route);
    expect(write({ name: 'Milk', secret: 'x' })).toBe('{"name":"Milk"}');
  });

  it('writes a value marked reusable once and sends the same text again', () => {
    const write = createResponseSerializerCompiler({ isChecked: false })(route);
    const cached = markReusable({ name: 'Milk' });
    expect(write(cached)).toBe('{"name":"Milk"}');
    // Marked values are read-only by contract; changing one shows the text is not written again.
    cached.name = 'Bread';
    expect(write(cached)).toBe('{"name":"Milk"}');
    const fresh = { name: 'Milk' };
    expect(write(fresh)).toBe('{"name":"Milk"}');
    fresh.name = 'Bread';
    expect(write(fresh)).toBe('{"name":"Bread"}');
  });
});
