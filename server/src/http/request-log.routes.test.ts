import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRoutePath, dealsApi, healthApi, listsApi } from '@cartwise/contracts';
import { createTestApp, type TestApp } from '../test/test-app';
import { asUser, createUser, type TestUser } from '../test/factories';
import { createLogger, type Logger } from '../logger';

/** A logger at `level` whose every line is kept. */
function captureLog(level: string): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger(level, stream), lines };
}

const requestLines = (lines: string[]) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.msg === 'request');

describe('the request log line', () => {
  let t: TestApp;
  let shopper: TestUser;
  const log = captureLog('info');
  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'info' }, { logger: log.logger });
    shopper = await createUser(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is the line pino writes for the same fields through the request logger', async () => {
    log.lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: buildRoutePath(listsApi.list), headers: asUser(shopper) });
    expect(res.statusCode).toBe(200);
    const written = log.lines.find((line) => line.includes('"msg":"request"'))!;
    const fields = JSON.parse(written) as { reqId: string; method: string; url: string; statusCode: number; ms: number; time: number };
    expect(fields).toMatchObject({ level: 30, app: 'cartwise', method: 'GET', url: buildRoutePath(listsApi.list), statusCode: 200 });
    expect(typeof fields.ms).toBe('number');

    const reference = captureLog('info');
    const { method, url, statusCode, ms } = fields;
    reference.logger.child({ reqId: fields.reqId }).info({ method, url, statusCode, ms }, 'request');
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(withoutTime(written)).toBe(withoutTime(reference.lines[0]!));
  });

  it('keeps secrets in the URL out, and logs failures and refusals too', async () => {
    log.lines.length = 0;
    await t.app.inject({ method: 'GET', url: `${buildRoutePath(dealsApi.unsubscribe)}?token=secret-token-1&x=2` });
    await t.app.inject({ method: 'GET', url: buildRoutePath(listsApi.list) });
    const lines = requestLines(log.lines);
    expect(lines.map((line) => line.url)).toEqual(['/api/unsubscribe?token=[redacted]&x=2', '/api/lists']);
    expect(lines[1]!.statusCode).toBe(401);
    expect(log.lines.join('\n')).not.toContain('secret-token-1');
  });

  it('writes nothing for successful health checks, or below its level', async () => {
    log.lines.length = 0;
    await t.app.inject({ method: 'GET', url: buildRoutePath(healthApi.check) });
    expect(requestLines(log.lines)).toEqual([]);

    const quiet = captureLog('warn');
    const q = await createTestApp({ logLevel: 'warn' }, { logger: quiet.logger });
    try {
      await q.app.inject({ method: 'GET', url: buildRoutePath(listsApi.list), headers: asUser(await createUser(q.app)) });
      expect(requestLines(quiet.lines)).toEqual([]);
    } finally {
      await q.close();
    }
  });
});
