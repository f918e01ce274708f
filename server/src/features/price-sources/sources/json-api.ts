import { Readable } from 'node:stream';
import type { SourceContext, SourceInput } from '../price-source';

/** Fetches JSON from an API, turning refusals and network failures into errors an operator can act on. */
export async function fetchJson(ctx: SourceContext, url: string, label: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await ctx.fetch(url, { ...init, signal: ctx.signal, headers: { accept: 'application/json', ...init.headers } });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(`${label} is unreachable (${cause})`, { cause: error });
  }
  if (response.status === 401 || response.status === 403) {
    throw new Error(`${label} refused the credentials (HTTP ${response.status}): check or renew the key`);
  }
  if (response.status === 429) throw new Error(`${label} says too many calls (HTTP 429): try again later`);
  if (!response.ok) throw new Error(`${label} answered HTTP ${response.status} for ${new URL(url).pathname}`);
  try {
    return await response.json();
  } catch {
    throw new Error(`${label} answered something that is not JSON for ${new URL(url).pathname}`);
  }
}

/** An input whose bytes are JSON lines produced by an async generator (API pages read lazily, one at a time). */
export function jsonLinesInput(name: string, produce: () => AsyncGenerator<unknown>): SourceInput {
  return {
    name,
    open: () =>
      Promise.resolve(
        Readable.from(
          (async function* () {
            for await (const item of produce()) yield `${JSON.stringify(item)}\n`;
          })(),
        ),
      ),
  };
}

/** An input read from a URL as it downloads. */
export function urlInput(ctx: SourceContext, url: string, label: string): SourceInput {
  return {
    name: url,
    open: async () => {
      let response: Response;
      try {
        response = await ctx.fetch(url, { signal: ctx.signal });
      } catch (error) {
        throw new Error(`${label} is unreachable (${(error as Error).message})`, { cause: error });
      }
      if (!response.ok || !response.body) throw new Error(`${label} answered HTTP ${response.status} for ${url}`);
      return response.body;
    },
  };
}
