import { ConfigError, loadConfig, type AppConfig } from './config';
import { createLogger } from './logger';
import { buildApp } from './app';
import { seedDemoIfEmpty } from './seed/seed';
import { startBackgroundWork } from './features/background';
import { configureSharpForOcr } from '@cartwise/receipt-reader';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Cartwise cannot start: ${err.message}`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);

try {
  const app = await buildApp(config, logger);
  if (config.isSeedEnabled) await seedDemoIfEmpty(app);
  // The receipt worker runs OCR in this process: keep sharp's memory flat (see prepare-image.ts).
  if (config.isWorkerEnabled) configureSharpForOcr();
  const stopBackground = config.isWorkerEnabled ? startBackgroundWork(app) : () => {};
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: `http://localhost:${config.port}`, database: app.database.kind, dataDir: config.dataDir }, 'Cartwise is ready');
  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    stopBackground();
    await app.close();
    logger.flush(() => process.exit(0));
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
} catch (err) {
  logger.fatal({ err }, 'Cartwise failed to start');
  logger.flush(() => process.exit(1));
}
