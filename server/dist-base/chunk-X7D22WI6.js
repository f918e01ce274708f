// server/src/db/database.ts
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";

// server/src/db/cache-trust.ts
var MAX_USER_MARKS = 1e5;
function createCacheTrust(options) {
  let epoch = 0;
  let isListening = options.isListening;
  const userMarks = /* @__PURE__ */ new Map();
  const getUserMark = (userId) => userId === void 0 ? 0 : userMarks.get(userId) ?? 0;
  return {
    snapshot: (userId) => {
      return isListening ? { epoch, userMark: getUserMark(userId) } : null;
    },
    isCurrent: (token, userId) => {
      return token !== null && isListening && token.epoch === epoch && token.userMark === getUserMark(userId);
    },
    noteWrite: () => {
      epoch++;
    },
    applyNotice: (payload) => {
      if (payload.startsWith("u:")) {
        const userId = payload.slice(2);
        if (userMarks.size >= MAX_USER_MARKS && !userMarks.has(userId)) {
          userMarks.clear();
          epoch++;
          return;
        }
        userMarks.set(userId, getUserMark(userId) + 1);
        return;
      }
      epoch++;
    },
    setListening: (value) => {
      epoch++;
      isListening = value;
    },
    get isListening() {
      return isListening;
    }
  };
}
var trusts = /* @__PURE__ */ new WeakMap();
function registerCacheTrust(db, trust) {
  trusts.set(db, trust);
}
function getCacheTrust(db) {
  return trusts.get(db);
}
function isReadOnlySql(sqlText) {
  return /^\s*select\b/i.test(sqlText);
}

// server/src/db/prepared-statements.ts
import { createHash } from "node:crypto";
var STATEMENTS_PER_CONNECTION = 500;
var MAX_COUNTED_TEXTS = 1e4;
var MAX_NAMED_TEXTS = 5e3;
var RETRY_UNNAMED = /* @__PURE__ */ new Set(["0A000", "26000"]);
function hasCode(err) {
  return typeof err === "object" && err !== null && typeof err.code === "string";
}
function prepareRepeatedStatements(pool) {
  const runs = /* @__PURE__ */ new Map();
  const names = /* @__PURE__ */ new Map();
  const nameOf = (text) => {
    const known = names.get(text);
    if (known) return known;
    if (names.size >= MAX_NAMED_TEXTS) return null;
    if (!runs.has(text)) {
      if (runs.size >= MAX_COUNTED_TEXTS) runs.clear();
      runs.set(text, 1);
      return null;
    }
    runs.delete(text);
    const name = `cw_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  pool.on("connect", (client) => {
    const prepared = /* @__PURE__ */ new Set();
    const query = client.query.bind(client);
    const namingQuery = (first, ...rest) => {
      const values = rest[0];
      if (typeof first === "string" && rest.length === 1 && Array.isArray(values) && values.length > 0) {
        const name = nameOf(first);
        if (name && (prepared.has(name) || prepared.size < STATEMENTS_PER_CONNECTION)) {
          prepared.add(name);
          return query({ name, text: first, values }).catch(async (err) => {
            if (!hasCode(err) || !RETRY_UNNAMED.has(err.code)) throw err;
            prepared.delete(name);
            await query(`DEALLOCATE ${name}`).catch(() => void 0);
            delete client.connection.parsedStatements[name];
            return query(first, values).catch(() => {
              throw err;
            });
          });
        }
      }
      return query(first, ...rest);
    };
    client.query = namingQuery;
  });
}

// server/src/db/write-noting-dialect.ts
function noteWritesOf(dialect, noteWrite) {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => noteWritesOfDriver(dialect.createDriver(), noteWrite)
  };
}
async function runNotingWrites(noteWrite, run) {
  noteWrite();
  try {
    return await run();
  } finally {
    noteWrite();
  }
}
function noteWritesOfDriver(driver, noteWrite) {
  const inner = /* @__PURE__ */ new WeakMap();
  const unwrap = (connection) => inner.get(connection) ?? connection;
  const wrap = (connection) => {
    const wrapped = {
      executeQuery(query) {
        if (isReadOnlySql(query.sql)) return connection.executeQuery(query);
        return runNotingWrites(noteWrite, () => connection.executeQuery(query));
      },
      streamQuery(query, chunkSize) {
        if (isReadOnlySql(query.sql)) return connection.streamQuery(query, chunkSize);
        return (async function* () {
          noteWrite();
          try {
            yield* connection.streamQuery(query, chunkSize);
          } finally {
            noteWrite();
          }
        })();
      }
    };
    inner.set(wrapped, connection);
    return wrapped;
  };
  const savepoints = ["savepoint", "rollbackToSavepoint", "releaseSavepoint"];
  const wrapper = {
    init: () => driver.init(),
    acquireConnection: async () => wrap(await driver.acquireConnection()),
    beginTransaction: (connection, settings) => runNotingWrites(noteWrite, () => driver.beginTransaction(unwrap(connection), settings)),
    commitTransaction: (connection) => runNotingWrites(noteWrite, () => driver.commitTransaction(unwrap(connection))),
    rollbackTransaction: (connection) => runNotingWrites(noteWrite, () => driver.rollbackTransaction(unwrap(connection))),
    releaseConnection: (connection) => driver.releaseConnection(unwrap(connection)),
    destroy: () => driver.destroy()
  };
  for (const name of savepoints) {
    const method = driver[name]?.bind(driver);
    if (method)
      wrapper[name] = (connection, savepointName, compile) => runNotingWrites(noteWrite, () => method(unwrap(connection), savepointName, compile));
  }
  return wrapper;
}

// server/src/db/database.ts
pg.types.setTypeParser(20, (value) => Number(value));
pg.types.setTypeParser(1700, (value) => Number(value));
function openDatabase(options) {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on("error", options.onIdleConnectionError ?? ((err) => console.error("idle PostgreSQL connection failed:", err.message)));
    prepareRepeatedStatements(pool);
    const trust2 = createCacheTrust({ isListening: false });
    const dialect = noteWritesOf(new PostgresDialect({ pool }), trust2.noteWrite);
    const db2 = new Kysely({ dialect });
    registerCacheTrust(db2, trust2);
    return { db: db2, kind: "postgres", sqlitePath: null, pool, trust: trust2, close: () => db2.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlitePath = path.join(options.dataDir, "cartwise.sqlite");
  const sqlite = openSqliteConnection(sqlitePath);
  const statements = withStatementCache(sqlite);
  const trust = createCacheTrust({ isListening: true });
  const db = new Kysely({ dialect: noteWritesOf(new SqliteDialect({ database: statements }), trust.noteWrite) });
  registerCacheTrust(db, trust);
  idleReaders.set(db, (query) => {
    if (sqlite.inTransaction || !isReadOnlySql(query.sql)) return void 0;
    const statement = statements.prepare(query.sql);
    return statement.reader ? statement.all(query.parameters) : void 0;
  });
  const stopWatching = watchOtherConnections(sqlite, trust);
  const close = async () => {
    stopWatching();
    await db.destroy();
  };
  return { db, kind: "sqlite", sqlitePath, pool: null, trust, close };
}
function openSqliteConnection(sqlitePath) {
  const sqlite = new SQLite(sqlitePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  registerDeferredTotals(sqlite);
  return sqlite;
}
function registerDeferredTotals(sqlite) {
  let isDeferred = 0;
  sqlite.function("cartwise_deferred_totals", () => isDeferred);
  sqlite.function("cartwise_defer_totals", (on) => isDeferred = on === 1 || on === 1n ? 1 : 0);
}
function openSqliteKysely(sqlitePath) {
  return new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(openSqliteConnection(sqlitePath)) }) });
}
var SQLITE_DATA_VERSION_INTERVAL_MS = 250;
function watchOtherConnections(sqlite, trust) {
  const readDataVersion = sqlite.prepare("PRAGMA data_version").pluck();
  let seen = readDataVersion.get();
  const timer = setInterval(() => {
    if (!sqlite.open) return;
    const now = readDataVersion.get();
    if (now === seen) return;
    seen = now;
    trust.noteWrite();
  }, SQLITE_DATA_VERSION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
var idleReaders = /* @__PURE__ */ new WeakMap();
function readIfNoTransaction(db, query) {
  return idleReaders.get(db)?.(query);
}
var STATEMENT_CACHE_SIZE = 500;
function withStatementCache(sqlite) {
  const statements = /* @__PURE__ */ new Map();
  return {
    close: () => sqlite.close(),
    prepare(sql2) {
      const cached = statements.get(sql2);
      if (cached && !cached.busy) {
        statements.delete(sql2);
        statements.set(sql2, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql2);
      if (cached) return statement;
      statements.set(sql2, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value);
      return statement;
    }
  };
}

// packages/contracts/src/domain/gtin.ts
var GTIN_LENGTHS = /* @__PURE__ */ new Set([8, 12, 13, 14]);
function computeGtinCheckDigit(body) {
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - sum % 10) % 10;
}
function normalizeGtin(input) {
  const digits = input.trim().replace(/[\s-]/g, "");
  if (!/^\d+$/.test(digits)) return { isValid: false, reason: "A barcode has digits only" };
  if (!GTIN_LENGTHS.has(digits.length)) return { isValid: false, reason: "A barcode has 8, 12, 13 or 14 digits" };
  const expected = computeGtinCheckDigit(digits.slice(0, -1));
  if (expected !== Number(digits.at(-1))) return { isValid: false, reason: "The barcode check digit is wrong" };
  const padded = digits.padStart(14, "0");
  return { isValid: true, gtin: padded.startsWith("0") ? padded.slice(1) : padded };
}
function withGtinCheckDigit(body) {
  return `${body}${computeGtinCheckDigit(body)}`;
}

// packages/contracts/src/domain/sizes.ts
var TO_BASE = {
  g: { amount: 1, unit: "g" },
  kg: { amount: 1e3, unit: "g" },
  oz: { amount: 28.349523125, unit: "g" },
  lb: { amount: 453.59237, unit: "g" },
  ml: { amount: 1, unit: "ml" },
  l: { amount: 1e3, unit: "ml" },
  "fl oz": { amount: 29.5735295625, unit: "ml" },
  pt: { amount: 473.176473, unit: "ml" },
  qt: { amount: 946.352946, unit: "ml" },
  gal: { amount: 3785.411784, unit: "ml" },
  ct: { amount: 1, unit: "ct" }
};
var UNIT_ALIASES = [
  [/^(fl\.?\s?oz|floz)$/i, "fl oz"],
  [/^(kg|kgs|kilo|kilos)$/i, "kg"],
  [/^(g|gr|gm|gms|grams?)$/i, "g"],
  [/^(oz|ozs|ounces?)$/i, "oz"],
  [/^(lb|lbs|pounds?|#)$/i, "lb"],
  [/^(ml|mls)$/i, "ml"],
  [/^(l|lt|ltr|litres?|liters?)$/i, "l"],
  [/^(gal|gals|gallons?)$/i, "gal"],
  [/^(qt|qts|quarts?)$/i, "qt"],
  [/^(pt|pts|pints?)$/i, "pt"],
  [/^(ct|cts|count|pk|pack|pcs|pc|ea)$/i, "ct"],
  // Hebrew, as Israel's price-transparency files write sizes ("1 ליטר", "500 גרם", "100 מיליליטר").
  [/^(ק"ג|ק״ג|קג|קילו|קילוגרם)$/, "kg"],
  [/^(גרם|גר'|גר)$/, "g"],
  [/^(מ"ל|מ״ל|מל|מיליליטר|מיליליטרים)$/, "ml"],
  [/^(ליטר|ליטרים|ל')$/, "l"],
  [/^(יחידה|יחידות|יח'|יח)$/, "ct"]
];
var BARE_UNITS = [
  [/\b(GAL|GALLON)\b/i, { amount: 1, unit: "gal" }],
  [/\b(HALF\s?GAL|HG|1\/2\s?GAL)\b/i, { amount: 0.5, unit: "gal" }],
  [/\bDOZ(EN)?\b/i, { amount: 12, unit: "ct" }],
  [/\bQT\b/i, { amount: 1, unit: "qt" }],
  [/\bPT\b/i, { amount: 1, unit: "pt" }]
];
var SIZE_PATTERN = /(?<![A-Za-z0-9.])(\d+(?:[.,]\d+)?|\d+\/\d+)\s?(?:[x×]\s?(\d+(?:[.,]\d+)?)\s?)?(fl\.?\s?oz|floz|kgs?|kilos?|grams?|gms?|gr|g|ozs?|ounces?|lbs?|pounds?|mls?|ltr|lt|litres?|liters?|l|gals?|gallons?|qts?|quarts?|pts?|pints?|cts?|count|pk|pack|pcs|pc|ea|ק"ג|ק״ג|קג|קילוגרם|קילו|גרם|גר'|מ"ל|מ״ל|מיליליטרים|מיליליטר|ליטרים|ליטר|יחידות|יחידה|יח')(?![A-Za-z\u0590-\u05FF])/gi;
function toNumber(text) {
  if (text.includes("/")) {
    const [top = "0", bottom = "1"] = text.split("/");
    return Number(top) / Number(bottom);
  }
  return Number(text.replace(",", "."));
}
function normaliseUnit(text) {
  const compact = text.trim();
  for (const [pattern, unit] of UNIT_ALIASES) if (pattern.test(compact)) return unit;
  return null;
}
function parseSize(name) {
  let best = null;
  for (const match of name.matchAll(SIZE_PATTERN)) {
    const [, first = "", multiplier, unitText = ""] = match;
    const unit = normaliseUnit(unitText);
    if (!unit) continue;
    const count = toNumber(first);
    const amount = multiplier ? count * toNumber(multiplier) : count;
    if (!(amount > 0)) continue;
    if (!best || best.unit === "ct" && unit !== "ct") best = { amount, unit };
  }
  if (best) return best;
  for (const [pattern, size] of BARE_UNITS) if (pattern.test(name)) return { ...size };
  return null;
}
function convertToBaseUnit(size) {
  const factor = TO_BASE[size.unit];
  return { amount: Math.round(size.amount * factor.amount * 1e3) / 1e3, unit: factor.unit };
}

// server/src/db/ids.ts
import crypto from "node:crypto";
function createId() {
  return crypto.randomUUID();
}
var lastOrderedMs = 0;
var orderedSequence = 0;
function createOrderedId() {
  const now = Date.now();
  if (now > lastOrderedMs) {
    lastOrderedMs = now;
    orderedSequence = 0;
  } else if (++orderedSequence > 4095) {
    lastOrderedMs += 1;
    orderedSequence = 0;
  }
  const time = lastOrderedMs.toString(16).padStart(12, "0");
  const random = crypto.randomUUID();
  const sequence = orderedSequence.toString(16).padStart(3, "0");
  return `${time.slice(0, 8)}-${time.slice(8)}-7${sequence}${random.slice(18)}`;
}
function nowIso() {
  return (/* @__PURE__ */ new Date()).toISOString();
}
function toFlag(value) {
  return value ? 1 : 0;
}
function isFlagSet(value) {
  return value === true || value === 1;
}

// server/src/features/price-sources/bulk-rows.ts
import { CompiledQuery, PostgresAdapter, sql } from "kysely";
var INSERT_SLICE = 1e3;
var IN_SLICE = 900;
var texts = /* @__PURE__ */ new Map();
function isPostgres(db) {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
function insertText(table, columns, rows, postgres, suffix) {
  const key = `${table}|${columns.join(",")}|${rows}|${postgres}|${suffix}`;
  let text = texts.get(key);
  if (text) return text;
  const tuples = [];
  let n = 0;
  for (let r = 0; r < rows; r++) tuples.push(`(${columns.map(() => postgres ? `$${++n}` : "?").join(", ")})`);
  text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}${suffix}`;
  if (texts.size > 200) texts.clear();
  texts.set(key, text);
  return text;
}
var columnTypes = /* @__PURE__ */ new Map();
async function unnestText(db, table, columns, suffix) {
  const key = `${table}|${columns.join(",")}|unnest|${suffix}`;
  const known = texts.get(key);
  if (known) return known;
  let types = columnTypes.get(table);
  if (!types) {
    const { rows } = await sql`
      SELECT column_name, udt_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`.execute(
      db
    );
    types = new Map(rows.map((row) => [row.column_name, row.udt_name]));
    columnTypes.set(table, types);
  }
  const arrays = columns.map((column, i) => {
    const type = types.get(column);
    if (!type) throw new Error(`${table} has no column ${column}`);
    return `$${i + 1}::${type}[]`;
  });
  const text = `INSERT INTO ${table} (${columns.join(", ")}) SELECT * FROM unnest(${arrays.join(", ")})${suffix}`;
  texts.set(key, text);
  return text;
}
async function insertRows(db, table, columns, rows, suffix = "") {
  if (rows.length === 0) return;
  const postgres = isPostgres(db);
  if (postgres) {
    const arrays = columns.map((_, c) => rows.map((row) => row[c]));
    await db.executeQuery(CompiledQuery.raw(await unnestText(db, table, columns, suffix), arrays));
    return;
  }
  for (let start = 0; start < rows.length; start += INSERT_SLICE) {
    const slice = rows.slice(start, start + INSERT_SLICE);
    const parameters = [];
    for (const row of slice) for (const value of row) parameters.push(value);
    await db.executeQuery(CompiledQuery.raw(insertText(table, columns, slice.length, postgres, suffix), parameters));
  }
}
async function selectIn(values, query) {
  const out = [];
  for (let start = 0; start < values.length; start += IN_SLICE) out.push(...await query(values.slice(start, start + IN_SLICE)));
  return out;
}
async function insertPriceRows(db, columns, rows) {
  if (rows.length === 0) return;
  if (isPostgres(db)) return insertRows(db, "price_observations", columns, rows);
  const [store, product, day] = ["store_id", "product_id", "observed_on"].map((column) => columns.indexOf(column));
  const summaries = /* @__PURE__ */ new Map();
  const stores = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const storeId = row[store];
    const productId = row[product];
    const observedOn = row[day];
    const key = `${storeId}|${productId}`;
    const known = summaries.get(key);
    if (known) {
      known[2] += 1;
      if (observedOn > known[3]) known[3] = observedOn;
    } else summaries.set(key, [storeId, productId, 1, observedOn]);
    stores.set(storeId, (stores.get(storeId) ?? 0) + 1);
  }
  await db.executeQuery(CompiledQuery.raw("SELECT cartwise_defer_totals(1)"));
  try {
    await insertRows(db, "price_observations", columns, rows);
  } finally {
    await db.executeQuery(CompiledQuery.raw("SELECT cartwise_defer_totals(0)"));
  }
  await insertRows(
    db,
    "price_summaries",
    ["store_id", "product_id", "observation_count", "latest_observed_on"],
    [...summaries.values()],
    SUMMARY_UPSERT
  );
  await insertRows(db, "store_totals", ["store_id", "observation_count"], [...stores], STORE_TOTAL_UPSERT);
}
var SUMMARY_UPSERT = ` ON CONFLICT (store_id, product_id) DO UPDATE SET
  observation_count = price_summaries.observation_count + excluded.observation_count,
  latest_observed_on = MAX(price_summaries.latest_observed_on, excluded.latest_observed_on)`;
var STORE_TOTAL_UPSERT = ` ON CONFLICT (store_id) DO UPDATE SET observation_count = store_totals.observation_count + excluded.observation_count`;

// server/src/features/price-sources/feed-catalogue.ts
async function findOrCreateNamedChain(db, chainRef, chainName) {
  const named = await db.selectFrom("store_chains").select(["id", "source_ref"]).where((eb) => eb(eb.fn("lower", ["name"]), "=", chainName.toLowerCase())).executeTakeFirst();
  if (named) {
    if (named.source_ref === null)
      await db.updateTable("store_chains").set({ source_ref: chainRef }).where("id", "=", named.id).where("source_ref", "is", null).execute();
    return named.id;
  }
  const id = createId();
  await db.insertInto("store_chains").values({ id, name: chainName, source_ref: chainRef, created_at: nowIso() }).execute();
  return id;
}
var FeedCatalogue = class {
  stores = /* @__PURE__ */ new Map();
  chains = /* @__PURE__ */ new Map();
  products = /* @__PURE__ */ new Map();
  storesCreated = 0;
  productsCreated = 0;
  async resolveChain(db, chainRef, chainName) {
    const cached = this.chains.get(chainRef);
    if (cached) return cached;
    const existing = await db.selectFrom("store_chains").select("id").where("source_ref", "=", chainRef).executeTakeFirst();
    const id = existing?.id ?? await findOrCreateNamedChain(db, chainRef, chainName);
    this.chains.set(chainRef, id);
    return id;
  }
  /** The store of a feed record: a placeholder creates a missing store, a named one also updates its place. */
  async resolveStore(db, store) {
    const cached = this.stores.get(store.sourceRef);
    if (cached && store.isPlaceholder) return cached;
    const chainId = await this.resolveChain(db, store.chainRef, store.chainName);
    const existing = await db.selectFrom("store_locations").select("id").where("source_ref", "=", store.sourceRef).executeTakeFirst();
    const place = {
      name: store.name,
      chain_id: chainId,
      address: store.address ?? "",
      city: store.city ?? "",
      phone: store.phone ?? null,
      lat: store.lat ?? null,
      lon: store.lon ?? null,
      is_online: toFlag(store.isOnline),
      currency: store.currency
    };
    let id = existing?.id;
    if (!id) {
      id = createId();
      await db.insertInto("store_locations").values({ id, ...place, source_ref: store.sourceRef, is_public: 1, created_by: null, created_at: nowIso() }).execute();
      this.storesCreated += 1;
    } else if (!store.isPlaceholder) {
      await db.updateTable("store_locations").set(place).where("id", "=", id).execute();
    }
    const resolved = { id, chainId };
    this.stores.set(store.sourceRef, resolved);
    return resolved;
  }
  cachedStore(storeRef) {
    return this.stores.get(storeRef);
  }
  /**
   * The catalogue products of a batch of feed rows, in order: by GTIN, else by the chain's item code; the missing ones
   * made in multi-row inserts. One query per kind of key for the batch, none for keys this run has already seen.
   */
  async resolveProducts(db, wanted) {
    if (this.products.size > MAX_CACHED_PRODUCTS) this.products.clear();
    const keys = wanted.map(({ product, chainId }) => productKey(product, chainId));
    const missing = /* @__PURE__ */ new Map();
    for (const key of keys) if (!this.products.has(key.key) && !missing.has(key.key)) missing.set(key.key, key);
    if (missing.size > 0) await this.loadProducts(db, [...missing.values()]);
    return keys.map((key) => this.products.get(key.key));
  }
  async loadProducts(db, keys) {
    const barcodes = keys.flatMap((key) => key.barcode ? [key.barcode] : []);
    const found = await selectIn(
      barcodes,
      (slice) => db.selectFrom("products").select(["id", "barcode"]).where("barcode", "in", slice).where("owner_user_id", "is", null).execute()
    );
    for (const row of found) this.products.set(`g:${row.barcode}`, row.id);
    const codesByChain = /* @__PURE__ */ new Map();
    for (const key of keys) {
      if (key.barcode || !key.chainId || !key.code) continue;
      const codes = codesByChain.get(key.chainId);
      if (codes) codes.push(key.code);
      else codesByChain.set(key.chainId, [key.code]);
    }
    for (const [chainId, codes] of codesByChain) {
      const rows = await selectIn(
        codes,
        (slice) => db.selectFrom("product_codes").select(["code", "product_id"]).where("chain_id", "=", chainId).where("code", "in", slice).execute()
      );
      for (const row of rows) this.products.set(`c:${chainId}:${row.code}`, row.product_id);
    }
    const names = keys.flatMap((key) => key.key.startsWith("n:") ? [key.product.name.trim().toLowerCase()] : []);
    const named = await selectIn(
      [...new Set(names)],
      (slice) => db.selectFrom("products").select(["id", "name", "brand"]).where((eb) => eb(eb.fn("lower", ["name"]), "in", slice)).where("owner_user_id", "is", null).orderBy("created_at").orderBy("id").execute()
    );
    for (const row of named) {
      const key = toNameKey(row.name, row.brand);
      if (!this.products.has(key)) this.products.set(key, row.id);
    }
    const created = keys.filter((key) => !this.products.has(key.key));
    if (created.length === 0) return;
    const now = nowIso();
    const productRows = [];
    const codeRows = [];
    for (const key of created) {
      const id = createOrderedId();
      const { product } = key;
      const size = (product.sizeValue && product.sizeUnit ? parseSize(`${product.sizeValue} ${product.sizeUnit}`) : null) ?? (product.quantityText ? parseSize(product.quantityText) : null) ?? parseSize(product.name);
      productRows.push([
        id,
        product.name || key.code || key.barcode || "Unnamed product",
        product.brand ?? null,
        product.category ?? null,
        size?.amount ?? null,
        size?.unit ?? null,
        key.barcode,
        now
      ]);
      if (!key.barcode && key.chainId && key.code) codeRows.push([key.chainId, key.code, id]);
      this.products.set(key.key, id);
    }
    await insertRows(db, "products", PRODUCT_COLUMNS, productRows);
    if (codeRows.length > 0) await insertRows(db, "product_codes", ["chain_id", "code", "product_id"], codeRows);
    this.productsCreated += created.length;
  }
};
var PRODUCT_COLUMNS = ["id", "name", "brand", "category", "size_value", "size_unit", "barcode", "created_at"];
var MAX_CACHED_PRODUCTS = 3e5;
function toNameKey(name, brand) {
  return `n:${name.trim().toLowerCase()}|${brand?.trim().toLowerCase() ?? ""}`;
}
function productKey(product, chainId) {
  const gtin = product.gtin ? normalizeGtin(product.gtin) : null;
  const barcode = gtin?.isValid ? gtin.gtin : null;
  const code = product.internalCode?.trim() || null;
  const byName = product.canMatchByName && product.name.trim() ? toNameKey(product.name, product.brand) : null;
  const key = barcode ? `g:${barcode}` : code && chainId ? `c:${chainId}:${code}` : byName;
  if (!key) throw new Error(`A product "${product.name}" has neither a valid barcode nor an item code`);
  return { key, barcode, code, chainId, product };
}
function hasProductKey(product) {
  const gtin = product.gtin ? normalizeGtin(product.gtin) : null;
  if (gtin?.isValid || product.internalCode?.trim()) return true;
  return Boolean(product.canMatchByName && product.name.trim());
}

// server/src/features/price-sources/feed-file-undo.ts
import { setImmediate as yieldToEventLoop } from "node:timers/promises";

// server/src/features/price-sources/feed-writer.ts
function isKnownPrice(history, price) {
  const isSame = (row) => row.priceMinor === price.priceMinor && row.currency === price.currency;
  let at = history.length - 1;
  while (at >= 0 && history[at].observedOn > price.observedOn) at -= 1;
  for (let day = at; day >= 0 && history[day].observedOn === price.observedOn; day -= 1) if (isSame(history[day])) return true;
  return at >= 0 && isSame(history[at]);
}
function insertByDay(history, price) {
  let at = history.length;
  while (at > 0 && history[at - 1].observedOn > price.observedOn) at -= 1;
  history.splice(at, 0, price);
}
var PRICE_COLUMNS = [
  "id",
  "product_id",
  "store_id",
  "observed_on",
  "unit_price_cents",
  "size_value",
  "size_unit",
  "is_deal",
  "kind",
  "currency",
  "source",
  "source_id",
  "user_id",
  "created_at"
];
var PROMOTION_FIELDS = [
  "description",
  "min_quantity",
  "discounted_price_minor",
  "discount_rate",
  "min_purchase_minor",
  "is_club_only",
  "club_ids",
  "is_coupon",
  "valid_from",
  "valid_to",
  "currency",
  "source"
];
var PROMOTION_COLUMNS = ["id", "store_id", "source_promotion_id", ...PROMOTION_FIELDS, "updated_at"];
function signPromotion(fields, productIds) {
  return JSON.stringify([fields, [...productIds].sort()]);
}
function readPromotionSignature(signature) {
  const [fields, productIds] = JSON.parse(signature);
  return { values: Object.fromEntries(PROMOTION_FIELDS.map((field, i) => [field, fields[i]])), productIds };
}
var FeedFileWriter = class {
  constructor(catalogue, source) {
    this.catalogue = catalogue;
    this.source = source;
  }
  catalogue;
  source;
  pricesByStore = /* @__PURE__ */ new Map();
  promotions = /* @__PURE__ */ new Map();
  /** What the file changed beyond its new price rows, so a file that fails part-way can be undone. */
  changes = { createdPromotionIds: /* @__PURE__ */ new Set(), replacedPromotions: /* @__PURE__ */ new Map() };
  /** Writes a chunk; stores first, so the chunk's prices and promotions find them. */
  async writeChunk(db, records) {
    const prices = [];
    const promotions = [];
    for (const record of records) {
      if (record.type === "store") await this.catalogue.resolveStore(db, record.store);
      else if (record.type === "price") prices.push(record.price);
      else promotions.push(record.promotion);
    }
    const counts = prices.length > 0 ? await this.writePrices(db, prices) : { written: 0, unchanged: 0, productIds: [] };
    if (promotions.length > 0) counts.written += await this.writePromotions(db, promotions);
    return counts;
  }
  /** The stores whose prices this file compared (and may have written). */
  pricedStoreIds() {
    return [...this.pricesByStore.keys()];
  }
  storeOf(storeRef, what) {
    const store = this.catalogue.cachedStore(storeRef);
    if (!store) throw new Error(`${what} names store ${storeRef}, which the file never introduced`);
    return store;
  }
  /** The store's prices from this source, read once per file. */
  async pricesOf(db, storeId) {
    const known = this.pricesByStore.get(storeId);
    if (known) return known;
    const rows = await db.selectFrom("price_observations").select(["product_id", "kind", "unit_price_cents", "currency", "observed_on"]).where("store_id", "=", storeId).where("source", "=", this.source).orderBy("observed_on").execute();
    const prices = /* @__PURE__ */ new Map();
    for (const row of rows) {
      const key = `${row.product_id}|${row.kind ?? "regular"}`;
      const history = prices.get(key) ?? [];
      history.push({ priceMinor: row.unit_price_cents, currency: row.currency ?? null, observedOn: row.observed_on });
      prices.set(key, history);
    }
    this.pricesByStore.set(storeId, prices);
    return prices;
  }
  async writePrices(db, prices) {
    const stores = prices.map((price) => this.storeOf(price.storeRef, "A price"));
    const productIds = await this.catalogue.resolveProducts(
      db,
      prices.map((price, i) => ({ product: price.product, chainId: stores[i].chainId }))
    );
    const rows = [];
    let unchanged = 0;
    const now = nowIso();
    for (const [i, price] of prices.entries()) {
      const storeId = stores[i].id;
      const productId = productIds[i];
      const prices2 = await this.pricesOf(db, storeId);
      const key = `${productId}|${price.kind}`;
      const history = prices2.get(key) ?? [];
      const dated = { priceMinor: price.priceMinor, currency: price.currency, observedOn: price.observedOn };
      if (isKnownPrice(history, dated)) {
        unchanged += 1;
        continue;
      }
      insertByDay(history, dated);
      prices2.set(key, history);
      rows.push([
        createOrderedId(),
        productId,
        storeId,
        price.observedOn,
        price.priceMinor,
        null,
        null,
        toFlag(price.kind !== "regular"),
        price.kind,
        price.currency,
        this.source,
        price.storeRef,
        null,
        now
      ]);
    }
    await insertPriceRows(db, PRICE_COLUMNS, rows);
    return { written: rows.length, unchanged, productIds };
  }
  /** The store's promotions from earlier runs with their signatures, read once per file. */
  async promotionsOf(db, storeId) {
    const known = this.promotions.get(storeId);
    if (known) return known;
    const rows = await db.selectFrom("promotions").selectAll().where("store_id", "=", storeId).execute();
    const products = await selectIn(
      rows.map((row) => row.id),
      (ids) => db.selectFrom("promotion_products").select(["promotion_id", "product_id"]).where("promotion_id", "in", ids).execute()
    );
    const productsOf = /* @__PURE__ */ new Map();
    for (const row of products) {
      const ids = productsOf.get(row.promotion_id);
      if (ids) ids.push(row.product_id);
      else productsOf.set(row.promotion_id, [row.product_id]);
    }
    const map = /* @__PURE__ */ new Map();
    for (const row of rows) {
      const fields = PROMOTION_FIELDS.map((field) => row[field]);
      map.set(row.source_promotion_id, { id: row.id, signature: signPromotion(fields, productsOf.get(row.id) ?? []) });
    }
    this.promotions.set(storeId, map);
    return map;
  }
  /** Writes the new and changed promotions; returns how many. */
  async writePromotions(db, promotions) {
    const stores = promotions.map((promotion) => this.storeOf(promotion.storeRef, `Promotion ${promotion.promotionId}`));
    const wanted = promotions.flatMap(
      (promotion, i) => promotion.products.map((product) => ({
        product: { ...product, name: product.name || product.internalCode || product.gtin || "" },
        chainId: stores[i].chainId
      }))
    );
    const resolved = await this.catalogue.resolveProducts(db, wanted);
    const now = nowIso();
    const inserts = [];
    const productRows = [];
    const replaced = [];
    let next = 0;
    for (const [i, promotion] of promotions.entries()) {
      const storeId = stores[i].id;
      const productIds = [...new Set(resolved.slice(next, next + promotion.products.length))];
      next += promotion.products.length;
      const values = {
        description: promotion.description,
        min_quantity: promotion.minQuantity,
        discounted_price_minor: promotion.discountedPriceMinor,
        discount_rate: promotion.discountRate,
        min_purchase_minor: promotion.minPurchaseMinor,
        is_club_only: toFlag(promotion.isClubOnly),
        club_ids: JSON.stringify(promotion.clubIds ?? []),
        is_coupon: toFlag(promotion.isCoupon),
        valid_from: promotion.validFrom,
        valid_to: promotion.validTo,
        currency: promotion.currency,
        source: this.source
      };
      const fields = PROMOTION_FIELDS.map((field) => values[field]);
      const signature = signPromotion(fields, productIds);
      const known = await this.promotionsOf(db, storeId);
      const existing = known.get(promotion.promotionId);
      if (existing?.signature === signature) continue;
      const id = existing?.id ?? createOrderedId();
      known.set(promotion.promotionId, { id, signature });
      if (!existing) this.changes.createdPromotionIds.add(id);
      else if (!this.changes.createdPromotionIds.has(id) && !this.changes.replacedPromotions.has(id))
        this.changes.replacedPromotions.set(id, existing.signature);
      if (existing) {
        replaced.push(id);
        await db.updateTable("promotions").set({ ...values, updated_at: now }).where("id", "=", id).execute();
      } else {
        inserts.push([id, storeId, promotion.promotionId, ...fields, now]);
      }
      for (const productId of productIds) productRows.push([id, productId]);
    }
    for (let start = 0; start < replaced.length; start += 500)
      await db.deleteFrom("promotion_products").where("promotion_id", "in", replaced.slice(start, start + 500)).execute();
    await insertRows(db, "promotions", PROMOTION_COLUMNS, inserts);
    await insertRows(db, "promotion_products", ["promotion_id", "product_id"], productRows);
    return replaced.length + inserts.length;
  }
};

// server/src/features/price-sources/feed-file-undo.ts
var DELETE_SLICE = 2e3;
async function deletePriceRows(db, input) {
  for (const storeId of input.storeIds) {
    for (; ; ) {
      const result = await db.deleteFrom("price_observations").where(
        "id",
        "in",
        (eb) => eb.selectFrom("price_observations").select("id").where("store_id", "=", storeId).where("source", "=", input.source).where("created_at", ">=", input.since).limit(DELETE_SLICE)
      ).executeTakeFirst();
      await yieldToEventLoop();
      if (Number(result.numDeletedRows) < DELETE_SLICE) break;
    }
  }
}
async function deletePromotions(db, ids) {
  for (let start = 0; start < ids.length; start += IN_SLICE) {
    const slice = ids.slice(start, start + IN_SLICE);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("promotion_products").where("promotion_id", "in", slice).execute();
      await trx.deleteFrom("promotions").where("id", "in", slice).execute();
    });
    await yieldToEventLoop();
  }
}
async function restorePromotions(db, replaced) {
  for (const [id, signature] of replaced) {
    const { values, productIds } = readPromotionSignature(signature);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("promotions").set({ ...values, updated_at: nowIso() }).where("id", "=", id).execute();
      await trx.deleteFrom("promotion_products").where("promotion_id", "=", id).execute();
      await insertRows(
        trx,
        "promotion_products",
        ["promotion_id", "product_id"],
        productIds.map((productId) => [id, productId])
      );
    });
  }
}
async function undoFileWrites(db, input) {
  await deletePriceRows(db, input);
  await deletePromotions(db, [...input.changes.createdPromotionIds]);
  await restorePromotions(db, input.changes.replacedPromotions);
}

// server/src/features/price-sources/import-writes.ts
var ImportWriteSession = class {
  constructor(db, source) {
    this.db = db;
    this.source = source;
    this.writer = new FeedFileWriter(this.catalogue, source);
  }
  db;
  source;
  catalogue = new FeedCatalogue();
  writer;
  beginFile() {
    this.writer = new FeedFileWriter(this.catalogue, this.source);
  }
  writeChunk(records) {
    return this.db.transaction().execute((trx) => this.writer.writeChunk(trx, records));
  }
  async undoFile(since) {
    const { writer } = this;
    this.catalogue = new FeedCatalogue();
    this.writer = new FeedFileWriter(this.catalogue, this.source);
    await undoFileWrites(this.db, { source: this.source, since, storeIds: writer.pricedStoreIds(), changes: writer.changes });
  }
  async execute(query) {
    await this.db.executeQuery(query);
  }
};
function createInProcessWrites(db, source) {
  const session = new ImportWriteSession(db, source);
  return {
    beginFile: () => session.beginFile(),
    writeChunk: (records) => session.writeChunk(records),
    undoFile: (since) => session.undoFile(since),
    execute: (query) => session.execute(query),
    close: () => Promise.resolve()
  };
}
var WriteThreadError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "WriteThreadError";
  }
};

export {
  getCacheTrust,
  openDatabase,
  openSqliteKysely,
  readIfNoTransaction,
  normalizeGtin,
  withGtinCheckDigit,
  normaliseUnit,
  parseSize,
  convertToBaseUnit,
  createId,
  nowIso,
  toFlag,
  isFlagSet,
  hasProductKey,
  ImportWriteSession,
  createInProcessWrites,
  WriteThreadError
};
//# sourceMappingURL=chunk-X7D22WI6.js.map
