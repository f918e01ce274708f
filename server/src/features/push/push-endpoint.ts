import dns from 'node:dns/promises';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { HttpError } from '../../http/errors';

/**
 * Where a push may be sent. A push service endpoint comes from the browser, so from the shopper: the server must never
 * be made to call an address inside its own network. Endpoints are https on port 443 at a name whose every address is
 * public; with PUSH_ALLOW_INSECURE_ENDPOINTS (tests) http and private addresses are allowed.
 */

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local (ULA)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** IPv4 written inside an IPv6 address (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::, 6to4 2002::): the v4 is what is reached. */
function readEmbeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const words = expandIpv6(lower);
  if (!words) return null;
  const isMapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff;
  const isNat64 = words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0);
  if (isMapped || isNat64) return toIpv4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return toIpv4(words[1]!, words[2]!);
  return null;
}

function toIpv4(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function expandIpv6(address: string): number[] | null {
  if (!net.isIPv6(address)) return null;
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = v4[1]!.split('.').map(Number);
    text = text.slice(0, -v4[1]!.length) + `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headWords = head ? head.split(':') : [];
  const tailWords = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array<string>(8 - headWords.length - tailWords.length).fill('0');
  const words = [...headWords, ...fill, ...tailWords].map((w) => parseInt(w || '0', 16));
  return words.length === 8 ? words : null;
}

/** Loopback, private, link-local, unique local, multicast, reserved, or one of those inside an IPv6 address. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const embedded = readEmbeddedIpv4(address);
  if (embedded) return blocked.check(embedded, 'ipv4');
  return blocked.check(address, 'ipv6');
}

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

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
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

/** A socket lookup that answers only the address already checked, so a second DNS answer cannot point elsewhere. */
export function pinLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
