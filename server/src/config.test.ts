import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from './config';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('AUTH_SECRET with DATABASE_URL', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("is required: each instance generating its own would refuse the others' sessions", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-config-'));
    vi.stubEnv('AUTH_SECRET', '');
    vi.stubEnv('DATABASE_URL', 'postgres://cartwise@db.internal/cartwise');
    expect(() => loadConfig({ dataDir })).toThrow(ConfigError);
    expect(() => loadConfig({ dataDir })).toThrow(/AUTH_SECRET is not set/);
    // No secret was generated into the data dir either.
    expect(fs.existsSync(path.join(dataDir, '.auth-secret'))).toBe(false);

    vi.stubEnv('AUTH_SECRET', 'shared-secret-shared-secret-shared-secret');
    expect(loadConfig({ dataDir }).authSecret).toBe('shared-secret-shared-secret-shared-secret');
    vi.stubEnv('DATABASE_URL', '');
    vi.stubEnv('AUTH_SECRET', '');
    // The embedded SQLite default still keeps a generated one in its data dir.
    expect(loadConfig({ dataDir }).authSecret).toMatch(/^[0-9a-f]{64}$/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the server at start with a message that names it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-config-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: 'postgres://cartwise@127.0.0.1:1/cartwise', AUTH_SECRET: '', PORT: '0' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Cartwise cannot start: AUTH_SECRET is not set/);
  }, 60_000);
});
