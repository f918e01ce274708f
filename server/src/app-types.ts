// The server's shared types, kept in a leaf module so features can name them without importing app.ts (which
// imports every feature).
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Auth } from './auth/auth';
import type { AppConfig } from './config';
import type { DatabaseHandle } from './db/database';
import type { Database } from './db/schema';
import type { Mailer } from './mail/mailer';
import type { EventBus } from './realtime/event-bus';
import type { SessionCache } from './auth/session-cache';
import type { FileStore } from './storage/file-store';
import type { BackgroundTasks } from './platform/background-tasks';

/** What buildApp decorates the Fastify instance with. */
export interface AppServices {
  config: AppConfig;
  database: DatabaseHandle;
  db: Kysely<Database>;
  auth: Auth;
  mailer: Mailer;
  /** Uploaded files: DATA_DIR/uploads or the S3-compatible bucket. */
  files: FileStore;
  events: EventBus;
  sessionCache: SessionCache;
  /** Work after the answer (account mail); tests and shutdown wait for it with settle(). */
  backgroundTasks: BackgroundTasks;
  startedAt: number;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
    db: Kysely<Database>;
    auth: Auth;
    mailer: Mailer;
    files: FileStore;
    events: EventBus;
    sessionCache: SessionCache;
    backgroundTasks: BackgroundTasks;
    startedAt: number;
  }
}

/** The whole server; only plugins, start-up and tests need it. */
export type App = FastifyInstance;

/**
 * The part of the app a service uses, e.g. `Deps<'db'>` or `Deps<'db' | 'log'>`. The Fastify instance satisfies
 * it, so route handlers pass `app` while a service states (and tests can supply) just what it reads.
 */
export type Deps<K extends keyof AppServices> = Pick<AppServices, K>;
