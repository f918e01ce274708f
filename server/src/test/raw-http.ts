import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../app-types';

export interface RawResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawClient {
  /** The loopback port the app listens on. */
  port: number;
  /** Sends the request target exactly as written: app.inject parses it with `new URL` first, which would undo a crafted path. */
  send(method: string, target: string, options?: { headers?: Record<string, string>; body?: unknown }): Promise<RawResponse>;
  close(): Promise<void>;
}

/** Starts the app on a loopback port and returns a client that sends raw request targets to it. */
export async function listenForRawRequests(app: App): Promise<RawClient> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    port,
    send(method, target, options = {}) {
      const body = options.body === undefined ? undefined : JSON.stringify(options.body);
      const headers: Record<string, string> = {
        origin: app.config.publicUrl,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      };
      return new Promise((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path: target, headers, agent: false }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end(body);
      });
    },
    async close() {
      app.server.closeAllConnections();
    },
  };
}
