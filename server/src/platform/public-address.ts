import net from 'node:net';
import type { LookupFunction } from 'node:net';

// Which addresses the server may call when a URL comes from a user (a browser's push endpoint, an operator's feed
// URL): never one inside its own network (loopback, private, link-local such as cloud metadata, multicast...).

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

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** A socket lookup that answers only the address already checked, so a second DNS answer cannot point elsewhere. */
export function pinLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** A host name no public DNS answers for: localhost, *.localhost, or a single label (an intranet name). */
export function isLocalHostName(host: string): boolean {
  return net.isIP(host) === 0 && (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'));
}
