// A feed file an operator names by URL. The URL comes from a person, so the server checks it the way it checks a
// push endpoint: http(s) only, no credentials, and every address the host resolves to public (the socket then
// connects to the address checked, never to a second DNS answer). The file is downloaded once into the run's
// temporary folder, streamed and size-limited, and read from there by both of the pipeline's passes.
import dns from 'node:dns/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isLocalHostName, isPrivateAddress, pinLookup, type ResolvedAddress } from '../../platform/public-address';
import { FeedError, type SourceInput } from './price-source';

const MAX_REDIRECTS = 3;
const IDLE_TIMEOUT_MS = 60_000;

export interface FeedUrlPolicy {
  /** PRICE_FEEDS_ALLOW_PRIVATE_URLS=true (tests): loopback and private addresses are allowed. */
  isPrivateAllowed: boolean;
  maxBytes: number;
}

/** Why the URL may not be fetched (its form only; no DNS), or null when it may. */
export function findFeedUrlProblem(url: URL, isPrivateAllowed: boolean): string | null {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The feed URL must be an http or https URL.';
  if (url.username || url.password) return 'The feed URL must not carry credentials.';
  if (isPrivateAllowed) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isLocalHostName(host) || (net.isIP(host) !== 0 && isPrivateAddress(host))) return 'The feed URL must be on a public address.';
  return null;
}

/** The file name a source reads from the URL: its last path segment ("PriceFull7290027600007-001-...gz"). */
export function nameFeedUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : url.hostname;
  } catch {
    return last ?? url.hostname;
  }
}

async function resolvePublic(url: URL, isPrivateAllowed: boolean): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: host, family: literal as 4 | 6 }];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw new FeedError(`${host} does not resolve`);
  if (!isPrivateAllowed && addresses.some((a) => isPrivateAddress(a.address))) throw new FeedError(`${host} is not on a public address`);
  return addresses[0]!;
}

function requestOnce(url: URL, pinned: ResolvedAddress): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: pinLookup(pinned), timeout: IDLE_TIMEOUT_MS, headers: { accept: '*/*' } }, resolve);
    request.on('timeout', () => request.destroy(new FeedError(`${url.host} stopped answering`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      reject(error instanceof FeedError ? error : new FeedError(`${url.host} could not be reached (${error.code ?? error.message})`)),
    );
  });
}

function limitBytes(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new FeedError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
      else callback(null, chunk);
    },
  });
}

/** Downloads the URL into `path`, following a few redirects (each checked like the first). */
export async function downloadFeedUrl(start: URL, path: string, policy: FeedUrlPolicy): Promise<void> {
  let url = start;
  for (let redirects = 0; ; redirects += 1) {
    const problem = findFeedUrlProblem(url, policy.isPrivateAllowed);
    if (problem) throw new FeedError(problem);
    const response = await requestOnce(url, await resolvePublic(url, policy.isPrivateAllowed));
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new FeedError(`${start.host} redirected more than ${MAX_REDIRECTS} times`);
      url = new URL(response.headers.location, url);
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new FeedError(`${url.host} answered ${status}`);
    }
    if (Number(response.headers['content-length']) > policy.maxBytes) {
      response.destroy();
      throw new FeedError(`The file is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB`);
    }
    await pipeline(response, limitBytes(policy.maxBytes), createWriteStream(path));
    return;
  }
}

/** One input read from a URL: downloaded on the first open, read from the folder after. */
export function createFeedUrlInput(url: URL, folder: string, policy: FeedUrlPolicy): SourceInput {
  const path = join(folder, 'download');
  let download: Promise<void> | null = null;
  return {
    name: nameFeedUrl(url),
    open: async () => {
      download ??= downloadFeedUrl(url, path, policy);
      await download;
      return createReadStream(path);
    },
  };
}
