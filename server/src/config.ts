import path from 'node:path';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { ObjectStorageConfig } from './storage/file-store';

/** Stripe billing; null (billing off, every account free) unless all three STRIPE_* variables are set. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The yearly price Checkout sells. */
  priceId: string;
  /** Where the SDK sends API calls instead of https://api.stripe.com (tests point it at a local server). */
  apiUrl: string | null;
}

/** Web Push settings. */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url), both or neither; null: a generated pair kept in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | null;
  /** PUSH_ALLOW_INSECURE_ENDPOINTS=true (tests): http endpoints and private addresses are accepted. */
  isInsecureEndpointAllowed: boolean;
  /** How long a shared list's changes are gathered before its other members get one push. */
  listBatchMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Public origin used in emails and as the trusted origin for auth. */
  publicUrl: string;
  authSecret: string;
  adminEmail: string | null;
  smtpUrl: string | null;
  /**
   * Sign-up signs no one in until the address is confirmed from the mailed link, and sign-in waits for that too, so
   * a new and a registered address get the very same answer. SIGNUP_VERIFY_EMAIL; on by default once SMTP_URL is set.
   */
  isSignupVerifiedByEmail: boolean;
  /** SMS provider hook: POSTs `{ to, body }` as JSON. Unset, texts stay in the development outbox. */
  smsWebhookUrl: string | null;
  mailFrom: string;
  /** NODE_ENV=production: password reset needs SMTP_URL. */
  isProduction: boolean;
  /**
   * DEV_OUTBOX_SECRETS=true (ignored in production): the development outbox keeps and shows reset links and codes.
   * Otherwise they are stored and shown redacted, whatever NODE_ENV says.
   */
  isOutboxShowingSecrets: boolean;
  isSeedEnabled: boolean;
  isWorkerEnabled: boolean;
  isTest: boolean;
  logLevel: string;
  webDistDir: string;
  /** Rate limit for sign-in, sign-up and reset requests per IP per minute. */
  authRateLimitPerMinute: number;
  /**
   * Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: comma-separated addresses, CIDR ranges or
   * proxy-addr names such as `loopback`). Empty: the client address is the socket's, and the header is ignored.
   */
  trustProxy: string[];
  /** How long a resolved session or access token is reused before it is checked again (0 turns the cache off). */
  sessionCacheMs: number;
  stripe: StripeConfig | null;
  /** S3-compatible bucket for uploaded files (S3_URL or S3_BUCKET + ...); null keeps them under DATA_DIR/uploads. */
  objectStorage: ObjectStorageConfig | null;
  push: PushConfig;
  /** PRICE_FEEDS_ALLOW_PRIVATE_URLS=true (tests only): a price feed URL may be on a loopback or private address. */
  isPrivateFeedUrlAllowed: boolean;
}

/** A setting that cannot work: main.ts prints the message and stops before anything starts. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The checkout's root: the nearest folder above this file (server/src or the compiled server/dist) with web/. */
function findRepoRoot(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'web', 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from, '../..');
    dir = parent;
  }
  return dir;
}

const repoRoot = findRepoRoot(import.meta.dirname);

/**
 * Reads the secret from AUTH_SECRET, else keeps a generated one in the data dir so sessions survive restarts. With
 * PostgreSQL (DATABASE_URL) several instances may share the database, each with its own data dir: a secret generated
 * per data dir would make each refuse the others' sessions, so there AUTH_SECRET is required.
 */
function loadAuthSecret(dataDir: string, databaseUrl: string | null): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  if (databaseUrl) {
    throw new ConfigError(
      'AUTH_SECRET is not set. With DATABASE_URL every instance must sign sessions with the same secret: set AUTH_SECRET ' +
        '(e.g. the output of `openssl rand -hex 32`) to the same value on every instance.',
    );
  }
  const file = path.join(dataDir, '.auth-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** `true`/`*` would believe any sender's header, which is exactly the spoofing TRUST_PROXY guards against. */
export function parseTrustProxy(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => ['true', '*', 'all'].includes(entry.toLowerCase()));
  if (invalid.length > 0) throw new Error('TRUST_PROXY must name the proxies (addresses, CIDR ranges or "loopback"), not trust everyone');
  return entries;
}

function loadPushConfig(env: NodeJS.ProcessEnv): PushConfig {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new ConfigError('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (e.g. from `npx web-push generate-vapid-keys`), or neither.');
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    isInsecureEndpointAllowed: env.PUSH_ALLOW_INSECURE_ENDPOINTS === 'true',
    listBatchMs: Number(env.PUSH_LIST_BATCH_MS ?? 60_000),
  };
}

function loadStripeConfig(env: NodeJS.ProcessEnv): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const priceId = env.STRIPE_PRICE_ID?.trim();
  if (!secretKey || !webhookSecret || !priceId) return null;
  return { secretKey, webhookSecret, priceId, apiUrl: env.STRIPE_API_URL?.trim() || null };
}

export function loadConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const databaseUrl = overrides.databaseUrl !== undefined ? overrides.databaseUrl : env.DATABASE_URL || null;
  const base: AppConfig = {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    authSecret: overrides.authSecret ?? loadAuthSecret(dataDir, databaseUrl),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    smtpUrl: env.SMTP_URL || null,
    isSignupVerifiedByEmail: env.SIGNUP_VERIFY_EMAIL === 'true' || (env.SIGNUP_VERIFY_EMAIL !== 'false' && Boolean(env.SMTP_URL)),
    smsWebhookUrl: env.SMS_WEBHOOK_URL || null,
    isProduction: env.NODE_ENV === 'production',
    isOutboxShowingSecrets: env.DEV_OUTBOX_SECRETS === 'true' && env.NODE_ENV !== 'production',
    mailFrom: env.MAIL_FROM ?? 'Cartwise <no-reply@cartwise.local>',
    isSeedEnabled: env.SEED !== 'false' && env.SEED !== '0',
    isWorkerEnabled: env.WORKER !== 'false',
    isTest: env.NODE_ENV === 'test' || env.VITEST === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: path.join(repoRoot, 'web/dist'),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT ?? 20),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 5_000),
    stripe: loadStripeConfig(env),
    push: overrides.push ?? loadPushConfig(env),
    isPrivateFeedUrlAllowed: env.PRICE_FEEDS_ALLOW_PRIVATE_URLS === 'true',
    objectStorage: overrides.objectStorage !== undefined ? overrides.objectStorage : readObjectStorage(env),
  };
  return { ...base, ...overrides };
}

/**
 * S3_URL=https://KEY:SECRET@host[:port]/bucket[/folder][?region=...] for an S3-compatible server (MinIO, Garage, R2),
 * s3://KEY:SECRET@bucket[/folder]?region=... for AWS itself; or the same parts as S3_ENDPOINT, S3_BUCKET, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_PREFIX.
 */
export function readObjectStorage(env: NodeJS.ProcessEnv): ObjectStorageConfig | null {
  if (env.S3_URL) {
    let url: URL;
    try {
      url = new URL(env.S3_URL);
    } catch {
      throw new ConfigError('S3_URL is not a URL: use https://KEY:SECRET@host/bucket or s3://KEY:SECRET@bucket.');
    }
    const isAws = url.protocol === 's3:';
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const bucket = isAws ? url.hostname : parts.shift();
    const accessKeyId = decodeURIComponent(url.username);
    const secretAccessKey = decodeURIComponent(url.password);
    if (!bucket || !accessKeyId || !secretAccessKey)
      throw new ConfigError('S3_URL needs a bucket and credentials: https://KEY:SECRET@host/bucket.');
    return {
      endpoint: isAws ? null : url.origin,
      bucket,
      region: url.searchParams.get('region') ?? env.S3_REGION ?? 'us-east-1',
      accessKeyId,
      secretAccessKey,
      prefix: parts.join('/'),
    };
  }
  if (!env.S3_BUCKET) {
    if (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID) throw new ConfigError('S3_ENDPOINT or S3_ACCESS_KEY_ID is set but S3_BUCKET is not.');
    return null;
  }
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.');
  return {
    endpoint: env.S3_ENDPOINT || null,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: env.S3_PREFIX ?? '',
  };
}
