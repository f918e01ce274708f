import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { AuthPath } from './auth-path';

/**
 * The header better-auth reads the client address from (auth.ts `advanced.ipAddress`). It is always set here from
 * request.ip (the socket, or X-Forwarded-For only from TRUST_PROXY's proxies); a value the client sent is dropped.
 */
export const CLIENT_IP_HEADER = 'x-cartwise-client-ip';

export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key.toLowerCase() === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.append(key, String(value));
  }
  if (request.ip) headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** The request better-auth handles: its URL is built from the path readAuthPath checked, not read again. */
export function toWebRequest(request: FastifyRequest, target: AuthPath): Request {
  let url: URL;
  try {
    url = new URL(`${target.path}${target.search}`, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  } catch {
    throw new HttpError(400, 'bad_request', 'The Host header is not a valid host');
  }
  if (url.pathname !== target.path) throw new HttpError(404, 'not_found', `No route for ${request.method} ${target.path}`);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers: toWebHeaders(request),
    body: hasBody ? (typeof request.body === 'string' ? request.body : JSON.stringify(request.body)) : undefined,
  });
}

/** Copies a fetch Response onto the Fastify reply, keeping every Set-Cookie header separate. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}
