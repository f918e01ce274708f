import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import type { FeedRecord, PriceSource, SourceContext, SourceInput } from '../price-source';

/** A context for reading a source in tests: silent log, the real fetch (tests point it at 127.0.0.1). */
export function createTestContext(config: Record<string, string> = {}): SourceContext & { progress: { rows?: number; files?: number }[] } {
  const progress: { rows?: number; files?: number }[] = [];
  return {
    log: pino({ level: 'silent' }),
    signal: new AbortController().signal,
    fetch: globalThis.fetch.bind(globalThis),
    config,
    onProgress: (p) => progress.push(p),
    progress,
  };
}

export async function collectRecords(source: PriceSource, input: SourceInput, ctx: SourceContext): Promise<FeedRecord[]> {
  const records: FeedRecord[] = [];
  for await (const record of source.read(input, ctx)) records.push(record);
  return records;
}

export async function collectInputs(source: PriceSource, ctx: SourceContext): Promise<SourceInput[]> {
  const inputs: SourceInput[] = [];
  if (!source.discover) return inputs;
  for await (const input of source.discover(ctx)) inputs.push(input);
  return inputs;
}

export interface FakeApi {
  url: string;
  requests: { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

/** A fake JSON API on 127.0.0.1: `answer` gives status and body per request. */
export async function startFakeApi(
  answer: (request: { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string }) => { status: number; body: unknown },
): Promise<FakeApi> {
  const requests: FakeApi['requests'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A loopback URL nothing listens on. */
export async function findClosedUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const pricesOf = (records: FeedRecord[]) => records.flatMap((r) => (r.type === 'price' ? [r.price] : []));
export const storesOf = (records: FeedRecord[]) => records.flatMap((r) => (r.type === 'store' ? [r.store] : []));

export { findSharedPrices } from '../../../test/shared-data';
