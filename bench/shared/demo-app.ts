// Shared by the benches that start the compiled app: start it on the demo data, wait for it to answer, then sign the
// demo shopper in.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface DemoServerOptions {
  port: number;
  /** A fresh folder for the SQLite database and uploads. */
  dataDir: string;
  /** The compiled entry point, relative to the repository root or absolute: another build's, to compare two. */
  entry?: string;
  /** Node flags before the entry point (a CPU profile, a preloaded hook). */
  nodeArgs?: readonly string[];
  /** More environment on top of the demo server's. */
  env?: NodeJS.ProcessEnv;
  /** Drops the server's stderr too. */
  isQuiet?: boolean;
}

/**
 * Starts the compiled app as every API and web bench measures it: SQLite in `dataDir` seeded with the demo data, on
 * loopback, with no job worker and no DATABASE_URL from the caller's shell. Wait for it with waitForUrl.
 */
export function startDemoServer(options: DemoServerOptions): { child: ChildProcess; url: string } {
  const url = `http://127.0.0.1:${options.port}`;
  const child = spawn('node', [...(options.nodeArgs ?? []), options.entry ?? 'server/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      PUBLIC_URL: url,
      WORKER: 'false',
      SEED: 'true',
      DATABASE_URL: '',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', options.isQuiet ? 'ignore' : 'inherit'],
  });
  return { child, url };
}

/** Resolves once `url` answers below 500; throws after `timeoutMs`. */
export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Signs the seeded demo shopper in and returns the session as a Cookie header value. */
export async function signInDemoShopper(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: 'shopper@cartwise.demo', password: 'cartwise-demo' }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}
