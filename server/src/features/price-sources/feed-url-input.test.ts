import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFeedUrl, findFeedUrlProblem, nameFeedUrl } from './feed-url-input';

let server: Server;
let origin = '';
const dir = mkdtempSync(join(tmpdir(), 'feed-url-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') res.writeHead(200).end(Buffer.alloc(5000, 'x'));
    else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
    else res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('feed URLs', () => {
  it('refuses what is not a public http(s) address before any request', () => {
    const problem = (url: string) => findFeedUrlProblem(new URL(url), false);
    expect(problem('https://prices.example.org/PriceFull.gz')).toBeNull();
    expect(problem('file:///etc/passwd')).toMatch(/http or https/);
    expect(problem('https://user:pw@example.org/a.csv')).toMatch(/credentials/);
    for (const url of [
      'http://127.0.0.1/a',
      'http://localhost:3000/a',
      'http://intranet/a',
      'http://10.1.2.3/a',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/a',
      'http://[::ffff:192.168.0.1]/a',
    ])
      expect(problem(url), url).toMatch(/public address/);
    expect(findFeedUrlProblem(new URL('http://127.0.0.1/a'), true)).toBeNull();
  });

  it('downloads within the size limit, and refuses loopback unless allowed, oversized files and redirect loops', async () => {
    const path = join(dir, 'ok');
    await downloadFeedUrl(new URL(`${origin}/ok`), path, { isPrivateAllowed: true, maxBytes: 100 });
    expect(readFileSync(path, 'utf8')).toBe('ok');
    await expect(downloadFeedUrl(new URL(`${origin}/ok`), path, { isPrivateAllowed: false, maxBytes: 100 })).rejects.toThrow(
      /public address/,
    );
    await expect(downloadFeedUrl(new URL(`${origin}/big`), join(dir, 'big'), { isPrivateAllowed: true, maxBytes: 1000 })).rejects.toThrow(
      /larger than/,
    );
    await expect(downloadFeedUrl(new URL(`${origin}/loop`), join(dir, 'loop'), { isPrivateAllowed: true, maxBytes: 1000 })).rejects.toThrow(
      /redirected more than/,
    );
  });

  it('names the input after the last path segment', () => {
    expect(nameFeedUrl(new URL('https://x.example/files/PriceFull7290027600007-001-202611280600.gz?token=1'))).toBe(
      'PriceFull7290027600007-001-202611280600.gz',
    );
    expect(nameFeedUrl(new URL('https://x.example/'))).toBe('x.example');
  });
});
