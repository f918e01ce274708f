import dns from 'node:dns/promises';
import net from 'node:net';
import { HttpError } from '../../http/errors';
import { isPrivateAddress, type ResolvedAddress } from '../../platform/public-address';

/**
 * Where a push may be sent. A push service endpoint comes from the browser, so from the shopper: the server must never
 * be made to call an address inside its own network. Endpoints are https on port 443 at a name whose every address is
 * public; with PUSH_ALLOW_INSECURE_ENDPOINTS (tests) http and private addresses are allowed.
 */

function badEndpoint(message: string): HttpError {
  return new HttpError(400, 'invalid_push_endpoint', message);
}

/** Parses the endpoint and checks its form (scheme, port, no credentials, no private literal address); no DNS. */
export function parsePushEndpoint(endpoint: string, isInsecureAllowed: boolean): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw badEndpoint('The push endpoint is not a URL.');
  }
  if (url.username || url.password) throw badEndpoint('The push endpoint must not carry credentials.');
  if (isInsecureAllowed) {
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw badEndpoint('The push endpoint must be an https URL.');
    return url;
  }
  if (url.protocol !== 'https:') throw badEndpoint('The push endpoint must be an https URL.');
  if (url.port !== '') throw badEndpoint('The push endpoint must use the standard https port.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const isLiteral = net.isIP(host) !== 0;
  const isLocalName = !isLiteral && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'));
  if (isLocalName || (isLiteral && isPrivateAddress(host))) throw badEndpoint('The push endpoint must be on a public address.');
  return url;
}

/** Every address the endpoint's host resolves to, refused unless all are public (an IP literal resolves to itself). */
export async function resolvePublicAddress(url: URL, isInsecureAllowed: boolean): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal as 4 | 6 }];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      throw badEndpoint('The push endpoint’s host does not resolve.');
    }
  }
  if (addresses.length === 0) throw badEndpoint('The push endpoint’s host does not resolve.');
  if (!isInsecureAllowed && addresses.some((a) => isPrivateAddress(a.address)))
    throw badEndpoint('The push endpoint must be on a public address.');
  return addresses[0]!;
}
