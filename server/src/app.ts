import path from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { getMigrations } from 'better-auth/db/migration';
import type { AppConfig } from './config';
import type { App } from './app-types';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createAuth, type NewProfile } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import { HttpError, registerErrorHandler } from './http/errors';
import { registerNulCharacterGuard } from './http/reject-nul-characters';
import { registerCsrfGuard } from './http/csrf';
import { createDatabaseRateLimitStore } from './http/database-rate-limit-store';
import { registerDeepBodyGuard } from './http/reject-deep-json';
import { answerFrameworkErrors, computeSecurityHeaders, registerSecurityHeaders } from './http/security-headers';
import { registerOpenApi } from './http/openapi';
import { OneLineRequestLog } from './http/request-log';
import { createResponseSerializerCompiler } from './http/response-serializer';
import { registerCompression, registerWebApp } from './http/web-app';
import { createMailer } from './mail/mailer';
import { createEventBus, type EventBus } from './realtime/event-bus';
import { createSessionCache } from './auth/session-cache';
import { decorateCallerSlot } from './auth/current-user';
import { createBackgroundTasks } from './platform/background-tasks';
import { createFileStore } from './storage/file-store';
import { createLogger, type Logger } from './logger';
import { registerFeatures } from './features';
import { createProfileForUser } from './features/profile';
import { closeImportWriteThread } from './features/price-sources';

export type { App } from './app-types';

/** Builds the whole server: database (migrated), auth, features and the built web app. */
export async function buildApp(config: AppConfig, logger: Logger = createLogger(config.logLevel)): Promise<App> {
  const files = createFileStore({ dataDir: config.dataDir, objectStorage: config.objectStorage });
  await files.check().catch((err: unknown) => {
    const where = config.objectStorage ? `bucket ${config.objectStorage.bucket}` : path.join(config.dataDir, 'uploads');
    throw new Error(`uploaded files cannot be stored in ${where}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleConnectionError: (err) => logger.error({ err }, 'idle PostgreSQL connection failed; the pool replaces it'),
  });
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    smsWebhookUrl: config.smsWebhookUrl,
    from: config.mailFrom,
    logger,
    isShowingSecrets: config.isOutboxShowingSecrets,
  });
  const sessionCache = createSessionCache({ ttlMs: config.sessionCacheMs });
  // better-auth revokes sessions and changes users before the event bus exists: the hook reaches it through this.
  let events: EventBus | null = null;
  const onAuthChange = (userId: string) => {
    sessionCache.forgetUser(userId);
    events?.publishAuthChange(userId).catch((err: unknown) => logger.error({ err, userId }, 'auth change not announced'));
  };
  const backgroundTasks = createBackgroundTasks(logger);
  const createProfile = (input: NewProfile) => createProfileForUser(database.db, input);
  const auth = createAuth({ config, database, mailer, logger, backgroundTasks, onAuthChange, createProfile });

  const authMigrations = await getMigrations(auth.options);
  await authMigrations.runMigrations();
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger.info({ applied }, 'database migrated');

  // On PostgreSQL, cached versions are trusted only while this instance hears every other writer's notices.
  const { trust } = database;
  events = await createEventBus({
    pool: database.pool,
    logger,
    versions: { onNotice: trust.applyNotice, onListening: trust.setListening },
  });
  events.onAuthChange((userId) => sessionCache.forgetUser(userId));
  const securityHeaders = computeSecurityHeaders(config.publicUrl);
  const app = Fastify({
    frameworkErrors: answerFrameworkErrors(securityHeaders),
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    logController: new OneLineRequestLog(),
    // request.ip is the socket's address unless TRUST_PROXY names the proxies whose X-Forwarded-For counts.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ isChecked: config.isTest }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('auth', auth);
  app.decorate('mailer', mailer);
  app.decorate('files', files);
  app.decorate('events', events);
  app.decorate('sessionCache', sessionCache);
  app.decorate('backgroundTasks', backgroundTasks);
  app.decorate('startedAt', Date.now());
  decorateCallerSlot(app);
  // First of the onRequest hooks: an answer a later guard gives (the CSRF 403) carries the headers too.
  registerSecurityHeaders(app, securityHeaders);
  registerErrorHandler(app);
  registerDeepBodyGuard(app);
  registerNulCharacterGuard(app);
  registerCsrfGuard(app);

  const bus = events;
  app.addHook('onClose', async () => {
    // Mail being sent still needs the database.
    await backgroundTasks.settle();
    // The runs are done: the price imports' write thread (SQLite) closes its own connection.
    if (database.sqlitePath) await closeImportWriteThread(database.sqlitePath);
    await bus.close();
    await database.close();
  });

  await registerCompression(app);
  // Off by default; routes that take passwords or send mail opt in (see account.routes.ts).
  await app.register(fastifyRateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`),
  });
  await registerOpenApi(app);
  await app.register(authRoutes);
  await app.withTypeProvider<ZodTypeProvider>().register(registerFeatures);
  await registerWebApp(app, config.webDistDir);
  return app;
}
