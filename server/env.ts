/**
 * Environment of the API process (README "Configuration"). Parsed once, validated with zod, so a typo in
 * a number fails at start instead of at the first request.
 */
import path from 'node:path';
import { z } from 'zod';
import { parseAddressList } from './lib/address-list';
import { parseEnv } from '../lib/validation/env';

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Deadlines of every call that leaves the process (issue 29): a part that hangs must cost a request a
 * bounded wait and an answer (503), never a socket held open; and the retry delays of queued mail.
 * Milliseconds; README "Configuration".
 */
export type Timeouts = {
  /** PostgreSQL: opening a connection, and waiting for a free pool client (pg's connectionTimeoutMillis) */
  dbConnectMs: number;
  /** PostgreSQL's statement_timeout: the server cancels a statement (a lock wait included) after this */
  dbStatementMs: number;
  /** client-side deadline for a statement's answer (a hung network or server); the connection is dropped */
  dbQueryMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a session left inside a transaction is ended (rolled back) */
  dbIdleInTransactionMs: number;
  /** Redis: connecting (and reconnecting) */
  redisConnectMs: number;
  /** Redis: answer to one command (publish); a late one fails and the caller goes on without Redis */
  redisCommandMs: number;
  /** S3: connecting, each silence on the socket, and each call but a download's body */
  s3Ms: number;
  /** SMTP: TCP connect */
  smtpConnectMs: number;
  /** SMTP: the server's 220 greeting after connecting */
  smtpGreetingMs: number;
  /** SMTP: inactivity on an open SMTP connection */
  smtpSocketMs: number;
  /** mail queue: first retry of a mail SMTP did not take; doubles per attempt up to mailRetryMaxMs */
  mailRetryMinMs: number;
  mailRetryMaxMs: number;
};

export const DEFAULT_TIMEOUTS: Timeouts = {
  dbConnectMs: 3_000,
  dbStatementMs: 5_000,
  dbQueryMs: 6_000,
  dbIdleInTransactionMs: 10_000,
  redisConnectMs: 2_000,
  redisCommandMs: 1_000,
  s3Ms: 5_000,
  smtpConnectMs: 5_000,
  smtpGreetingMs: 5_000,
  smtpSocketMs: 15_000,
  mailRetryMinMs: 30_000,
  mailRetryMaxMs: 900_000,
};

const ms = (dflt: number) => z.coerce.number().int().min(1).max(600_000).default(dflt);

const envSchema = z.object({
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  API_HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().optional(),
  STOREFRONT_ORIGINS: z.string().optional(),
  PUBLIC_SITE_URL: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ALLOWLIST: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // '' = unset (a spawner that clears the variable)
  SEED_DEMO: z.enum(['true', 'false', '1', '0', '']).optional(),
  // access token lifetime (ADR 0005; default 900 s = 15 min): read by server/auth, checked here at start
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(5).max(86_400).optional(),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
  // off unless set: several APIs on one host (tests, e2e, instances) must not fight over one port
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  METRICS_HOST: z.string().default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16).optional(),
  DB_CONNECT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbConnectMs),
  DB_STATEMENT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbStatementMs),
  DB_QUERY_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbQueryMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.dbIdleInTransactionMs),
  REDIS_CONNECT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.redisConnectMs),
  REDIS_COMMAND_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.redisCommandMs),
  S3_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.s3Ms),
  SMTP_CONNECT_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.smtpConnectMs),
  SMTP_GREETING_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.smtpGreetingMs),
  SMTP_SOCKET_TIMEOUT_MS: ms(DEFAULT_TIMEOUTS.smtpSocketMs),
  MAIL_RETRY_MIN_MS: z.coerce.number().int().min(100).max(86_400_000).default(DEFAULT_TIMEOUTS.mailRetryMinMs),
  MAIL_RETRY_MAX_MS: z.coerce.number().int().min(100).max(86_400_000).default(DEFAULT_TIMEOUTS.mailRetryMaxMs),
  NODE_ENV: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().optional(),
  REVALIDATE_SECRET: z.string().optional(),
  // blob storage in an S3-compatible bucket instead of $DATA_DIR (server/storage)
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional().or(z.literal('')),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).optional(),
  // periodic jobs (server/scheduler): off only for processes that must not run them (a read-only replica)
  SCHEDULER: z.enum(['true', 'false', '1', '0', '']).optional(),
});

export type ApiEnv = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  corsOrigins: string[];
  rateLimitMax: number;
  /** addresses / CIDRs exempt from the global limit (never from the auth routes' own limits) */
  rateLimitAllowList: string[];
  /** reverse proxies whose X-Forwarded-For is believed (addresses / CIDRs, or `loopback`) */
  trustedProxies: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** NODE_ENV=production */
  production: boolean;
  /**
   * A demo instance: seed the demo catalogue and accounts into an empty database at start, and accept
   * accounts with the demo password in production. Default only for the embedded database outside
   * production (`npm start`); with DATABASE_URL or NODE_ENV=production only when SEED_DEMO=true.
   */
  seedDemo: boolean;
  /** 0 disables the in-memory catalogue response cache */
  catalogueCacheTtlMs: number;
  /** serve /docs (OpenAPI UI and JSON); opt-in, `npm run dev` turns it on */
  apiDocs: boolean;
  /** Prometheus /metrics on its own listener (0 = off); loopback unless METRICS_HOST says otherwise */
  metrics: { port: number; host: string; token?: string };
  /** shared by every API host: socket.io rooms, catalogue-cache invalidation, rate limits and login throttles */
  redisUrl?: string;
  /** blob storage: an S3-compatible bucket when S3_BUCKET is set, else files under dataDir */
  s3?: { bucket: string; endpoint?: string; region: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean };
  /** run the periodic jobs (server/scheduler); default on */
  scheduler: boolean;
  timeouts: Timeouts;
};

/**
 * Nothing is exempt by address: behind a reverse proxy on the same host every client would be loopback.
 * The storefront's server is recognised by its key header instead (server/plugins/rate-limit.ts).
 */
export const DEFAULT_ALLOWLIST: string[] = [];
/** A proxy on the same host (nginx in deploy/) is believed by default; nothing else is. */
export const DEFAULT_TRUSTED_PROXIES = ['loopback'];

/**
 * TRUST_PROXY: the proxies' addresses or CIDRs (`loopback` = 127.0.0.0/8 and ::1), `false` for none.
 * `true` used to mean "loopback and every private network", which let any host on such a network claim
 * any address in X-Forwarded-For; it is refused rather than guessed.
 */
function parseTrustedProxies(value: string | undefined): string[] {
  if (value === undefined) return DEFAULT_TRUSTED_PROXIES;
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'none') return [];
  if (v === 'true' || v === '1') {
    throw new Error('TRUST_PROXY=true ya no se acepta: indicá las direcciones de los proxies (p. ej. TRUST_PROXY=10.0.0.2 o loopback)');
  }
  return parseAddressList(value, 'TRUST_PROXY', ['loopback']);
}

/** Origins in STOREFRONT_ORIGINS (default http://localhost:3000) plus PUBLIC_SITE_URL's origin. */
export function corsOriginsFrom(env: { STOREFRONT_ORIGINS?: string; PUBLIC_SITE_URL?: string }): string[] {
  const origins = env.STOREFRONT_ORIGINS ? list(env.STOREFRONT_ORIGINS) : ['http://localhost:3000'];
  if (env.PUBLIC_SITE_URL) {
    try {
      origins.push(new URL(env.PUBLIC_SITE_URL).origin);
    } catch {
      // not a URL: ignore rather than open CORS to something unexpected
    }
  }
  return [...new Set(origins.map((o) => o.replace(/\/+$/, '')))];
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
  const e = parseEnv(envSchema, source, 'de la API');
  const truthy = (v: string | undefined, dflt: boolean) => (v === undefined ? dflt : v === 'true' || v === '1');
  const production = e.NODE_ENV === 'production';
  const databaseUrl = e.DATABASE_URL || undefined;
  return {
    port: e.API_PORT,
    host: e.API_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl,
    corsOrigins: corsOriginsFrom(e),
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimitAllowList:
      e.RATE_LIMIT_ALLOWLIST !== undefined ? parseAddressList(e.RATE_LIMIT_ALLOWLIST, 'RATE_LIMIT_ALLOWLIST') : DEFAULT_ALLOWLIST,
    trustedProxies: parseTrustedProxies(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    production,
    seedDemo: truthy(e.SEED_DEMO || undefined, !databaseUrl && !production),
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    apiDocs: truthy(e.API_DOCS, false),
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN || undefined },
    redisUrl: e.REDIS_URL || undefined,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION || 'us-east-1',
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: truthy(e.S3_FORCE_PATH_STYLE || undefined, false),
        }
      : undefined,
    scheduler: truthy(e.SCHEDULER || undefined, true),
    timeouts: {
      dbConnectMs: e.DB_CONNECT_TIMEOUT_MS,
      dbStatementMs: e.DB_STATEMENT_TIMEOUT_MS,
      dbQueryMs: e.DB_QUERY_TIMEOUT_MS,
      dbIdleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      redisConnectMs: e.REDIS_CONNECT_TIMEOUT_MS,
      redisCommandMs: e.REDIS_COMMAND_TIMEOUT_MS,
      s3Ms: e.S3_TIMEOUT_MS,
      smtpConnectMs: e.SMTP_CONNECT_TIMEOUT_MS,
      smtpGreetingMs: e.SMTP_GREETING_TIMEOUT_MS,
      smtpSocketMs: e.SMTP_SOCKET_TIMEOUT_MS,
      mailRetryMinMs: e.MAIL_RETRY_MIN_MS,
      mailRetryMaxMs: Math.max(e.MAIL_RETRY_MAX_MS, e.MAIL_RETRY_MIN_MS),
    },
  };
}

/**
 * Secrets every host must share. Without them each host generates its own file in its DATA_DIR, and a session
 * made on one host fails on the next (issue 21): with DATABASE_URL (the multi-host setup) they must be given.
 * Returns the message to refuse the start with, or null.
 */
export function missingSharedSecrets(source: NodeJS.ProcessEnv = process.env): string | null {
  if (!source.DATABASE_URL) return null;
  const missing = ['JWT_SECRET', 'REVALIDATE_SECRET'].filter((name) => !source[name]?.trim());
  if (missing.length === 0) return null;
  return (
    `Con DATABASE_URL hay que definir ${missing.join(' y ')}: el mismo valor en cada host de la API ` +
    `(y REVALIDATE_SECRET también en cada tienda). Sin ${missing.length > 1 ? 'ellos' : 'él'}, cada host generaría su propio secreto ` +
    `y una sesión abierta en uno fallaría en otro. Generá uno con: openssl rand -base64 32`
  );
}
